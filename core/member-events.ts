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

export type MemberEventRule = {
  recipient: Recipient;
  /** The touchpoint (options.touchpoints key) that switches this notice and its e-mail. */
  touchpoint: string;
  /** Action label shown in the bell (spec data.action.label). */
  label: string;
  subject: string;
  /** Plain text with {{tokens}}: user, site.title, site.titlelink, member.name, member.email, member.link, course.title, course.titlelink, order.title, link. */
  body: string;
  /** Only events whose payload passes this get the notice (payment_success: renewals only). */
  when?: (p: MemberEventPayload) => boolean;
};

const rule = (
  recipient: Recipient,
  touchpoint: string,
  label: string,
  subject: string,
  body: string,
  when?: (p: MemberEventPayload) => boolean,
): MemberEventRule => ({ recipient, touchpoint, label, subject, body, ...(when && { when }) });

const RULES: Record<string, readonly MemberEventRule[]> = {
  student_registration: [
    rule(
      "student",
      "student_registration",
      "welcomed you to",
      "Welcome to {{site.title}}",
      "Hello {{user}},\n\nWelcome to {{site.titlelink}}. Your dashboard is where your courses and orders are: {{link}}",
    ),
    rule(
      "owner",
      "student_registration_owner",
      "joined as a student",
      "New student: {{member.name}}",
      "Hello {{user}},\n\n{{member.name}} ({{member.email}}) joined {{site.titlelink}} as a student.\nMember: {{link}}",
    ),
  ],
  instructor_registration: [
    rule(
      "instructors",
      "instructor_registration",
      "made you an instructor on",
      "You are an instructor on {{site.title}}",
      "Hello {{user}},\n\nYou can now create and teach courses on {{site.titlelink}}. Start here: {{link}}",
    ),
    rule(
      "owner",
      "instructor_registration_owner",
      "became an instructor",
      "New instructor: {{member.name}}",
      "Hello {{user}},\n\n{{member.name}} ({{member.email}}) is now an instructor on {{site.titlelink}}.\nMember: {{link}}",
    ),
  ],
  instructor_createCourse: [
    rule(
      "owner",
      "instructor_createCourse",
      "created the course",
      "{{member.name}} created {{course.title}}",
      "Hello {{user}},\n\n{{member.name}} created the course {{course.titlelink}} on {{site.title}}.",
    ),
  ],
  new_course_published: [
    rule(
      "owner",
      "new_course_published",
      "published the course",
      "{{member.name}} published {{course.title}}",
      "Hello {{user}},\n\n{{member.name}} published the course {{course.titlelink}}; visitors can see it now.",
    ),
  ],
  // A first purchase has its receipt (commerce/receipts.ts); a renewal gets this notice.
  payment_success: [
    rule(
      "student",
      "subscription_renewed",
      "renewed your subscription to",
      "Your subscription to {{order.title}} was renewed",
      "Hello {{user}},\n\nYour subscription to {{order.title}} on {{site.title}} was renewed; thank you.\nYour order: {{link}}",
      (p) => p.renewal === true,
    ),
  ],
  subscription_ended: [
    rule(
      "student",
      "subscription_ended",
      "ended your subscription to",
      "Your subscription to {{order.title}} ended",
      "Hello {{user}},\n\nYour subscription to {{order.title}} on {{site.title}} has ended. What it gave you access to ends with it.\nYour order: {{link}}",
    ),
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
