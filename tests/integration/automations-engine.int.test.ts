// The automation engine (decision 0047): an event of a trigger type runs each matching active
// automation exactly once (also when its event is handled twice); conditions that fail skip the run
// without acting; each action does its thing through the module that owns it; a failing action does
// not stop the next and is retried; webhooks arrive signed, are retried on a 5xx, and are refused
// for private and link-local addresses; a time_delay run waits for its time.
import { createServer, type Server } from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Action, type Condition, checkAutomation } from "../../core/automations";
import { PLAN_IDS } from "../../core/plans";
import {
  automationRuns,
  automations,
  courseStudents,
  emailCampaigns,
  eventOutbox,
  mailingContacts,
  mailingListContact,
  mailOutbox,
  memberMemberships,
  memberships,
} from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { mailingFields, mailingLists } from "../../server/modules/audience";
import { runsForEvent } from "../../server/modules/automations/engine";
import { insertRuns } from "../../server/modules/automations/runs";
import { sweepLostRuns } from "../../server/modules/automations/sweep";
import { takeRedirect } from "../../server/modules/automations/redirects";
import { siteWebhookSecret } from "../../server/modules/automations/webhook";
import { markOrderPaid } from "../../server/modules/commerce";
import { events } from "../../server/modules/events";
import { verifySignature } from "../../server/modules/webhooks";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform({
    AUTOMATION_WEBHOOK_ALLOW_LOOPBACK: "1",
    JOB_RETRY_DELAY_SECONDS: "1",
    JOB_RETRY_LIMIT: "2",
  });
  A = await siteWithOwner(t, "auto-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "auto-b", { plan: PLAN_IDS.professional });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function newAutomation(
  site: SiteWithOwner,
  def: { trigger: string; triggerArgs?: unknown; conditions?: Condition[]; actions: Action[] },
) {
  const checked = checkAutomation({ name: `Auto ${uid()}`, ...def });
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const [row] = await withTenant(db(), site.site.accountId, (tx) =>
    tx
      .insert(automations)
      .values({ accountId: site.site.accountId, ...checked.value })
      .returning({ id: automations.id }),
  );
  return row.id;
}

/** Emits an event of the site and lets the workers handle it. */
async function emit(site: SiteWithOwner, type: string, payload: Record<string, unknown>) {
  const [e] = await events.transaction(db(), site.site.accountId, async (tx, out) => {
    out.push(await events.emit(tx, site.site.accountId, type, payload));
    return out;
  });
  return e.id;
}

const runsOf = (accountId: string, automationId: string) =>
  withPlatform(db(), (tx) =>
    tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.automationId, automationId))),
  );

/** Waits until the automation has `n` runs, all finished. */
async function settled(site: SiteWithOwner, automationId: string, n = 1, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const runs = await runsOf(site.site.accountId, automationId);
    if (runs.length >= n && runs.every((r) => ["succeeded", "skipped", "failed"].includes(r.status))) return runs;
    if (Date.now() > end) throw new Error(`runs not finished: ${JSON.stringify(runs)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const contact = async (accountId: string, email: string) =>
  (
    await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(mailingContacts)
        .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.email, email.toLowerCase()))),
    )
  )[0];

describe("from event to run", () => {
  it("a real form post runs its automation once, even when the event is handled twice", async () => {
    const res = await t.request(A.site.slug, "/api/v1/forms", {
      cookie: A.ownerCookie,
      json: { name: `Lead ${uid()}`, fields: [{ type: "email", name: "email", label: "E-mail", required: true }] },
    });
    const form = (await body(res)) as { id: string };
    expect(res.status).toBe(201);
    const id = await newAutomation(A, {
      trigger: "form_submitted",
      conditions: [{ key: "form_id_equals", args: { form_id: form.id } }],
      actions: [
        { key: "add_tag", args: { tag: "lead" } },
        { key: "send_email", args: { email: "{{email}}", email_template: "<p>Welcome {{email}}</p>" } },
      ],
    });
    const email = `lead-${uid()}@school.org`;
    const posted = await t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
      json: { email },
      headers: { origin: "https://elsewhere.example", "x-test-client-ip": `v-${uid()}` },
    });
    expect(posted.status).toBe(200);
    const [run] = await settled(A, id);
    expect(run).toMatchObject({ status: "succeeded", trigger: "form_submitted", email });
    expect(run.actionResults.map((r) => [r.key, r.status])).toEqual([
      ["add_tag", "ok"],
      ["send_email", "ok"],
    ]);
    expect((await contact(A.site.accountId, email)).tags).toContain("lead");

    // The same event handled again (at-least-once delivery) makes no second run nor second mail.
    const [event] = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(eq(eventOutbox.id, run.eventId as string)),
    );
    expect(await runsForEvent(db(), event)).toBe(0);
    await Promise.all([runsForEvent(db(), event), runsForEvent(db(), event)]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(A.site.accountId, id)).toHaveLength(1);
    const mails = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.accountId, A.site.accountId), eq(mailOutbox.toAddress, email))),
    );
    expect(mails.filter((m) => m.kind === "automation")).toHaveLength(1);
    expect(mails.find((m) => m.kind === "automation")).toMatchObject({ subject: "New mail" });
    expect(mails.find((m) => m.kind === "automation")?.html).toContain(`Welcome ${email}`);
  });

  it("a course completed through the player runs its automation once, with the member's progress checked", async () => {
    const student = await memberOf(t, A.site, "student", "auto-finisher");
    const { course, itemIds } = await buildCourse(db(), A.site, A.owner, {
      title: `Short ${uid()}`,
      curriculum: [{ unit: "Only" }],
    });
    await buildEnrolment(db(), A.site, course.id, student.user.id);
    const id = await newAutomation(A, {
      trigger: "course_completed",
      conditions: [
        { key: "course_id_equals", args: { course_id: course.id } },
        { key: "course_progress_percent", args: { operator: "gte", percent: 100 } },
      ],
      actions: [{ key: "add_tag", args: { tag: "finished" } }],
    });
    const done = await t.request(A.site.slug, `/api/v1/courses/${course.id}/items/${itemIds[0]}/complete`, {
      method: "PUT",
      cookie: student.cookie,
    });
    expect(done.status).toBe(200);
    const [run] = await settled(A, id);
    expect(run).toMatchObject({
      status: "succeeded",
      userId: student.user.id,
      email: student.user.email.toLowerCase(),
    });
    expect((await contact(A.site.accountId, student.user.email)).tags).toContain("finished");
  });

  it("a paid order's payment_success runs its automation once for the buyer", async () => {
    const buyer = await memberOf(t, A.site, "student", "auto-buyer");
    const product = await buildProduct(db(), A.site, { title: `Pass ${uid()}`, amount: 1500 });
    const id = await newAutomation(A, {
      trigger: "payment_success",
      conditions: [{ key: "subscription_status", args: { status: "inactive" } }],
      actions: [{ key: "add_tag", args: { tag: "customer" } }],
    });
    const res = await t.request(A.site.slug, "/api/v1/checkout", {
      cookie: buyer.cookie,
      json: { productIds: [product.id], provider: "offline" },
    });
    expect(res.status).toBe(201);
    const { order } = (await body(res)) as { order: { id: string } };
    await markOrderPaid(db(), A.site.accountId, order.id, { source: "owner", actorId: A.owner.id });
    // Marked paid twice (a replayed confirmation) is still one payment and one run.
    await markOrderPaid(db(), A.site.accountId, order.id, { source: "owner", actorId: A.owner.id });
    const runs = await settled(A, id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", userId: buyer.user.id });
    expect((await contact(A.site.accountId, buyer.user.email)).tags).toContain("customer");
  });

  it("conditions that fail skip the run with the failing keys, and nothing is done", async () => {
    const student = await memberOf(t, A.site, "student", "auto-skip");
    const id = await newAutomation(A, {
      trigger: "tag_added",
      conditions: [
        { key: "user_has_tag", args: { tag: "gold" } },
        { key: "day_of_week", args: { days: [1, 2, 3, 4, 5, 6, 7] } },
        { key: "course_id_equals", args: { course_id: crypto.randomUUID() } },
      ],
      actions: [{ key: "add_tag", args: { tag: "never" } }],
    });
    await emit(A, "tag_added", { userId: student.user.id, tag: "silver" });
    const [run] = await settled(A, id);
    expect(run.status).toBe("skipped");
    expect(run.failedConditions.map((f) => f.key)).toEqual(["user_has_tag", "course_id_equals"]);
    expect(run.actionResults).toEqual([]);
    expect((await contact(A.site.accountId, student.user.email))?.tags ?? []).not.toContain("never");
  });

  it("a time_delay run is due later, not now", async () => {
    const id = await newAutomation(A, {
      trigger: "time_delay",
      triggerArgs: { after: "user_registered", delay_minutes: 90 },
      actions: [{ key: "add_tag", args: { tag: "later" } }],
    });
    await emit(A, "user_registered", { userId: crypto.randomUUID(), email: `new-${uid()}@school.org` });
    const end = Date.now() + 10_000;
    let runs = await runsOf(A.site.accountId, id);
    while (runs.length === 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      runs = await runsOf(A.site.accountId, id);
    }
    expect(runs).toHaveLength(1);
    const minutes = (runs[0].runAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(88);
    expect(minutes).toBeLessThanOrEqual(90);
    await new Promise((r) => setTimeout(r, 500));
    expect((await runsOf(A.site.accountId, id))[0].status).toBe("queued");
  });
});

describe("recovery", () => {
  it("a due run whose job was lost is queued again by the sweep and worked once; a paused automation's run is skipped", async () => {
    const id = await newAutomation(A, { trigger: "manual", actions: [{ key: "add_tag", args: { tag: "swept" } }] });
    const paused = await newAutomation(A, { trigger: "manual", actions: [{ key: "add_tag", args: { tag: "never" } }] });
    await withTenant(db(), A.site.accountId, (tx) =>
      tx.update(automations).set({ status: "paused" }).where(eq(automations.id, paused)),
    );
    const email = `swept-${uid()}@school.org`;
    await withTenant(db(), A.site.accountId, (tx) =>
      tx.insert(mailingContacts).values({ accountId: A.site.accountId, email, name: "Swept" }),
    );
    // Runs committed two minutes ago whose jobs were never queued (a crash between the two).
    await withTenant(db(), A.site.accountId, (tx) =>
      insertRuns(
        tx,
        A.site.accountId,
        [id, paused].map((automationId) => ({
          automationId,
          dedupeKey: `manual:${uid()}`,
          trigger: "manual",
          payload: {},
          email,
          runAt: new Date(Date.now() - 120_000),
        })),
      ),
    );
    expect(await sweepLostRuns(db())).toBeGreaterThanOrEqual(2);
    const [run] = await settled(A, id);
    expect(run.status).toBe("succeeded");
    expect((await contact(A.site.accountId, email)).tags).toEqual(["swept"]);
    const [skipped] = await settled(A, paused);
    expect(skipped).toMatchObject({ status: "skipped", lastError: "the automation is paused", actionResults: [] });
    // Nothing left for the sweep: finished runs are not queued again.
    expect(await sweepLostRuns(db())).toBe(0);
  });
});

describe("the actions", () => {
  it("puts an address on a double opt-in list as pending, with its confirmation e-mail", async () => {
    const list = await mailingLists.create(db(), A.site.accountId, { name: `Double ${uid()}`, optIn: "double" });
    const email = `double-${uid()}@example.org`;
    const id = await newAutomation(A, {
      trigger: "form_submitted",
      actions: [{ key: "emailList", args: { list_id: list.id, email: "{{email}}" } }],
    });
    await emit(A, "form_submitted", { formId: crypto.randomUUID(), email });
    const [run] = await settled(A, id);
    expect(run.status).toBe("succeeded");
    const c = await contact(A.site.accountId, email);
    const [onList] = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(mailingListContact)
        .where(and(eq(mailingListContact.listId, list.id), eq(mailingListContact.contactId, c.id))),
    );
    expect(onList.status).toBe("pending");
    const mails = await t.database.sql(
      "select 1 from mail_outbox where account_id = $1 and to_address = $2 and kind = 'list_confirmation'",
      [A.site.accountId, email],
    );
    expect(mails.rows).toHaveLength(1);
  });

  it("each does its thing; a failing one does not stop the next, and the run ends failed", async () => {
    const teacher = await memberOf(t, A.site, "instructor", "auto-teacher");
    const student = await memberOf(t, A.site, "student", "auto-student");
    const { course } = await buildCourse(db(), A.site, teacher.user, { title: `Next ${uid()}`, curriculum: [] });
    const { course: foreign } = await buildCourse(db(), B.site, B.owner, { title: `Other ${uid()}`, curriculum: [] });
    const { course: included } = await buildCourse(db(), A.site, teacher.user, {
      title: `Gold ${uid()}`,
      curriculum: [],
    });
    const [membership] = await withTenant(db(), A.site.accountId, (tx) =>
      tx
        .insert(memberships)
        .values({ accountId: A.site.accountId, title: `Gold ${uid()}`, courseIds: [included.id] })
        .returning(),
    );
    const list = await mailingLists.create(db(), A.site.accountId, { name: `Grads ${uid()}` });
    await mailingFields.create(db(), A.site.accountId, { key: "level", label: "Level", type: "text" });
    const id = await newAutomation(A, {
      trigger: "course_completed",
      actions: [
        { key: "add_tag", args: { tag: "graduate" } },
        { key: "enroll_course", args: { course_id: foreign.id } },
        { key: "enroll_course", args: { course_id: course.id } },
        { key: "grant_membership", args: { membership_id: membership.id } },
        { key: "update_user_field", args: { field: "level", value: "advanced" } },
        { key: "emailList", args: { list_id: list.id, email: "{{email}}" } },
        { key: "redirect_user", args: { url: "/thank-you" } },
      ],
    });
    await emit(A, "course_completed", { courseId: crypto.randomUUID(), studentId: student.user.id });
    const [run] = await settled(A, id);
    expect(run.status).toBe("failed");
    expect(run.attempts).toBe(3);
    expect(run.actionResults.map((r) => r.status)).toEqual(["ok", "error", "ok", "ok", "ok", "ok", "ok"]);
    // Finished actions ran once; the failing one was tried at each attempt.
    expect(run.actionResults.map((r) => r.attempts)).toEqual([1, 3, 1, 1, 1, 1, 1]);
    expect(run.lastError).toMatch(/enroll_course/);

    const c = await contact(A.site.accountId, student.user.email);
    expect(c.tags).toContain("graduate");
    expect(c.fields).toMatchObject({ level: "advanced" });
    const onList = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(mailingListContact)
        .where(and(eq(mailingListContact.listId, list.id), eq(mailingListContact.contactId, c.id))),
    );
    expect(onList).toHaveLength(1);
    const enrolments = await withPlatform(db(), (tx) =>
      tx.select().from(courseStudents).where(eq(courseStudents.studentId, student.user.id)),
    );
    // The membership enrols its own course, as buying it would.
    expect(enrolments.map((e) => e.courseId).sort()).toEqual([course.id, included.id].sort());
    const held = await withPlatform(db(), (tx) =>
      tx.select().from(memberMemberships).where(eq(memberMemberships.userId, student.user.id)),
    );
    expect(held.map((h) => [h.membershipId, h.status])).toEqual([[membership.id, "active"]]);
    // The redirect is taken once, on the next page view.
    expect(await takeRedirect(db(), A.site.accountId, student.user.id)).toBe("/thank-you");
    expect(await takeRedirect(db(), A.site.accountId, student.user.id)).toBeNull();

    // And the other way round.
    const undo = await newAutomation(A, {
      trigger: "lesson_completed",
      actions: [
        { key: "unenroll_course", args: { course_id: course.id } },
        { key: "unenroll_course", args: { course_id: included.id } },
        { key: "revoke_membership", args: { membership_id: membership.id } },
        { key: "remove_tag", args: { tag: "graduate" } },
      ],
    });
    await emit(A, "lesson_completed", { courseId: course.id, studentId: student.user.id });
    const [undone] = await settled(A, undo);
    expect(undone.status).toBe("succeeded");
    expect(
      await withPlatform(db(), (tx) =>
        tx.select().from(courseStudents).where(eq(courseStudents.studentId, student.user.id)),
      ),
    ).toEqual([]);
    const [after] = await withPlatform(db(), (tx) =>
      tx.select().from(memberMemberships).where(eq(memberMemberships.userId, student.user.id)),
    );
    expect(after.status).toBe("revoked");
    expect((await contact(A.site.accountId, student.user.email)).tags).not.toContain("graduate");
  }, 60_000);
});

describe("send_emails", () => {
  it("sends the template to every active contact of the list as a campaign, once", async () => {
    const list = await mailingLists.create(db(), A.site.accountId, { name: `News ${uid()}` });
    const emails = [`r1-${uid()}@school.org`, `r2-${uid()}@school.org`];
    const ids = await withTenant(db(), A.site.accountId, (tx) =>
      tx
        .insert(mailingContacts)
        .values(emails.map((email) => ({ accountId: A.site.accountId, email, name: "Reader" })))
        .returning({ id: mailingContacts.id }),
    );
    await mailingLists.addContacts(
      db(),
      A.site.accountId,
      list.id,
      ids.map((i) => i.id),
    );
    const id = await newAutomation(A, {
      trigger: "new_post_published",
      actions: [
        {
          key: "send_emails",
          args: { list_id: list.id, email_template: "<p>New post for {{contact.email}}</p>", subject: "News" },
        },
      ],
    });
    await emit(A, "new_post_published", { postId: crypto.randomUUID() });
    const [run] = await settled(A, id);
    expect(run.status, JSON.stringify(run.actionResults)).toBe("succeeded");
    expect(run.actionResults[0].message).toBe("campaign queued to 2 contacts");
    const campaigns = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.accountId, A.site.accountId), sql`${emailCampaigns.name} like ${`%${run.id}%`}`)),
    );
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ subject: "News" });
    expect(campaigns[0].status).not.toBe("draft");
  });
});

describe("trigger_webhook", () => {
  let server: Server;
  let port = 0;
  const received: { header: string; body: string }[] = [];
  let answers: number[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        received.push({ header: String(req.headers["atrium-signature"]), body: raw });
        res.writeHead(answers.shift() ?? 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server?.close();
  });

  it("arrives signed with the site's secret, and a 500 is retried to success", async () => {
    answers = [500, 200];
    received.length = 0;
    const id = await newAutomation(A, {
      trigger: "payment_success",
      actions: [{ key: "trigger_webhook", args: { url: `http://127.0.0.1:${port}/hook` } }],
    });
    const email = `buyer-${uid()}@school.org`;
    await emit(A, "payment_success", { orderId: crypto.randomUUID(), email });
    const [run] = await settled(A, id);
    expect(run.status).toBe("succeeded");
    expect(run.actionResults[0]).toMatchObject({ status: "ok", attempts: 2, message: "webhook answered 200" });
    expect(received).toHaveLength(2);
    const secret = await siteWebhookSecret(db(), A.site.accountId);
    for (const r of received) expect(verifySignature(secret, r.header, r.body)).toBe(true);
    expect(JSON.parse(received[1].body)).toMatchObject({
      id: run.id,
      automation: { id },
      trigger: "payment_success",
      person: { email },
    });
  }, 30_000);

  it("refuses private and link-local addresses, and says so in the log", async () => {
    const id = await newAutomation(A, {
      trigger: "cart_abandoned",
      actions: [
        { key: "trigger_webhook", args: { url: "http://10.0.0.1/hook" } },
        { key: "trigger_webhook", args: { url: "http://169.254.169.254/latest/meta-data" } },
      ],
    });
    await emit(A, "cart_abandoned", { email: `cart-${uid()}@school.org` });
    const [run] = await settled(A, id);
    expect(run.status).toBe("failed");
    expect(run.actionResults.map((r) => r.message)).toEqual([
      expect.stringMatching(/refused: 10\.0\.0\.1 is a private address/),
      expect.stringMatching(/refused: 169\.254\.169\.254 is a linkLocal address/),
    ]);
  }, 30_000);
});
