// The member-management screens' server side: only the site's managers (owner or manage_options)
// see them, anyone else a 404 as if they did not exist. Errors from the services come back as a
// translation key for the person to read, tied to a field where there is one.
import type { AppLoadContext } from "react-router";
import { type ActionError, asRefusal, refused } from "./action-result";

export function requireMemberManager(context: AppLoadContext) {
  if (!context.user || !context.services.manageMembers.allowed()) throw new Response("Not found", { status: 404 });
}

/** What the screens read: ok, or the refusal's one error shape with the key of its message (and field). */
export type MemberActionResult =
  | { ok: true; intent: string; id?: string }
  | { ok: false; intent: string; id?: string; error: ActionError; messageKey: string; field?: string };

type ErrorLike = { code?: string; details?: unknown };

const REASONS: Record<string, string> = {
  owner_role: "users.errors.ownerRole",
  self_demote: "users.errors.selfDemote",
  owner_remove: "users.errors.ownerRemove",
  self_remove: "users.errors.selfRemove",
  already_member: "users.errors.alreadyMember",
  already_invited: "users.errors.alreadyInvited",
};

/** The translation key (and field) for an error a member-management call threw. */
export function memberErrorKey(err: unknown): { messageKey: string; field?: string } {
  const e = err as ErrorLike;
  const details = e?.details;
  const list = Array.isArray(details) ? (details as { field?: string; reason?: string }[]) : [];
  const reason = (details && !Array.isArray(details) ? (details as { reason?: string }).reason : list[0]?.reason) ?? "";
  if (REASONS[reason]) return { messageKey: REASONS[reason], field: list[0]?.field };
  switch (e?.code) {
    // A malformed id names no member of this site either.
    case "not_found":
    case "bad_request":
      return { messageKey: "users.errors.notFound" };
    case "forbidden":
      return { messageKey: "users.errors.forbidden" };
    case "validation_failed": {
      const field = list[0]?.field;
      if (field === "email") return { messageKey: "errors.invalidEmail", field };
      if (field === "role") return { messageKey: "users.errors.role", field };
      if (field === "name") return { messageKey: "users.errors.nameLength", field };
      return { messageKey: "users.errors.nameLength", field: field ?? "name" };
    }
    default:
      return { messageKey: "errors.generic" };
  }
}

/** A refusal of a member-management call, answered with its status; anything else is thrown on. */
export function memberRefusal(err: unknown, intent: string, id?: string) {
  return asRefusal(err, { ok: false as const, intent, id, ...memberErrorKey(err) });
}

/** Runs one management call and answers what the screen shows: ok, or the refusal with its status. */
export async function memberAction(intent: string, id: string | undefined, run: () => Promise<unknown>) {
  try {
    await run();
    return { ok: true as const, intent, id };
  } catch (err) {
    return memberRefusal(err, intent, id);
  }
}

/** A form without an intent the member screens know. */
export const unknownMemberIntent = (intent: string) =>
  refused(
    { code: "bad_request", message: "Unknown or missing intent", status: 400 },
    { ok: false as const, intent, messageKey: "errors.generic" },
  );
