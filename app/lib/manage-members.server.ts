// The member-management screens' server side: only the site's managers (owner or manage_options)
// see them, anyone else a 404 as if they did not exist. Errors from the services come back as a
// translation key for the person to read, tied to a field where there is one.
import type { AppLoadContext } from "react-router";

export function requireMemberManager(context: AppLoadContext) {
  if (!context.user || !context.services.manageMembers.allowed()) throw new Response("Not found", { status: 404 });
}

export type MemberActionResult =
  | { ok: true; intent: string; id?: string }
  | { ok: false; intent: string; id?: string; error: string; field?: string };

type ErrorLike = { code?: string; details?: unknown };

const REASONS: Record<string, string> = {
  owner_role: "users.errors.ownerRole",
  self_demote: "users.errors.selfDemote",
  owner_remove: "users.errors.ownerRemove",
  self_remove: "users.errors.selfRemove",
  already_member: "users.errors.alreadyMember",
  already_invited: "users.errors.alreadyInvited",
};

/** The translation key (and field) for an error a member-management call threw; rethrows the unknown. */
export function memberErrorKey(err: unknown): { error: string; field?: string } {
  const e = err as ErrorLike;
  const details = e?.details;
  const list = Array.isArray(details) ? (details as { field?: string; reason?: string }[]) : [];
  const reason = (details && !Array.isArray(details) ? (details as { reason?: string }).reason : list[0]?.reason) ?? "";
  if (REASONS[reason]) return { error: REASONS[reason], field: list[0]?.field };
  switch (e?.code) {
    case "not_found":
      return { error: "users.errors.notFound" };
    case "forbidden":
      return { error: "users.errors.forbidden" };
    case "validation_failed": {
      const field = list[0]?.field;
      if (field === "email") return { error: "errors.invalidEmail", field };
      if (field === "role") return { error: "users.errors.role", field };
      if (field === "name") return { error: "users.errors.nameLength", field };
      return { error: "users.errors.nameLength", field: field ?? "name" };
    }
    default:
      throw err;
  }
}

/** Runs one management call and answers what the screen shows: ok, or the error's key. */
export async function memberAction(
  intent: string,
  id: string | undefined,
  run: () => Promise<unknown>,
): Promise<MemberActionResult> {
  try {
    await run();
    return { ok: true, intent, id };
  } catch (err) {
    return { ok: false, intent, id, ...memberErrorKey(err) };
  }
}
