import { describe, expect, it } from "vitest";
import { COURSE_EVENT_TYPES, courseEventRule } from "./course-events";
import { MEMBER_EVENT_TYPES, memberEventLink, memberEventNotices, memberEventRules } from "./member-events";
import {
  DEFAULT_TOUCHPOINTS,
  TOUCHPOINT_GROUP_IDS,
  TOUCHPOINT_GROUPS,
  TOUCHPOINT_KEYS,
  touchpointGroups,
  ZTouchpointPatch,
} from "./touchpoints";

/** Every touchpoint a notice honours, with the recipients of its notices, read from the rule tables. */
function honoured(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (touchpoint: string, recipient: string) =>
    out.set(touchpoint, (out.get(touchpoint) ?? new Set()).add(recipient));
  for (const type of COURSE_EVENT_TYPES) {
    const rule = courseEventRule(type);
    if (rule) add(rule.touchpoint, rule.audience);
  }
  for (const type of MEMBER_EVENT_TYPES) for (const r of memberEventRules(type)) add(r.touchpoint, r.recipient);
  return out;
}

describe("touchpoint groups", () => {
  it("are the spec's five groups, in its order", () => {
    expect(TOUCHPOINT_GROUPS.map((g) => g.id)).toEqual([...TOUCHPOINT_GROUP_IDS]);
    expect(TOUCHPOINT_GROUP_IDS).toEqual([
      "student_registration",
      "student_pursue",
      "student_renew",
      "instructor_registration",
      "instructor_createCourse",
    ]);
  });

  it("hold every touchpoint the notices honour exactly once, with the recipients its notices have", () => {
    const rules = honoured();
    expect(rules.size).toBeGreaterThan(15);
    for (const [touchpoint, recipients] of rules) {
      const holders = TOUCHPOINT_GROUPS.filter((g) => g.touchpoints.some((t) => t.key === touchpoint));
      expect(
        holders.map((g) => g.id),
        `groups holding ${touchpoint}`,
      ).toHaveLength(1);
      const def = holders[0].touchpoints.find((t) => t.key === touchpoint);
      expect([...(def?.recipients ?? [])].sort(), touchpoint).toEqual([...recipients].sort());
    }
  });

  it("list no touchpoint that nothing honours, none twice, and each with a label", () => {
    const rules = honoured();
    expect(TOUCHPOINT_KEYS.filter((k) => !rules.has(k))).toEqual([]);
    expect(new Set(TOUCHPOINT_KEYS).size).toBe(TOUCHPOINT_KEYS.length);
    for (const g of TOUCHPOINT_GROUPS) for (const t of g.touchpoints) expect(t.label.length, t.key).toBeGreaterThan(3);
  });

  it("registration notices sit in their own groups; the course's in student_pursue", () => {
    const groupOf = (key: string) => TOUCHPOINT_GROUPS.find((g) => g.touchpoints.some((t) => t.key === key))?.id;
    expect(groupOf("student_registration")).toBe("student_registration");
    expect(groupOf("instructor_registration")).toBe("instructor_registration");
    expect(groupOf("instructor_createCourse")).toBe("instructor_createCourse");
    expect(groupOf("quiz_evaluated")).toBe("student_pursue");
    expect(groupOf("subscription_ended")).toBe("student_renew");
  });
});

describe("touchpoint state and changes", () => {
  it("reads missing entries and anything but false as on", () => {
    const groups = touchpointGroups({ quiz_reset: false, course_started: "no", student_registration: true });
    const flat = Object.fromEntries(groups.flatMap((g) => g.touchpoints.map((t) => [t.key, t.on])));
    expect(flat.quiz_reset).toBe(false);
    expect(flat.course_started).toBe(true);
    expect(flat.student_registration_owner).toBe(true);
    expect(touchpointGroups(null).every((g) => g.touchpoints.every((t) => t.on))).toBe(true);
    expect(Object.values(DEFAULT_TOUCHPOINTS).every(Boolean)).toBe(true);
  });

  it("refuses unknown keys by name, non-boolean values and an empty change", () => {
    expect(ZTouchpointPatch.safeParse({ quiz_reset: false }).success).toBe(true);
    const unknown = ZTouchpointPatch.safeParse({ quiz_reset: false, quiz_rest: true });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues.map((i) => i.path.join("."))).toEqual(["quiz_rest"]);
    expect(ZTouchpointPatch.safeParse({ quiz_reset: "off" }).success).toBe(false);
    expect(ZTouchpointPatch.safeParse({}).success).toBe(false);
  });
});

describe("member event notices", () => {
  it("welcome the member and tell the owner, each on its own touchpoint", () => {
    const joined = memberEventRules("student_registration");
    expect(joined.map((r) => [r.recipient, r.touchpoint])).toEqual([
      ["student", "student_registration"],
      ["owner", "student_registration_owner"],
    ]);
    expect(memberEventRules("instructor_registration").map((r) => r.recipient)).toEqual(["instructors", "owner"]);
    expect(memberEventRules("instructor_createCourse").map((r) => r.recipient)).toEqual(["owner"]);
    expect(memberEventRules("course_subscribed")).toEqual([]);
    // A renewal payment tells its member; a first purchase has its receipt instead.
    expect(memberEventNotices("payment_success", { renewal: true }).map((r) => r.touchpoint)).toEqual([
      "subscription_renewed",
    ]);
    expect(memberEventNotices("payment_success", { renewal: false })).toEqual([]);
  });

  it("link each recipient to their own page", () => {
    const [welcome, owner] = memberEventRules("student_registration");
    const p = { userId: "u1", memberId: "m1", courseId: "c1", orderId: "o1" };
    expect(memberEventLink("student_registration", welcome, p)).toBe("/dashboard");
    expect(memberEventLink("student_registration", owner, p)).toBe("/dashboard/manage/user?id=m1");
    const [teach] = memberEventRules("instructor_registration");
    expect(memberEventLink("instructor_registration", teach, p)).toBe("/dashboard/instructor");
    const [created] = memberEventRules("instructor_createCourse");
    expect(memberEventLink("instructor_createCourse", created, p)).toBe("/dashboard/instructor/course/c1");
    const [ended] = memberEventRules("subscription_ended");
    expect(memberEventLink("subscription_ended", ended, p)).toBe("/dashboard/orders/o1");
  });
});
