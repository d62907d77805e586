import { redirect } from "react-router";
import { cookieHeaders, safeRedirect } from "../../lib/auth-response.server";
import type { Route } from "./+types/logout";

/** Signs out of this site; a page may name where to go next (the invitation page does). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const to = safeRedirect(String(form?.get("redirectTo") ?? ""), "/");
  if (!context.user) throw redirect(to);
  const res = await context.services.auth.signOut();
  throw redirect(to, { headers: cookieHeaders(res) });
}

export function loader() {
  throw redirect("/");
}
