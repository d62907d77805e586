// The demo site's automations, so the automation screens have something to show on first sign-in:
// graduates of a course get a tag and a congratulation, newsletter sign-ups go onto the newsletter
// list, and new members get a welcome e-mail a day after registering. A few finished runs fill
// their logs (one skipped because a condition did not hold, one with a failed action).
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { automationRuns } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { automations } from "../modules/automations";

type Ids = { courseId: string; newsletterListId: string; formId: string; student: { id: string; email: string } };

export async function seedDemoAutomations(db: Db, site: SiteAccount, ids: Ids, now = new Date()) {
  const accountId = site.accountId;
  const graduates = await automations.create(db, accountId, {
    name: "Congratulate graduates",
    trigger: "course_completed",
    conditions: [{ key: "course_progress_percent", args: { operator: "gte", percent: 100 } }],
    actions: [
      { key: "add_tag", args: { tag: "graduate" } },
      {
        key: "send_email",
        args: {
          email: "{{email}}",
          subject: "Congratulations on finishing your course",
          email_template: "<p>Well done, {{contact.first_name}}! Your certificate is waiting in your dashboard.</p>",
        },
      },
    ],
  });
  const newsletter = await automations.create(db, accountId, {
    name: "Newsletter sign-ups to the list",
    trigger: "form_submitted",
    conditions: [{ key: "form_id_equals", args: { form_id: ids.formId } }],
    actions: [{ key: "emailList", args: { list_id: ids.newsletterListId, email: "{{email}}" } }],
  });
  await automations.create(db, accountId, {
    name: "Welcome e-mail a day after registering",
    trigger: "time_delay",
    triggerArgs: { after: "user_registered", delay_minutes: 1440 },
    actions: [
      {
        key: "send_email",
        args: {
          email: "{{email}}",
          email_template: "<p>Welcome to {{site.name}}! Here is where to start: browse the courses and say hello.</p>",
        },
      },
    ],
  });

  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000);
  const ok = (key: "add_tag" | "send_email" | "emailList", message: string, when: Date) => ({
    key,
    status: "ok" as const,
    message,
    attempts: 1,
    at: when.toISOString(),
  });
  const run = (
    automationId: string,
    trigger: string,
    hoursAgo: number,
    rest: Partial<typeof automationRuns.$inferInsert>,
  ) => ({
    accountId,
    automationId,
    dedupeKey: `event:${randomUUID()}`,
    trigger,
    payload: { userId: ids.student.id, email: ids.student.email, courseId: ids.courseId },
    userId: ids.student.id,
    email: ids.student.email,
    createdAt: at(hoursAgo),
    runAt: at(hoursAgo),
    startedAt: at(hoursAgo),
    finishedAt: at(hoursAgo),
    attempts: 1,
    ...rest,
  });
  await withTenant(db, accountId, (tx) =>
    tx.insert(automationRuns).values([
      run(graduates.id, "course_completed", 50, {
        status: "succeeded",
        actionResults: [ok("add_tag", "tag graduate added", at(50)), ok("send_email", "e-mail sent", at(50))],
      }),
      run(graduates.id, "course_completed", 30, {
        status: "skipped",
        failedConditions: [{ index: 0, key: "course_progress_percent", reason: "progress" }],
      }),
      run(graduates.id, "course_completed", 6, {
        status: "failed",
        actionResults: [
          ok("add_tag", "tag graduate added", at(6)),
          { key: "send_email", status: "error", message: "the mail server refused the message", attempts: 3 },
        ],
        lastError: "the mail server refused the message",
      }),
      run(newsletter.id, "form_submitted", 20, {
        status: "succeeded",
        actionResults: [ok("emailList", "added to Newsletter", at(20))],
      }),
    ]),
  );
}
