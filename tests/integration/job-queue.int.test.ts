// Background work in batches: a backlog of e-mail and of domain events bigger than one batch is
// left alone by the sweeps (only jobs that are really lost are queued again), and a worker then
// delivers every message to the SMTP server once and hands every event to its subscriber once.
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOutbox, mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { jobs } from "../../server/jobs/queue";
import type { SiteAccount } from "../../server/modules/accounts";
import { type Emitted, events, sweepLostEvents } from "../../server/modules/events";
import { mail } from "../../server/modules/mail";
import { buildSite, buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { uid, uniqueEmail } from "./helpers";

const MAILS = 200;
const EVENTS = 30;
const TYPE = `backlog_event_${uid()}`;

const waitFor = async <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 120_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 250));
  }
};

let t: TestPlatform;
let smtp: SmtpSink;
let site: SiteAccount;
const handled: number[] = [];

/** Jobs of a queue that pg-boss holds as waiting, retrying or running. */
async function liveJobs(queue: string): Promise<number> {
  const { rows } = await t.database.sql(
    "select count(*)::int as n from pgboss.job where name = $1 and state < 'completed'",
    [queue],
  );
  return Number(rows[0].n);
}

/** Loses the jobs of these rows, as a crash between writing a row and queueing its job would. */
async function loseJobs(queue: string, rowIds: string[]) {
  await t.database.sql("delete from pgboss.job where name = $1 and data->>'id' = any($2::text[])", [queue, rowIds]);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  // A web process: it queues jobs but works none, so the backlog stays until a worker starts.
  t = await startTestPlatform({ SMTP_URL: smtp.url, ATRIUM_ROLE: "web" });
  const owner = await buildUser(t.platform.auth, { email: uniqueEmail("backlog-owner") });
  site = await buildSite(t.database.db, owner, { slug: `backlog-${uid()}` });
  events.on(TYPE, async (_db, e) => {
    handled.push(Number(e.payload.n));
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe("a backlog of background work", () => {
  let mailIds: string[] = [];
  let emitted: Emitted = [];

  it("the event sweep leaves events waiting in the backlog alone and re-queues only lost ones", async () => {
    emitted = await events.transaction(t.database.db, site.accountId, async (tx, out) => {
      for (let n = 0; n < EVENTS; n++) out.push(await events.emit(tx, site.accountId, TYPE, { n }));
      return out;
    });
    // Long past the sweep's one-minute grace: only their jobs can tell them from lost ones.
    const ids = emitted.map((e) => e.id);
    await withPlatform(t.database.db, (tx) =>
      tx.update(eventOutbox).set({ createdAt: sql`now() - interval '10 minutes'` }).where(inArray(eventOutbox.id, ids)),
    );
    expect(await liveJobs("events.dispatch")).toBe(EVENTS);
    expect(await sweepLostEvents(t.database.db)).toBe(0);
    expect(await liveJobs("events.dispatch")).toBe(EVENTS);
    expect(handled).toEqual([]);

    await loseJobs("events.dispatch", [ids[3], ids[29]]);
    expect(await sweepLostEvents(t.database.db)).toBe(2);
    expect(await liveJobs("events.dispatch")).toBe(EVENTS);
    expect(await sweepLostEvents(t.database.db)).toBe(0);
  });

  it("the mail sweep leaves messages waiting in the backlog alone and re-queues only lost ones", async () => {
    mailIds = await mail.enqueueMany(
      t.database.db,
      site.accountId,
      Array.from({ length: MAILS }, (_, n) => ({
        to: `reader-${n}@example.org`,
        subject: `Letter ${n}`,
        text: `Letter number ${n}`,
        kind: "test",
      })),
    );
    await withPlatform(t.database.db, (tx) =>
      tx
        .update(mailOutbox)
        .set({ queuedAt: sql`now() - interval '10 minutes'`, createdAt: sql`now() - interval '10 minutes'` })
        .where(inArray(mailOutbox.id, mailIds)),
    );
    expect(await liveJobs("mail-deliver")).toBe(MAILS);
    expect(await mail.sweep(t.database.db)).toBe(0);
    expect(await liveJobs("mail-deliver")).toBe(MAILS);

    await loseJobs("mail-deliver", [mailIds[0], mailIds[120], mailIds[199]]);
    expect(await mail.sweep(t.database.db)).toBe(3);
    expect(await liveJobs("mail-deliver")).toBe(MAILS);
    expect(await mail.sweep(t.database.db)).toBe(0);
  });

  it("a worker delivers every message once and hands every event to its subscriber once", async () => {
    await jobs.stop(t.database.db);
    await jobs.start(t.database, { work: true });
    await waitFor(() => smtp.inbox.length >= MAILS);
    await waitFor(async () => {
      const [row] = await withPlatform(t.database.db, (tx) =>
        tx
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(sql`${inArray(mailOutbox.id, mailIds)} and ${mailOutbox.status} = 'sent'`),
      );
      return row.n === MAILS ? true : undefined;
    });
    await waitFor(() => (handled.length >= EVENTS ? true : undefined));
    await waitFor(async () =>
      (await liveJobs("mail-deliver")) + (await liveJobs("events.dispatch")) === 0 ? true : undefined,
    );

    const recipients = smtp.inbox.flatMap((m) => m.to);
    expect(recipients).toHaveLength(MAILS);
    expect(new Set(recipients).size).toBe(MAILS);
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: EVENTS }, (_, n) => n));
  });
});
