// How the automation actions use their arguments, as plain values: the address `{{email}}` stands
// for, the message send_email writes, the body a webhook receives, where redirect_user sends a
// member. The engine does the writes; these decide what is written.
import { mergeTokens, type MergeValues } from "./campaign-merge";
import { DEFAULT_SUBJECT } from "./automations";
import { htmlToText } from "./html-text";

/** The person a run is about. */
export type RunPerson = { userId: string | null; email: string | null };

/** An action's address argument: `{{email}}` is the person's; null when the run has no address. */
export function addressOf(arg: string, person: RunPerson): string | null {
  const value = arg.trim() === "{{email}}" ? person.email : arg.trim();
  return value ? value.toLowerCase() : null;
}

/** The merge values of a message about a person: the campaign tokens, plus `{{email}}`. */
export function personValues(
  person: RunPerson,
  contact: { email: string; name: string; fields: Record<string, unknown> } | null,
  site: { name: string },
): MergeValues {
  const name = contact?.name.trim() ?? "";
  return {
    email: person.email ?? contact?.email ?? "",
    contact: {
      name,
      email: contact?.email ?? person.email ?? "",
      first_name: name.split(/\s+/)[0] ?? "",
      fields: contact?.fields ?? {},
    },
    site: { name: site.name },
    unsubscribe_url: "",
  };
}

/** send_email's message: the template's tokens filled, the subject "New mail" when none is given. */
export function automationMessage(
  args: { email_template: string; subject?: string },
  values: MergeValues,
): { subject: string; html: string; text: string } {
  const subject = mergeTokens(args.subject?.trim() || DEFAULT_SUBJECT, values, "text").trim() || DEFAULT_SUBJECT;
  const html = mergeTokens(args.email_template, values, "html");
  return { subject, html, text: htmlToText(html, { lines: true }) };
}

/**
 * Where redirect_user sends the member: a page of the site stays site-relative, an absolute
 * http(s) address stays as it is; anything else (a scheme-relative or script URL) is refused.
 */
export function redirectTarget(url: string): string | null {
  const v = url.trim();
  if (v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\")) return v;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The JSON a trigger_webhook receiver gets. */
export function webhookPayload(input: {
  runId: string;
  automation: { id: string; name: string };
  trigger: string;
  payload: Record<string, unknown>;
  person: RunPerson;
  sentAt: Date;
}) {
  return {
    id: input.runId,
    automation: { id: input.automation.id, name: input.automation.name },
    trigger: input.trigger,
    event: input.payload,
    person: { userId: input.person.userId, email: input.person.email },
    sent_at: input.sentAt.toISOString(),
  };
}
