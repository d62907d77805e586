import { redirect } from "react-router";
import { cookieHeaders } from "../../lib/auth-response.server";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  if (!context.user) throw redirect("/");
  const res = await context.services.auth.signOut();
  throw redirect("/", { headers: cookieHeaders(res) });
}

export function loader() {
  throw redirect("/");
}
