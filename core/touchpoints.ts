// The site's notification touchpoints (spec §3 option `touchpoints`: event name → on/off, missing =
// on) arranged in the spec's §9 notification event groups, each with a label and who receives it.
// The management screen and GET/PUT /api/v1/touchpoints show them this way; every touchpoint the
// notices honour (core/course-events.ts, core/member-events.ts) is in exactly one group, which
// touchpoints.test.ts checks against the rule tables.
import { z } from "zod";
import type { Recipient } from "./member-events";

export type { Recipient } from "./member-events";
export { touchpointOn } from "./course-events";

export const TOUCHPOINT_GROUP_IDS = [
  "student_registration",
  "student_pursue",
  "student_renew",
  "instructor_registration",
  "instructor_createCourse",
] as const;
export type TouchpointGroupId = (typeof TOUCHPOINT_GROUP_IDS)[number];

export type TouchpointDefinition = {
  key: string;
  /** English label; screens word it from `touchpoints.items.<key>`. */
  label: string;
  recipients: readonly Recipient[];
};
export type TouchpointGroup = { id: TouchpointGroupId; touchpoints: readonly TouchpointDefinition[] };

const tp = (key: string, label: string, ...recipients: Recipient[]): TouchpointDefinition => ({
  key,
  label,
  recipients,
});

export const TOUCHPOINT_GROUPS: readonly TouchpointGroup[] = [
  {
    id: "student_registration",
    touchpoints: [
      tp("student_registration", "Welcome a new student", "student"),
      tp("student_registration_owner", "A student joined the site", "owner"),
    ],
  },
  {
    id: "student_pursue",
    touchpoints: [
      // One touchpoint for both sides of an enrolment (see core/course-events.ts).
      tp("course_subscribed", "A student enrolled in a course", "student", "instructors"),
      tp("course_started", "A student started a course", "instructors"),
      tp("course_submitted", "A student submitted a course for evaluation", "instructors"),
      tp("course_evaluated", "A course was evaluated", "student"),
      tp("course_status_changed", "A student's status in a course changed", "student"),
      tp("course_reset", "A student's progress was reset", "student"),
      tp("certificate_earned", "A student earned a certificate", "student"),
      tp("course_reviewed", "A student reviewed a course", "instructors"),
      tp("quiz_submitted", "A student submitted a quiz", "instructors"),
      tp("quiz_retake", "A student is retaking a quiz", "instructors"),
      tp("quiz_evaluated", "A quiz was evaluated", "student"),
      tp("quiz_reset", "A quiz was reset", "student"),
      tp("assignment_submitted", "A student handed in an assignment", "instructors"),
      tp("assignment_evaluated", "An assignment was evaluated", "student"),
      tp("assignment_reset", "An assignment was reset", "student"),
    ],
  },
  {
    id: "student_renew",
    touchpoints: [
      tp("subscription_renewed", "A subscription was renewed", "student"),
      tp("subscription_ended", "A subscription ended", "student"),
    ],
  },
  {
    id: "instructor_registration",
    touchpoints: [
      tp("instructor_registration", "Welcome a new instructor", "instructors"),
      tp("instructor_registration_owner", "Someone became an instructor", "owner"),
    ],
  },
  {
    id: "instructor_createCourse",
    touchpoints: [
      tp("instructor_createCourse", "An instructor created a course", "owner"),
      tp("new_course_published", "A course was published", "owner"),
    ],
  },
];

/** Every touchpoint key, in screen order. */
export const TOUCHPOINT_KEYS: readonly string[] = TOUCHPOINT_GROUPS.flatMap((g) => g.touchpoints.map((t) => t.key));

const KNOWN = new Set(TOUCHPOINT_KEYS);

export const isTouchpointKey = (key: string): boolean => KNOWN.has(key);

/** A new site's option value: everything on. */
export const DEFAULT_TOUCHPOINTS: Readonly<Record<string, boolean>> = Object.fromEntries(
  TOUCHPOINT_KEYS.map((k) => [k, true]),
);

export type TouchpointState = { key: string; label: string; recipients: Recipient[]; on: boolean };
export type TouchpointGroupState = { id: TouchpointGroupId; touchpoints: TouchpointState[] };

/** The groups with each touchpoint's current state read from the stored option (missing = on). */
export function touchpointGroups(stored: unknown): TouchpointGroupState[] {
  const values = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return TOUCHPOINT_GROUPS.map((g) => ({
    id: g.id,
    touchpoints: g.touchpoints.map((t) => ({ ...t, recipients: [...t.recipients], on: values[t.key] !== false })),
  }));
}

/**
 * A change of some touchpoints: known keys only, each on (true) or off (false). An unknown key is
 * refused with its own field (`touchpoints.<key>`), so a typo never silently switches nothing.
 */
export const ZTouchpointPatch = z.record(z.string(), z.boolean()).superRefine((value, ctx) => {
  for (const key of Object.keys(value)) {
    if (!KNOWN.has(key)) ctx.addIssue({ code: "custom", path: [key], message: `Unknown touchpoint "${key}"` });
  }
  if (!Object.keys(value).length) ctx.addIssue({ code: "custom", path: [], message: "Name at least one touchpoint" });
});
export type TouchpointPatch = z.infer<typeof ZTouchpointPatch>;
