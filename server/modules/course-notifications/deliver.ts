// Handles one course event: finds the recipients (the student, or the course's instructors through
// the course-instructor lookup), and for each writes a bell notification (component "course") and
// an e-mail in the recipient's language with absolute links to their pages, unless the site
// switched the event's touchpoint off.
import { and, eq, inArray } from "drizzle-orm";
import {
  type CourseEventPayload,
  type CourseEventRule,
  courseEventRule,
  type MailLine,
  eventLinks,
  notificationLink,
  renderTokens,
  touchpointOn,
} from "../../../core/course-events";
import { siteAddress } from "../../../core/site-address";
import type { Db, Tx } from "../../db/client";
import { accounts, assignments, courses, members, notifications as notificationsTable, quizzes } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { courseInstructors } from "../courses";
import type { DomainEvent } from "../events";
import type { SiteAccount } from "../accounts";
import { linkLine, mail, mailTexts, noticeSentence } from "../mail";
import { notifications } from "../notifications";
import { options } from "../options";

export type AddressConfig = { scheme: string; baseDomain: string };

type Person = { userId: string; name: string; email: string; slug: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

async function people(tx: Tx, accountId: string, ids: string[]): Promise<Map<string, Person>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ userId: members.userId, name: members.name, email: members.email, slug: members.slug })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, ids)));
  return new Map(rows.map((r) => [r.userId, r]));
}

/** Everything the templates need, read in one transaction. */
async function gather(db: Db, event: DomainEvent, p: CourseEventPayload, rule: CourseEventRule) {
  const accountId = event.accountId;
  return withTenant(db, accountId, async (tx) => {
    const [site] = await tx
      .select({ slug: accounts.slug, domain: accounts.domain, settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    const [course] = p.courseId
      ? await tx
          .select({ id: courses.id, title: courses.title, slug: courses.slug, image: courses.featuredImage })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), eq(courses.id, p.courseId)))
      : [];
    const [quiz] = p.quizId
      ? await tx
          .select({ title: quizzes.title })
          .from(quizzes)
          .where(and(eq(quizzes.accountId, accountId), eq(quizzes.id, p.quizId)))
      : [];
    const [assignment] = p.assignmentId
      ? await tx
          .select({ title: assignments.title })
          .from(assignments)
          .where(and(eq(assignments.accountId, accountId), eq(assignments.id, p.assignmentId)))
      : [];
    const instructors = p.courseId ? await courseInstructors(tx, accountId, p.courseId) : [];
    const recipientIds = rule.audience === "student" ? (p.studentId ? [p.studentId] : []) : instructors;
    const ids = [
      ...new Set([
        ...recipientIds,
        ...instructors,
        ...(p.studentId ? [p.studentId] : []),
        ...(event.actorId ? [event.actorId] : []),
      ]),
    ];
    const found = await people(tx, accountId, ids);
    // Recipients already notified of this event (a second delivery after a crash) are skipped.
    const done = await tx
      .select({ userId: notificationsTable.userId })
      .from(notificationsTable)
      .where(and(eq(notificationsTable.accountId, accountId), eq(notificationsTable.itemId, event.id)));
    return {
      site,
      course,
      quiz,
      assignment,
      instructors,
      recipientIds,
      found,
      done: new Set(done.map((d) => d.userId)),
    };
  });
}

export async function deliverCourseEvent(db: Db, event: DomainEvent, address: AddressConfig): Promise<void> {
  const rule = courseEventRule(event.type);
  if (!rule || !event.accountId) return;
  const touchpoints = await options.get(db, event.accountId, "touchpoints").catch(() => null);
  if (!touchpointOn(touchpoints, rule.touchpoint)) return;
  const p = event.payload as CourseEventPayload;
  const g = await gather(db, event, p, rule);
  if (!g.site) return;
  const origin = `${address.scheme}://${siteAddress(g.site, address.baseDomain)}`;
  const student = p.studentId ? g.found.get(p.studentId) : undefined;
  const instructor = g.found.get(
    event.actorId && g.instructors.includes(event.actorId) ? event.actorId : (g.instructors[0] ?? ""),
  );
  const courseTitle = g.course?.title ?? "";
  // Every link is the recipient's own page: the student's player and quiz screens, or the
  // instructor's editor and submissions queues.
  const paths = eventLinks(rule.audience, p, { courseSlug: g.course?.slug });
  const absolute = (path: string | null) => (path ? `${origin}${path}` : "");
  const courseUrl = absolute(paths.course) || origin;
  const quizUrl = absolute(paths.quiz);
  const assignmentUrl = absolute(paths.assignment);
  const studentUrl = absolute(paths.student);
  const instructorUrl = instructor ? `${origin}/members/${instructor.slug}` : "";
  const certificateUrl = absolute(paths.certificate);
  const link = notificationLink(rule, p, { courseSlug: g.course?.slug });
  const mailSite = { accountId: event.accountId, settings: g.site.settings as SiteAccount["settings"] };
  // The actor shown in the bell: the student for instructors' notifications, else whoever acted.
  const actor = rule.audience === "instructors" ? student : (g.found.get(event.actorId ?? "") ?? instructor);

  // The bell's stored title stays the English fallback; screens and the e-mail word it per reader.
  const plain: Record<string, string | number | undefined> = {
    "course.title": courseTitle,
    "student.name": student?.name ?? "",
    "quiz.title": g.quiz?.title ?? "",
    "assignment.title": g.assignment?.title ?? "",
  };
  const subject = renderTokens(rule.subject, plain);
  const objectName = g.quiz?.title ?? g.assignment?.title ?? courseTitle;
  const params = {
    student: student?.name ?? "",
    course: courseTitle,
    quiz: g.quiz?.title ?? "",
    assignment: g.assignment?.title ?? "",
    ...(p.marks != null && { marks: p.marks }),
    ...(p.status != null && { status: p.status }),
    ...(p.review?.rating != null && { rating: p.review.rating }),
  };

  for (const recipientId of g.recipientIds) {
    if (g.done.has(recipientId)) continue;
    const recipient = g.found.get(recipientId);
    // Spec §8: a member lookup that fails skips the e-mail (and the bell, which needs a member).
    if (!recipient) continue;
    await notifications.create(db, event.accountId, {
      userId: recipientId,
      component: "course",
      // The title is the English fallback; screens word it in the reader's language from `event` and
      // `params`. No message: it would only repeat the title.
      title: subject,
      message: "",
      itemId: event.id,
      data: {
        event: event.type,
        params,
        action: {
          actor: {
            id: actor?.userId ?? event.actorId ?? null,
            link: actor ? `/members/${actor.slug}` : null,
            name: actor?.name ?? "",
            email: actor?.email ?? "",
            avatar: actor ? `/avatars/${actor.userId}/avatar.jpg` : null,
            context: "course",
          },
          label: [rule.label],
        },
        object: {
          id: p.quizId ?? p.assignmentId ?? p.courseId ?? null,
          link,
          name: objectName,
          avatar: g.course?.image?.image ?? null,
          context: event.type.split("_")[0],
        },
        content: subject,
      },
    });
    if (recipient.email) {
      // In the recipient's language on the site: the bell's sentence, then the review's own words
      // and the links of the recipient's pages.
      const { lang, t } = await mailTexts(db, mailSite, { userId: recipientId, email: recipient.email });
      const sentence = noticeSentence(lang, subject, { event: event.type, params });
      const links: Record<Exclude<MailLine, "review">, string> = {
        course: courseUrl,
        quiz: quizUrl,
        assignment: assignmentUrl,
        student: studentUrl,
        instructor: instructorUrl,
        certificate: certificateUrl,
      };
      const lines = rule.lines.flatMap((line) => {
        if (line === "review")
          return [p.review?.title, p.review?.review]
            .filter((v): v is string => Boolean(v?.trim()))
            .map((v) => ({ text: v, html: escapeHtml(v) }));
        return links[line] ? [linkLine(t, `mail.notice.${line}`, links[line])] : [];
      });
      const greeting = t("mail.notice.greeting", { name: recipient.name });
      await mail.enqueue(db, event.accountId, {
        to: recipient.email,
        kind: event.type,
        subject: sentence,
        text: [greeting, "", sentence, ...lines.map((l) => l.text)].join("\n"),
        html: [escapeHtml(greeting), "", escapeHtml(sentence), ...lines.map((l) => l.html)].join("<br>"),
      });
    }
  }
}
