// The editor's view of the automation catalogue: triggers grouped by area for the "When" select, and
// the blank arguments a newly added condition or action starts from.
import type { ActionKey, AutomationTrigger, ConditionKey } from "../../../core/automations";

export const TRIGGER_GROUPS: { group: string; triggers: AutomationTrigger[] }[] = [
  {
    group: "learning",
    triggers: [
      "course_subscribed",
      "course_completed",
      "lesson_completed",
      "drip_lesson_available",
      "new_course_published",
      "course_wishlisted",
    ],
  },
  {
    group: "shop",
    triggers: [
      "payment_success",
      "cart_abandoned",
      "subscription_started",
      "subscription_ended",
      "membership_subscribed",
      "membership_ended",
      "course_on_sale",
    ],
  },
  { group: "audience", triggers: ["user_registered", "form_submitted", "tag_added", "email_opened", "link_clicked"] },
  { group: "content", triggers: ["new_post_published"] },
  { group: "other", triggers: ["time_delay", "manual"] },
];

export const CONDITION_DEFAULTS: Record<ConditionKey, Record<string, unknown>> = {
  user_has_tag: { tag: "" },
  course_progress_percent: { operator: "gte", percent: 100 },
  subscription_status: { status: "active" },
  form_id_equals: { form_id: "" },
  course_id_equals: { course_id: "" },
  membership_level: { membership_id: "" },
  email_open_count: { operator: "gte", count: 1 },
  custom_field_match: { field: "", value: "" },
  user_role: { role_id: "" },
  time_of_day: { from: 540, to: 1020 },
  day_of_week: { days: [1, 2, 3, 4, 5] },
};

export const ACTION_DEFAULTS: Record<ActionKey, Record<string, unknown>> = {
  send_email: { email: "{{email}}", email_template: "" },
  emailList: { list_id: "", email: "{{email}}" },
  send_emails: { list_id: "", email_template: "" },
  add_tag: { tag: "" },
  remove_tag: { tag: "" },
  enroll_course: { course_id: "" },
  unenroll_course: { course_id: "" },
  grant_membership: { membership_id: "" },
  revoke_membership: { membership_id: "" },
  trigger_webhook: { url: "" },
  redirect_user: { url: "" },
  update_user_field: { field: "", value: "" },
};

/** Units of time_delay's delay, in minutes. */
export const DELAY_UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

/** The largest unit that divides the delay evenly, for showing a saved delay. */
export function delayParts(minutes: number): { amount: number; unit: DelayUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { amount: minutes / 1440, unit: "days" };
  if (minutes > 0 && minutes % 60 === 0) return { amount: minutes / 60, unit: "hours" };
  return { amount: minutes, unit: "minutes" };
}

/** "HH:MM" for minutes since midnight, and back (null for a malformed time). */
export const toClock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
export function fromClock(s: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** The time zones this browser knows, for the optional zone of time conditions. */
export function timeZones(): string[] {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
}
