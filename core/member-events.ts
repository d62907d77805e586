// Who hears about a member joining, becoming an instructor, creating or publishing a course, or a
// subscription renewed or ended: a welcome to the member, a notice to the site's owner. Each notice has its
// own touchpoint, so an owner can keep the welcomes and stop the notices to themself. Pure, so the
// whole table is tested with plain payloads.

export type MemberEventPayload = {
  /** users.id of the member the event is about (the new member, the course's creator, the buyer). */
  userId?: string;
  /** members.id of that member, for the owner's link to the member's page. */
  memberId?: string;
  role?: string;
  /** How they got here: signing in, accepting an invitation, a manager changing their role. */
  via?: "sign_in" | "invitation" | "role_change";
  courseId?: string;
  subscriptionId?: string;
  orderId?: string;
  /** payment_success: a subscription's later payment rather than a first purchase. */
  renewal?: boolean;
};

/** Who receives a notice; "owner" is the site's owner, the others are the member the event is about. */
export type Recipient = "student" | "instructors" | "owner";

/** A line of a member notice's e-mail: the member's address, or the notice's link. */
export type MemberMailLine = "email" | "dashboard" | "member" | "course" | "order";

export type MemberEventRule = {
  recipient: Recipient;
  /** The touchpoint (options.touchpoints key) that switches this notice and its e-mail. */
  touchpoint: string;
  /** Action label shown in the bell (spec data.action.label). */
  label: string;
  /** The English fallback title of the bell notification, with {{tokens}}. */
  subject: string;
  /**
   * What the e-mail shows under its sentence (mail.notice.*, in the reader's language): the member's
   * address, and the link of the notice's page named for what it opens.
   */
  lines: MemberMailLine[];
  /** Only events whose payload passes this get the notice (payment_success: renewals only). */
  when?: (p: MemberEventPayload) => boolean;
};

const rule = (
  recipient: Recipient,
  touchpoint: string,
  label: string,
  subject: string,
  lines: MemberMailLine[],
  when?: (p: MemberEventPayload) => boolean,
): MemberEventRule => ({ recipient, touchpoint, label, subject, lines, ...(when && { when }) });

const RULES: Record<string, readonly MemberEventRule[]> = {
  student_registration: [
    rule("student", "student_registration", "welcomed you to", "Welcome to {{site.title}}", ["dashboard"]),
    rule("owner", "student_registration_owner", "joined as a student", "New student: {{member.name}}", [
      "email",
      "member",
    ]),
  ],
  instructor_registration: [
    rule(
      "instructors",
      "instructor_registration",
      "made you an instructor on",
      "You are an instructor on {{site.title}}",
      ["dashboard"],
    ),
    rule("owner", "instructor_registration_owner", "became an instructor", "New instructor: {{member.name}}", [
      "email",
      "member",
    ]),
  ],
  instructor_createCourse: [
    rule("owner", "instructor_createCourse", "created the course", "{{member.name}} created {{course.title}}", [
      "course",
    ]),
  ],
  new_course_published: [
    rule("owner", "new_course_published", "published the course", "{{member.name}} published {{course.title}}", [
      "course",
    ]),
  ],
  // A first purchase has its receipt (commerce/receipts.ts); a renewal gets this notice.
  payment_success: [
    rule(
      "student",
      "subscription_renewed",
      "renewed your subscription to",
      "Your subscription to {{order.title}} was renewed",
      ["order"],
      (p) => p.renewal === true,
    ),
  ],
  subscription_ended: [
    rule("student", "subscription_ended", "ended your subscription to", "Your subscription to {{order.title}} ended", [
      "order",
    ]),
  ],
};

/** Every event type this table notifies about. */
export const MEMBER_EVENT_TYPES = Object.keys(RULES);

/** The notices of an event type (none for a type this table does not know). */
export function memberEventRules(type: string): readonly MemberEventRule[] {
  return RULES[type] ?? [];
}

/** The notices one event gets: its type's, less those whose condition its payload fails. */
export function memberEventNotices(type: string, p: MemberEventPayload): readonly MemberEventRule[] {
  return memberEventRules(type).filter((r) => !r.when || r.when(p));
}

/** The site-relative page a notice opens for its recipient, or null when the payload has nothing to link. */
export function memberEventLink(type: string, r: MemberEventRule, p: MemberEventPayload): string | null {
  if (type === "subscription_ended" || type === "payment_success")
    return p.orderId ? `/dashboard/orders/${p.orderId}` : "/dashboard/orders";
  if (type === "instructor_createCourse" || type === "new_course_published")
    return p.courseId ? `/dashboard/instructor/course/${p.courseId}` : null;
  if (r.recipient === "owner")
    return p.memberId ? `/dashboard/manage/user?id=${p.memberId}` : "/dashboard/manage/users";
  return r.recipient === "instructors" ? "/dashboard/instructor" : "/dashboard";
}
