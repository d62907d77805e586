// Automations (spec §3, §5, §9): when a trigger happens, and only if every condition holds, run the
// actions. This module is the shared definition: the 21 triggers, the 11 conditions and the 12
// actions with the arguments each needs, the check of a whole automation (server and editor show
// the same per-argument errors), and the evaluation of conditions over facts the server has loaded.
// Plain values in, plain values out.
import { z } from "zod";
import { isValidEmail } from "./email-rule";

export const AUTOMATION_TRIGGERS = [
  "form_submitted",
  "user_registered",
  "course_subscribed",
  "course_completed",
  "lesson_completed",
  "drip_lesson_available",
  "tag_added",
  "email_opened",
  "link_clicked",
  "subscription_started",
  "subscription_ended",
  "payment_success",
  "cart_abandoned",
  "time_delay",
  "membership_subscribed",
  "membership_ended",
  "new_post_published",
  "new_course_published",
  "course_wishlisted",
  "course_on_sale",
  "manual",
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

/** Triggers that are domain events of the outbox (the other two are run by the engine itself). */
export const EVENT_TRIGGERS = AUTOMATION_TRIGGERS.filter(
  (t): t is Exclude<AutomationTrigger, "time_delay" | "manual"> => t !== "time_delay" && t !== "manual",
);
export type EventTrigger = (typeof EVENT_TRIGGERS)[number];

export const CONDITION_KEYS = [
  "user_has_tag",
  "course_progress_percent",
  "subscription_status",
  "form_id_equals",
  "course_id_equals",
  "membership_level",
  "email_open_count",
  "custom_field_match",
  "user_role",
  "time_of_day",
  "day_of_week",
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

export const ACTION_KEYS = [
  "send_email",
  "emailList",
  "send_emails",
  "add_tag",
  "remove_tag",
  "enroll_course",
  "unenroll_course",
  "grant_membership",
  "revoke_membership",
  "trigger_webhook",
  "redirect_user",
  "update_user_field",
] as const;
export type ActionKey = (typeof ACTION_KEYS)[number];

/** The subject of send_email and send_emails when the owner gives none (spec §5). */
export const DEFAULT_SUBJECT = "New mail";
/** The longest time_delay: a year, in minutes. */
export const MAX_DELAY_MINUTES = 525_600;
export const MAX_CONDITIONS = 20;
export const MAX_ACTIONS = 20;

const MINUTES_PER_DAY = 1440;
const COMPARISONS = ["gte", "lte", "eq"] as const;
export type Comparison = (typeof COMPARISONS)[number];

// Every message is an error key the screens translate (`automations.errors.<key>`).
const required = { error: "required" };
const text = (max: number) => z.string(required).trim().min(1, "required").max(max, "too_long");
const id = z.string(required).uuid("invalid_id");
const email = z
  .string(required)
  .trim()
  .min(1, "required")
  // An address, or the merge token of the person the event is about.
  .refine((v) => v === "{{email}}" || isValidEmail(v), "invalid_email");
const url = z
  .string(required)
  .trim()
  .min(1, "required")
  .max(2000, "too_long")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "invalid_url");
/** A page of the site ("/thank-you") or an absolute http(s) address. */
const destination = z
  .string(required)
  .trim()
  .min(1, "required")
  .max(2000, "too_long")
  .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || url.safeParse(v).success, "invalid_url");
const minutes = z
  .number(required)
  .int("invalid_number")
  .min(0, "out_of_range")
  .max(MINUTES_PER_DAY - 1, "out_of_range");
const fieldKey = z
  .string(required)
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, "invalid_field");
const template = z.string(required).trim().min(1, "required").max(200_000, "too_long");
const subject = z.string().trim().max(200, "too_long").optional();

export const CONDITION_ARGS = {
  user_has_tag: z.object({ tag: text(100) }),
  /** The course is the event's when none is named. */
  course_progress_percent: z.object({
    course_id: id.optional(),
    operator: z.enum(COMPARISONS, "required"),
    percent: z.number(required).int("invalid_number").min(0, "out_of_range").max(100, "out_of_range"),
  }),
  subscription_status: z.object({ status: z.enum(["active", "inactive"], "required") }),
  form_id_equals: z.object({ form_id: id }),
  course_id_equals: z.object({ course_id: id }),
  membership_level: z.object({ membership_id: id }),
  email_open_count: z.object({
    operator: z.enum(COMPARISONS, "required"),
    count: z.number(required).int("invalid_number").min(0, "out_of_range").max(1_000_000, "out_of_range"),
  }),
  custom_field_match: z.object({ field: fieldKey, value: z.string(required).trim().max(500, "too_long") }),
  user_role: z.object({ role_id: text(100) }),
  /** Minutes since midnight in the time zone; a window whose end is before its start wraps midnight. */
  time_of_day: z.object({ from: minutes, to: minutes, timezone: z.string().optional() }),
  /** 1 = Monday … 7 = Sunday (spec §9). */
  day_of_week: z.object({
    days: z.array(z.number().int("invalid_number").min(1, "out_of_range").max(7, "out_of_range")).min(1, "required"),
    timezone: z.string().optional(),
  }),
} satisfies Record<ConditionKey, z.ZodType>;

export const ACTION_ARGS = {
  send_email: z.object({ email, email_template: template, subject }),
  emailList: z.object({ list_id: id, email }),
  send_emails: z.object({ list_id: id, email_template: template, subject }),
  add_tag: z.object({ tag: text(100) }),
  remove_tag: z.object({ tag: text(100) }),
  enroll_course: z.object({ course_id: id }),
  unenroll_course: z.object({ course_id: id }),
  grant_membership: z.object({ membership_id: id }),
  revoke_membership: z.object({ membership_id: id }),
  trigger_webhook: z.object({ url }),
  redirect_user: z.object({ url: destination }),
  update_user_field: z.object({ field: fieldKey, value: z.string(required).trim().max(500, "too_long") }),
} satisfies Record<ActionKey, z.ZodType>;

export const TRIGGER_ARGS = {
  /** Runs `delay_minutes` after each `after` event. */
  time_delay: z.object({
    after: z.enum(EVENT_TRIGGERS, "required"),
    delay_minutes: z
      .number(required)
      .int("invalid_number")
      .min(1, "out_of_range")
      .max(MAX_DELAY_MINUTES, "out_of_range"),
  }),
} as const;

export type ConditionArgs<K extends ConditionKey> = z.infer<(typeof CONDITION_ARGS)[K]>;
export type ActionArgs<K extends ActionKey> = z.infer<(typeof ACTION_ARGS)[K]>;
export type Condition = { [K in ConditionKey]: { key: K; args: ConditionArgs<K> } }[ConditionKey];
export type Action = { [K in ActionKey]: { key: K; args: ActionArgs<K> } }[ActionKey];
export type TimeDelayArgs = z.infer<typeof TRIGGER_ARGS.time_delay>;

/** An automation as the owner defines it (spec §3: trigger_type, conditions and actions with key and args). */
export type AutomationDefinition = {
  name: string;
  trigger: AutomationTrigger;
  /** Only time_delay has arguments; null otherwise. */
  triggerArgs: TimeDelayArgs | null;
  conditions: Condition[];
  actions: Action[];
};

/** A refusal: the path of the offending value ("actions.1.args.email_template") and its error key. */
export type AutomationIssue = { path: string; error: string };

const issuesOf = (prefix: string, err: z.ZodError): AutomationIssue[] =>
  err.issues.map((i) => ({
    path: [prefix, ...i.path.map(String)].filter(Boolean).join("."),
    // Our schemas' messages are error keys; anything else (zod's own wording) is a plain "invalid".
    error: /^[a-z_]+$/.test(i.message) ? i.message : "invalid",
  }));

/**
 * Checks an automation as sent by the editor or the API. Returns the cleaned definition (trimmed
 * strings, unknown argument keys dropped), or every problem with its path.
 */
export function checkAutomation(
  input: unknown,
): { ok: true; value: AutomationDefinition } | { ok: false; issues: AutomationIssue[] } {
  const issues: AutomationIssue[] = [];
  const src = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const name = text(200).safeParse(src.name);
  if (!name.success) issues.push(...issuesOf("name", name.error));
  const trigger = z.enum(AUTOMATION_TRIGGERS).safeParse(src.trigger);
  if (!trigger.success) issues.push({ path: "trigger", error: src.trigger == null ? "required" : "unknown_trigger" });
  let triggerArgs: TimeDelayArgs | null = null;
  if (trigger.success && trigger.data === "time_delay") {
    const parsed = TRIGGER_ARGS.time_delay.safeParse(src.triggerArgs ?? {});
    if (parsed.success) triggerArgs = parsed.data;
    else issues.push(...issuesOf("triggerArgs", parsed.error));
  }
  const list = (key: "conditions" | "actions", max: number) => {
    const value = src[key] ?? [];
    if (!Array.isArray(value)) {
      issues.push({ path: key, error: "invalid_list" });
      return [];
    }
    if (value.length > max) issues.push({ path: key, error: "too_many" });
    return value.slice(0, max) as unknown[];
  };
  const conditions: Condition[] = [];
  list("conditions", MAX_CONDITIONS).forEach((raw, i) => {
    const c = (raw ?? {}) as { key?: unknown; args?: unknown };
    if (!CONDITION_KEYS.includes(c.key as ConditionKey)) {
      issues.push({ path: `conditions.${i}.key`, error: "unknown_condition" });
      return;
    }
    const key = c.key as ConditionKey;
    const parsed = CONDITION_ARGS[key].safeParse(c.args ?? {});
    if (!parsed.success) issues.push(...issuesOf(`conditions.${i}.args`, parsed.error));
    else if (
      (key === "time_of_day" || key === "day_of_week") &&
      !validTimeZone((parsed.data as { timezone?: string }).timezone)
    )
      issues.push({ path: `conditions.${i}.args.timezone`, error: "invalid_timezone" });
    else conditions.push({ key, args: parsed.data } as Condition);
  });
  const actions: Action[] = [];
  const rawActions = list("actions", MAX_ACTIONS);
  if (rawActions.length === 0) issues.push({ path: "actions", error: "required" });
  rawActions.forEach((raw, i) => {
    const a = (raw ?? {}) as { key?: unknown; args?: unknown };
    if (!ACTION_KEYS.includes(a.key as ActionKey)) {
      issues.push({ path: `actions.${i}.key`, error: "unknown_action" });
      return;
    }
    const key = a.key as ActionKey;
    const parsed = ACTION_ARGS[key].safeParse(a.args ?? {});
    if (parsed.success) actions.push({ key, args: parsed.data } as Action);
    else issues.push(...issuesOf(`actions.${i}.args`, parsed.error));
  });
  if (issues.length || !name.success || !trigger.success) return { ok: false, issues };
  return { ok: true, value: { name: name.data, trigger: trigger.data, triggerArgs, conditions, actions } };
}

/** Whether a time zone name is one this runtime knows (absent means UTC). */
export function validTimeZone(tz: string | undefined): boolean {
  if (!tz) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The automations an event starts: those whose trigger is the event, and time_delay ones waiting for it. */
export function triggeredBy(
  automation: Pick<AutomationDefinition, "trigger" | "triggerArgs">,
  eventType: string,
): "now" | "delayed" | null {
  if (automation.trigger === eventType && automation.trigger !== "time_delay" && automation.trigger !== "manual")
    return "now";
  if (automation.trigger === "time_delay" && automation.triggerArgs?.after === eventType) return "delayed";
  return null;
}

/** The wall clock in a time zone: minutes since midnight and ISO day of week (1 = Monday … 7 = Sunday). */
export function wallClock(at: Date, timeZone = "UTC"): { minutes: number; isoDay: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    weekday: "short",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  return { minutes: Number(get("hour")) * 60 + Number(get("minute")), isoDay: days.indexOf(get("weekday")) + 1 };
}

/** Whether `minute` lies in [from, to]; a window with to < from wraps midnight (22:00–02:00). */
export function inWindow(minute: number, from: number, to: number): boolean {
  return from <= to ? minute >= from && minute <= to : minute >= from || minute <= to;
}

const compare = (value: number, op: Comparison, target: number) =>
  op === "gte" ? value >= target : op === "lte" ? value <= target : value === target;

/**
 * What the server knows, when the conditions are checked, about the event and the person it is
 * about. A fact that could not be established (no member, no contact) is null and fails the
 * conditions that need it.
 */
export type ConditionFacts = {
  now: Date;
  event: { type: string; payload: Record<string, unknown> };
  contact: { tags: string[]; fields: Record<string, unknown>; openCount: number } | null;
  member: {
    roleId: string;
    /** Progress in per cent by course id, for the courses the member is enrolled in. */
    progress: Record<string, number>;
    activeMembershipIds: string[];
    hasActiveSubscription: boolean;
  } | null;
};

/** Which facts the conditions need, so the server loads only those. */
export function factsNeeded(conditions: readonly Condition[]): { contact: boolean; member: boolean } {
  const contactKeys: ConditionKey[] = ["user_has_tag", "email_open_count", "custom_field_match"];
  const memberKeys: ConditionKey[] = [
    "course_progress_percent",
    "subscription_status",
    "membership_level",
    "user_role",
  ];
  return {
    contact: conditions.some((c) => contactKeys.includes(c.key)),
    member: conditions.some((c) => memberKeys.includes(c.key)),
  };
}

const payloadString = (payload: Record<string, unknown>, key: string) =>
  typeof payload[key] === "string" ? (payload[key] as string) : null;

/** Whether one condition holds, with the reason when it does not (for the run log). */
export function checkCondition(condition: Condition, facts: ConditionFacts): { ok: boolean; reason?: string } {
  const { payload } = facts.event;
  const fail = (reason: string) => ({ ok: false, reason });
  switch (condition.key) {
    case "user_has_tag": {
      if (!facts.contact) return fail("no_contact");
      const tag = condition.args.tag.toLowerCase();
      return facts.contact.tags.some((t) => t.toLowerCase() === tag) ? { ok: true } : fail("tag_missing");
    }
    case "course_progress_percent": {
      if (!facts.member) return fail("no_member");
      const courseId = condition.args.course_id ?? payloadString(payload, "courseId");
      if (!courseId) return fail("no_course");
      const progress = facts.member.progress[courseId];
      if (progress === undefined) return fail("not_enrolled");
      return compare(progress, condition.args.operator, condition.args.percent) ? { ok: true } : fail("progress");
    }
    case "subscription_status": {
      if (!facts.member) return fail("no_member");
      const active = facts.member.hasActiveSubscription;
      return active === (condition.args.status === "active") ? { ok: true } : fail("subscription");
    }
    case "form_id_equals":
      return payloadString(payload, "formId") === condition.args.form_id ? { ok: true } : fail("other_form");
    case "course_id_equals":
      return payloadString(payload, "courseId") === condition.args.course_id ? { ok: true } : fail("other_course");
    case "membership_level": {
      if (!facts.member) return fail("no_member");
      return facts.member.activeMembershipIds.includes(condition.args.membership_id)
        ? { ok: true }
        : fail("membership");
    }
    case "email_open_count": {
      if (!facts.contact) return fail("no_contact");
      return compare(facts.contact.openCount, condition.args.operator, condition.args.count)
        ? { ok: true }
        : fail("opens");
    }
    case "custom_field_match": {
      if (!facts.contact) return fail("no_contact");
      const value = facts.contact.fields[condition.args.field];
      const asText = value === undefined || value === null ? "" : String(value);
      return asText.trim().toLowerCase() === condition.args.value.trim().toLowerCase() ? { ok: true } : fail("field");
    }
    case "user_role": {
      if (!facts.member) return fail("no_member");
      return facts.member.roleId === condition.args.role_id ? { ok: true } : fail("role");
    }
    case "time_of_day": {
      const { minutes: now } = wallClock(facts.now, condition.args.timezone);
      return inWindow(now, condition.args.from, condition.args.to) ? { ok: true } : fail("time");
    }
    case "day_of_week": {
      const { isoDay } = wallClock(facts.now, condition.args.timezone);
      return condition.args.days.includes(isoDay) ? { ok: true } : fail("day");
    }
  }
}

/** All conditions must hold (spec §5); every failing one is reported, in order. */
export function checkConditions(
  conditions: readonly Condition[],
  facts: ConditionFacts,
): { ok: boolean; failed: { index: number; key: ConditionKey; reason: string }[] } {
  const failed = conditions.flatMap((c, index) => {
    const r = checkCondition(c, facts);
    return r.ok ? [] : [{ index, key: c.key, reason: r.reason ?? "failed" }];
  });
  return { ok: failed.length === 0, failed };
}

/** The member an event is about: `userId`, else the course events' `studentId`, else who caused it. */
export function eventSubject(
  payload: Record<string, unknown>,
  actorId: string | null,
): { userId: string | null; email: string | null; contactId: string | null } {
  return {
    userId: payloadString(payload, "userId") ?? payloadString(payload, "studentId") ?? actorId,
    email: payloadString(payload, "email"),
    contactId: payloadString(payload, "contactId"),
  };
}
