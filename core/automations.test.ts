import { describe, expect, it } from "vitest";
import {
  type AutomationDefinition,
  AUTOMATION_TRIGGERS,
  ACTION_KEYS,
  CONDITION_KEYS,
  checkAutomation,
  checkConditions,
  type Condition,
  type ConditionFacts,
  DEFAULT_SUBJECT,
  eventSubject,
  factsNeeded,
  inWindow,
  triggeredBy,
  wallClock,
} from "./automations";

const COURSE = "0b6f2f9e-8f1a-4d8e-9a55-0c4a1b2c3d4e";
const LIST = "5d1c6a7b-2e3f-4a5b-8c6d-7e8f9a0b1c2d";

const base = {
  name: "Welcome",
  trigger: "course_completed",
  conditions: [],
  actions: [{ key: "add_tag", args: { tag: "graduate" } }],
};

const issues = (input: unknown) => {
  const r = checkAutomation(input);
  return r.ok ? [] : r.issues;
};

describe("the catalogue", () => {
  it("has the spec's 21 triggers, 11 conditions and 12 actions", () => {
    expect(AUTOMATION_TRIGGERS).toHaveLength(21);
    expect(CONDITION_KEYS).toHaveLength(11);
    expect(ACTION_KEYS).toHaveLength(12);
  });
});

describe("checkAutomation", () => {
  it("accepts a complete automation and trims its values", () => {
    const r = checkAutomation({ ...base, name: "  Welcome  ", actions: [{ key: "add_tag", args: { tag: " vip " } }] });
    expect(r).toEqual({
      ok: true,
      value: {
        name: "Welcome",
        trigger: "course_completed",
        triggerArgs: null,
        conditions: [],
        actions: [{ key: "add_tag", args: { tag: "vip" } }],
      },
    });
  });

  it("names a missing name, an unknown trigger and no actions", () => {
    expect(issues({ trigger: "sunrise", actions: [] })).toEqual([
      { path: "name", error: "required" },
      { path: "trigger", error: "unknown_trigger" },
      { path: "actions", error: "required" },
    ]);
  });

  it("needs a list and an e-mail for the list action", () => {
    expect(issues({ ...base, actions: [{ key: "emailList", args: {} }] })).toEqual([
      { path: "actions.0.args.list_id", error: "required" },
      { path: "actions.0.args.email", error: "required" },
    ]);
    expect(issues({ ...base, actions: [{ key: "emailList", args: { list_id: LIST, email: "{{email}}" } }] })).toEqual(
      [],
    );
    expect(issues({ ...base, actions: [{ key: "emailList", args: { list_id: "x", email: "nobody" } }] })).toEqual([
      { path: "actions.0.args.list_id", error: "invalid_id" },
      { path: "actions.0.args.email", error: "invalid_email" },
    ]);
  });

  it("needs email and email_template for send_email, list_id and email_template for send_emails", () => {
    expect(issues({ ...base, actions: [{ key: "send_email", args: { email: "a@b.co" } }] })).toEqual([
      { path: "actions.0.args.email_template", error: "required" },
    ]);
    expect(issues({ ...base, actions: [{ key: "send_emails", args: { email_template: "<p>Hi</p>" } }] })).toEqual([
      { path: "actions.0.args.list_id", error: "required" },
    ]);
    const ok = checkAutomation({
      ...base,
      actions: [{ key: "send_email", args: { email: "a@b.co", email_template: "<p>Hi</p>" } }],
    });
    expect(ok.ok && ok.value.actions[0]).toEqual({
      key: "send_email",
      args: { email: "a@b.co", email_template: "<p>Hi</p>" },
    });
    expect(DEFAULT_SUBJECT).toBe("New mail");
  });

  it("checks the other actions' arguments", () => {
    const bad = (key: string, args: unknown) => issues({ ...base, actions: [{ key, args }] });
    expect(bad("enroll_course", { course_id: "nope" })).toEqual([
      { path: "actions.0.args.course_id", error: "invalid_id" },
    ]);
    expect(bad("grant_membership", {})).toEqual([{ path: "actions.0.args.membership_id", error: "required" }]);
    expect(bad("trigger_webhook", { url: "ftp://example.com/x" })).toEqual([
      { path: "actions.0.args.url", error: "invalid_url" },
    ]);
    expect(bad("trigger_webhook", { url: "https://hooks.example.com/in" })).toEqual([]);
    expect(bad("redirect_user", { url: "/thank-you" })).toEqual([]);
    expect(bad("redirect_user", { url: "//evil.example" })).toEqual([
      { path: "actions.0.args.url", error: "invalid_url" },
    ]);
    expect(bad("update_user_field", { field: "Shoe Size", value: "42" })).toEqual([
      { path: "actions.0.args.field", error: "invalid_field" },
    ]);
    expect(bad("remove_tag", { tag: "   " })).toEqual([{ path: "actions.0.args.tag", error: "required" }]);
    expect(bad("launch_rocket", {})).toEqual([{ path: "actions.0.key", error: "unknown_action" }]);
  });

  it("checks conditions' arguments", () => {
    const bad = (key: string, args: unknown) => issues({ ...base, conditions: [{ key, args }] });
    expect(bad("course_progress_percent", { operator: "gte", percent: 101 })).toEqual([
      { path: "conditions.0.args.percent", error: "out_of_range" },
    ]);
    expect(bad("time_of_day", { from: 0, to: 1440 })).toEqual([
      { path: "conditions.0.args.to", error: "out_of_range" },
    ]);
    expect(bad("day_of_week", { days: [0, 7] })).toEqual([{ path: "conditions.0.args.days.0", error: "out_of_range" }]);
    expect(bad("day_of_week", { days: [] })).toEqual([{ path: "conditions.0.args.days", error: "required" }]);
    expect(bad("day_of_week", { days: [1], timezone: "Mars/Olympus" })).toEqual([
      { path: "conditions.0.args.timezone", error: "invalid_timezone" },
    ]);
    expect(bad("user_role", { role_id: "instructor" })).toEqual([]);
    expect(bad("weather_is", {})).toEqual([{ path: "conditions.0.key", error: "unknown_condition" }]);
  });

  it("needs the event and the delay of a time_delay trigger", () => {
    expect(issues({ ...base, trigger: "time_delay" })).toEqual([
      { path: "triggerArgs.after", error: "required" },
      { path: "triggerArgs.delay_minutes", error: "required" },
    ]);
    expect(issues({ ...base, trigger: "time_delay", triggerArgs: { after: "manual", delay_minutes: 5 } })).toEqual([
      { path: "triggerArgs.after", error: "required" },
    ]);
    const r = checkAutomation({
      ...base,
      trigger: "time_delay",
      triggerArgs: { after: "user_registered", delay_minutes: 1440 },
    });
    expect(r.ok && r.value.triggerArgs).toEqual({ after: "user_registered", delay_minutes: 1440 });
  });
});

describe("triggeredBy", () => {
  const a = (trigger: AutomationDefinition["trigger"], triggerArgs: AutomationDefinition["triggerArgs"] = null) => ({
    trigger,
    triggerArgs,
  });
  it("starts an automation on its own event, a delayed one on the event it waits for", () => {
    expect(triggeredBy(a("course_completed"), "course_completed")).toBe("now");
    expect(triggeredBy(a("course_completed"), "lesson_completed")).toBeNull();
    expect(triggeredBy(a("time_delay", { after: "user_registered", delay_minutes: 60 }), "user_registered")).toBe(
      "delayed",
    );
    expect(triggeredBy(a("time_delay", { after: "user_registered", delay_minutes: 60 }), "time_delay")).toBeNull();
    expect(triggeredBy(a("manual"), "manual")).toBeNull();
  });
});

describe("time of day and day of week", () => {
  it("reads the wall clock in the time zone, Monday 1 to Sunday 7", () => {
    // 2026-11-29 is a Sunday.
    expect(wallClock(new Date("2026-11-29T23:30:00Z"))).toEqual({ minutes: 1410, isoDay: 7 });
    expect(wallClock(new Date("2026-11-30T00:00:00Z"))).toEqual({ minutes: 0, isoDay: 1 });
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo.
    expect(wallClock(new Date("2026-11-29T23:30:00Z"), "Asia/Tokyo")).toEqual({ minutes: 510, isoDay: 1 });
  });

  it("treats a window ending before it starts as wrapping midnight", () => {
    expect(inWindow(0, 0, 0)).toBe(true);
    expect(inWindow(1, 0, 0)).toBe(false);
    expect(inWindow(0, 1320, 120)).toBe(true);
    expect(inWindow(1439, 1320, 120)).toBe(true);
    expect(inWindow(600, 1320, 120)).toBe(false);
    expect(inWindow(540, 540, 1020)).toBe(true);
    expect(inWindow(1021, 540, 1020)).toBe(false);
  });
});

describe("checkConditions", () => {
  const facts = (over: Partial<ConditionFacts> = {}): ConditionFacts => ({
    now: new Date("2026-11-29T00:00:00Z"), // Sunday, midnight
    event: { type: "course_completed", payload: { courseId: COURSE, formId: LIST } },
    contact: { tags: ["VIP"], fields: { city: "Lisbon" }, openCount: 3 },
    member: {
      roleId: "student",
      progress: { [COURSE]: 100 },
      activeMembershipIds: [LIST],
      hasActiveSubscription: true,
    },
    ...over,
  });
  const run = (c: Condition, f = facts()) => checkConditions([c], f);

  it("holds for each condition whose fact matches", () => {
    const all: Condition[] = [
      { key: "user_has_tag", args: { tag: "vip" } },
      { key: "course_progress_percent", args: { operator: "gte", percent: 100 } },
      { key: "subscription_status", args: { status: "active" } },
      { key: "form_id_equals", args: { form_id: LIST } },
      { key: "course_id_equals", args: { course_id: COURSE } },
      { key: "membership_level", args: { membership_id: LIST } },
      { key: "email_open_count", args: { operator: "gte", count: 3 } },
      { key: "custom_field_match", args: { field: "city", value: "lisbon" } },
      { key: "user_role", args: { role_id: "student" } },
      { key: "time_of_day", args: { from: 0, to: 0 } },
      { key: "day_of_week", args: { days: [7] } },
    ];
    expect(checkConditions(all, facts())).toEqual({ ok: true, failed: [] });
  });

  it("reports every failing condition with its reason, and fails facts it does not have", () => {
    const r = checkConditions(
      [
        { key: "day_of_week", args: { days: [1, 2, 3, 4, 5] } },
        { key: "course_progress_percent", args: { operator: "eq", percent: 50 } },
        { key: "user_has_tag", args: { tag: "vip" } },
      ],
      facts({ contact: null }),
    );
    expect(r).toEqual({
      ok: false,
      failed: [
        { index: 0, key: "day_of_week", reason: "day" },
        { index: 1, key: "course_progress_percent", reason: "progress" },
        { index: 2, key: "user_has_tag", reason: "no_contact" },
      ],
    });
  });

  it("compares progress of the named course, or the event's", () => {
    const other = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
    expect(
      run({ key: "course_progress_percent", args: { course_id: other, operator: "gte", percent: 0 } }).failed[0]
        ?.reason,
    ).toBe("not_enrolled");
    expect(run({ key: "course_progress_percent", args: { operator: "lte", percent: 99 } }).ok).toBe(false);
  });

  it("treats an inactive subscription condition as the opposite of active", () => {
    expect(run({ key: "subscription_status", args: { status: "inactive" } }).ok).toBe(false);
    const none = facts({
      member: { roleId: "student", progress: {}, activeMembershipIds: [], hasActiveSubscription: false },
    });
    expect(run({ key: "subscription_status", args: { status: "inactive" } }, none).ok).toBe(true);
  });

  it("reads time_of_day at midnight and day_of_week on Sunday in the named zone", () => {
    // Midnight UTC on Sunday is 19:00 on Saturday in New York.
    const ny = { timezone: "America/New_York" };
    expect(run({ key: "day_of_week", args: { days: [6], ...ny } }).ok).toBe(true);
    expect(run({ key: "time_of_day", args: { from: 1140, to: 1140, ...ny } }).ok).toBe(true);
    expect(run({ key: "time_of_day", args: { from: 1, to: 1439 } }).ok).toBe(false);
  });

  it("says which facts to load", () => {
    expect(factsNeeded([{ key: "time_of_day", args: { from: 0, to: 10 } }])).toEqual({ contact: false, member: false });
    expect(
      factsNeeded([
        { key: "user_has_tag", args: { tag: "a" } },
        { key: "user_role", args: { role_id: "x" } },
      ]),
    ).toEqual({
      contact: true,
      member: true,
    });
  });
});

describe("eventSubject", () => {
  it("finds the member in userId, then studentId, then the actor", () => {
    expect(eventSubject({ userId: "u1", studentId: "u2" }, "u3").userId).toBe("u1");
    expect(eventSubject({ studentId: "u2", email: "a@b.co" }, "u3")).toEqual({
      userId: "u2",
      email: "a@b.co",
      contactId: null,
    });
    expect(eventSubject({}, "u3").userId).toBe("u3");
  });
});
