// E-mail through a real SMTP server started by the test: delivered when it is up; while it is
// down, retried, then failed and still tried at a slow pace, so it arrives once the server is back
// (without a restart); failed mail shown to staff, who can send it again; every attempt of a
// message carries the same Message-ID; and kept in the outbox when no SMTP server is configured.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import { type BuiltUser, buildSite, buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { body, expectError, expectNotAuthenticated, uniqueEmail } from "./helpers";

const waitFor = async <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
};

const latestTo = (t: TestPlatform, to: string) =>
  withPlatform(t.database.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)).limit(1),
  ).then((r) => r[0]);

const withStatus = (t: TestPlatform, to: string, status: string) =>
  waitFor(async () => {
    const r = await latestTo(t, to);
    return r?.status === status ? r : undefined;
  });

/** A password-recovery message to a new user of the site: the product's own way of sending mail. */
async function recoveryMailTo(t: TestPlatform, site: SiteAccount, prefix: string) {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail(prefix) });
  const res = await t.request(site.slug, "/api/auth/request-password-reset", {
    json: { email: user.email, redirectTo: "/login/reset-password" },
  });
  expect(res.status).toBe(200);
  return user.email;
}

/** pg-boss jobs for one outbox row that are running or due now (a slow retry later is not). */
async function dueJobsFor(t: TestPlatform, rowId: string) {
  const { rows } = await t.database.sql(
    `select count(*)::int as n from pgboss.job
      where name = 'mail-deliver' and data->>'id' = $1 and state < 'completed' and start_after < now()`,
    [rowId],
  );
  return Number(rows[0].n);
}

describe("e-mail over SMTP", () => {
  let t: TestPlatform;
  let smtp: SmtpSink;
  let site: SiteAccount;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestPlatform({
      SMTP_URL: smtp.url,
      MAIL_FROM: "School <school@atrium.test>",
      // One retry a second after the first failure: the whole schedule, and the slow pace after it,
      // take seconds instead of hours.
      JOB_RETRY_DELAY_SECONDS: "1",
      JOB_RETRY_LIMIT: "1",
    });
    const owner = await buildUser(t.platform.auth, { email: "mail-owner@atrium.test" });
    site = await buildSite(t.database.db, owner, { slug: "mailsite", sitetitle: "Mail School" });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it("delivers a password-recovery message with a working link and the Message-ID of its row", async () => {
    const to = await recoveryMailTo(t, site, "learner");
    const msg = await waitFor(() => smtp.to(to)[0]);
    expect(msg.from).toBe("school@atrium.test");
    expect(msg.raw).toMatch(/Subject: Reset your password for Mail School/);
    const link = msg.raw
      .replace(/=\r?\n/g, "")
      .match(/http:\/\/mailsite\.atrium\.test:3000\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const row = await withStatus(t, to, "sent");
    expect(row.messageId).toBe(`<${row.id}@atrium.test>`);
    expect(msg.messageId).toBe(row.messageId);
  });

  it("sends a message again when the server's reply was lost, with the same Message-ID", async () => {
    const to = uniqueEmail("twice");
    // The server keeps the first copy but the sender only sees an error, as after a crash between
    // the server's acceptance and the status write.
    smtp.loseReplyOnce.add(to);
    await buildUser(t.platform.auth, { email: to });
    await t.request(site.slug, "/api/auth/request-password-reset", {
      json: { email: to, redirectTo: "/login/reset-password" },
    });
    // The row reads sent from the moment the whole message is with the server (decision 0046):
    // wait for the second copy, then for the row to settle on sent again.
    const copies = await waitFor(() => (smtp.to(to).length >= 2 ? smtp.to(to) : undefined));
    const row = await withStatus(t, to, "sent");
    expect(smtp.to(to)).toHaveLength(2);
    expect(copies[0].messageId).toBe(row.messageId);
    expect(copies[1].messageId).toBe(row.messageId);
  });

  it("delivers mail sent while the server was down longer than every retry, once it is back", async () => {
    await smtp.stop();
    const to = await recoveryMailTo(t, site, "patient");
    // The retries are spent: the message is failed, with the error and its next slow attempt.
    const failed = await withStatus(t, to, "failed");
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt).not.toBeNull();
    // And it is still being tried after that, at the slow pace, while the server stays down.
    const triedAgain = await waitFor(async () => {
      const r = await latestTo(t, to);
      return r && r.status === "failed" && r.attempts > failed.attempts ? r : undefined;
    });
    expect(triedAgain.attempts).toBeGreaterThanOrEqual(3);
    await smtp.start();
    const msg = await waitFor(() => smtp.to(to)[0]);
    const row = await withStatus(t, to, "sent");
    expect(msg.messageId).toBe(row.messageId);
    expect(row.lastError).toBeNull();
    expect(row.nextAttemptAt).toBeNull();
  });
});

describe("failed mail in the staff mailbox", () => {
  let t: TestPlatform;
  let smtp: SmtpSink;
  let site: SiteAccount;
  let owner: BuiltUser;
  let staff: BuiltUser;
  let staffCookie: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    await smtp.stop();
    t = await startTestPlatform({
      SMTP_URL: smtp.url,
      MAIL_FROM: "School <school@atrium.test>",
      // No retry, and the slow retry ten minutes away: within the test only a resend sends it.
      JOB_RETRY_LIMIT: "0",
      JOB_RETRY_DELAY_SECONDS: "600",
    });
    owner = await buildUser(t.platform.auth, { email: uniqueEmail("resend-owner") });
    site = await buildSite(t.database.db, owner, { slug: "resendsite", sitetitle: "Resend School" });
    staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    staffCookie = await signIn(t, null, staff.email, staff.password);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const resend = (id: string, cookie: string, slug: string | null = null) =>
    t.request(slug, `/api/v1/staff/mail/${id}/resend`, { method: "POST", cookie });

  it("shows staff the failed message; a resend delivers it with its Message-ID; nobody else may", async () => {
    const to = await recoveryMailTo(t, site, "unlucky");
    const failed = await withStatus(t, to, "failed");

    const list = await body(
      await t.request(null, "/api/v1/staff/mail?status=failed&per_page=100", { cookie: staffCookie }),
    );
    expect(list.failed).toBeGreaterThanOrEqual(1);
    const shown = list.items.find((m: { id: string }) => m.id === failed.id);
    expect(shown).toMatchObject({ status: "failed", to, site: "resendsite", messageId: failed.messageId });
    expect(shown.lastError).toBeTruthy();
    expect(shown.nextAttemptAt).toBeTruthy();

    // The site's owner, staff on a tenant's host, and nobody at all: the message is not there.
    const ownerCookie = await signIn(t, null, owner.email, owner.password);
    await expectError(await resend(failed.id, ownerCookie), 404, "not_found");
    const staffOnSite = await signIn(t, site.slug, "staff@atrium.test", staff.password);
    await expectError(await resend(failed.id, staffOnSite, site.slug), 404, "not_found");
    await expectNotAuthenticated(await t.request(null, `/api/v1/staff/mail/${failed.id}/resend`, { method: "POST" }));
    expect((await latestTo(t, to)).status).toBe("failed");
    expect(smtp.to(to)).toHaveLength(0);

    await smtp.start();
    const res = await resend(failed.id, staffCookie);
    expect(res.status).toBe(200);
    expect((await body(res)).message).toMatchObject({ id: failed.id, status: "queued" });
    const msg = await waitFor(() => smtp.to(to)[0]);
    expect(msg.messageId).toBe(failed.messageId);
    await withStatus(t, to, "sent");
    // The resend is in the staff audit log, under the message's site.
    const audit = await body(
      await t.request(null, `/api/v1/staff/audit?site=${site.accountId}&action=mail.resend`, { cookie: staffCookie }),
    );
    expect(audit.items).toEqual([
      expect.objectContaining({
        action: "mail.resend",
        actorEmail: "staff@atrium.test",
        details: expect.objectContaining({ messageId: failed.id, to }),
      }),
    ]);
    // Sent mail is not sent again: a resend is for failed messages.
    await expectError(await resend(failed.id, staffCookie), 409, "conflict");
    await expectError(await resend("00000000-0000-4000-8000-000000000000", staffCookie), 404, "not_found");
  });

  it("two staff resending at once: one resend wins and the message arrives once", async () => {
    await smtp.stop();
    const to = await recoveryMailTo(t, site, "raced");
    const failed = await withStatus(t, to, "failed");
    await smtp.start();
    const statuses = (await Promise.all([resend(failed.id, staffCookie), resend(failed.id, staffCookie)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
    await withStatus(t, to, "sent");
    await waitFor(async () => ((await dueJobsFor(t, failed.id)) === 0 ? true : undefined));
    expect(smtp.to(to)).toHaveLength(1);
  });
});

describe("e-mail without SMTP", () => {
  it("keeps every message in the outbox, marked stored, for staff to read", async () => {
    const t = await startTestPlatform();
    try {
      const owner = await buildUser(t.platform.auth, { email: "outbox-owner@atrium.test" });
      const site = await buildSite(t.database.db, owner, { slug: "outboxsite" });
      const to = await recoveryMailTo(t, site, "kept");
      const row = await withStatus(t, to, "stored");
      expect(row.text).toContain("/api/auth/reset-password/");
      expect(row.messageId).toBe(`<${row.id}@atrium.localhost>`);
      expect(row.sentAt).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
