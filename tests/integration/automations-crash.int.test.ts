// An automation worker killed (SIGKILL) while it holds runs, and started again: every event ran its
// automation exactly once — one run each, every run finished, each e-mail written once — because
// each action's outcome is recorded as it finishes and a run held by a gone process is taken over.
// One automation per trigger (all 21: two events of each event trigger, a time_delay after
// tag_added, a manual run on two members). The worker is a real child process on PostgreSQL; this
// process only emits and watches.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTOMATION_TRIGGERS, checkAutomation, EVENT_TRIGGERS } from "../../core/automations";
import { PLAN_IDS } from "../../core/plans";
import { automations } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { automationRunLog } from "../../server/modules/automations/run-log";
import { sweepLostRuns } from "../../server/modules/automations/sweep";
import { events } from "../../server/modules/events";
import { type ChildServer, startChildServer } from "../support/child-server";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PER_TRIGGER = 2;
/** Two events of each event trigger, the two time_delay runs after tag_added, two manual runs. */
const RUNS = EVENT_TRIGGERS.length * PER_TRIGGER + PER_TRIGGER + PER_TRIGGER;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 90_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!onPostgres)("an automation worker killed mid-run (PostgreSQL)", () => {
  let t: TestPlatform;
  let worker: ChildServer | null = null;
  let receiver: Server;
  let port = 0;
  const workerEnv = () => ({ AUTOMATION_WEBHOOK_ALLOW_LOOPBACK: "1", JOB_RETRY_DELAY_SECONDS: "1" });

  beforeAll(async () => {
    // A slow receiver keeps runs in the middle of their actions long enough to be killed there.
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => res.writeHead(200).end(), 150));
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    port = (receiver.address() as { port: number }).port;
    t = await startTestPlatform({ ATRIUM_ROLE: "web" });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    receiver?.close();
  });

  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.database.sql(text, params)).rows as T[];

  it("runs every trigger's automation exactly once per event across a kill and a restart", async () => {
    const { site } = await siteWithOwner(t, "auto-crash", { plan: PLAN_IDS.professional });
    const tag = uid();
    const ids = new Map<string, string>();
    for (const trigger of AUTOMATION_TRIGGERS) {
      const checked = checkAutomation({
        name: `Crash ${trigger}`,
        trigger,
        triggerArgs: trigger === "time_delay" ? { after: "tag_added", delay_minutes: 1 } : undefined,
        actions: [
          {
            key: "send_email",
            args: { email: "{{email}}", email_template: "<p>Hello {{email}}</p>", subject: trigger },
          },
          { key: "trigger_webhook", args: { url: `http://127.0.0.1:${port}/hook` } },
        ],
      });
      if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
      const [row] = await withTenant(t.database.db, site.accountId, (tx) =>
        tx
          .insert(automations)
          .values({ accountId: site.accountId, ...checked.value })
          .returning({ id: automations.id }),
      );
      ids.set(trigger, row.id);
    }
    const addressOf = (trigger: string, i: number) => `crash-${tag}-${trigger.replace(/_/g, "-")}-${i}@example.org`;
    await events.transaction(t.database.db, site.accountId, async (tx, out) => {
      for (let i = 1; i <= PER_TRIGGER; i++) {
        for (const trigger of EVENT_TRIGGERS) {
          out.push(await events.emit(tx, site.accountId, trigger, { email: addressOf(trigger, i) }));
        }
      }
    });
    const students = await Promise.all([1, 2].map((i) => memberOf(t, site, "student", `crash-manual-${i}`)));
    await automationRunLog.runManual(t.database.db, site.accountId, ids.get("manual") as string, {
      userIds: students.map((s) => s.user.id),
      requestId: crypto.randomUUID(),
    });

    const count = async (status: string) =>
      (
        await q<{ n: number }>("select count(*)::int as n from automation_runs where account_id = $1 and status = $2", [
          site.accountId,
          status,
        ])
      )[0].n;

    worker = await startChildServer(t.database.url as string, workerEnv());
    const w = worker;
    // Every event handed to its automations first (an event's own claim is recovered by the outbox's
    // sweep after minutes, outside this test), then the kill while runs are held.
    const undispatched = async () =>
      (
        await q<{ n: number }>(
          "select count(*)::int as n from event_outbox where account_id = $1 and processed_at is null and payload->>'email' like $2",
          [site.accountId, `crash-${tag}-%`],
        )
      )[0].n;
    await until("some runs finished while others are held", async () => {
      return (await undispatched()) === 0 && (await count("succeeded")) >= 8 && (await count("running")) > 0;
    }).catch((err) => {
      throw new Error(`${(err as Error).message}\n${w.output().slice(-3000)}`);
    });
    worker.process.kill("SIGKILL");
    await until("the worker is gone", async () => !worker?.alive());
    worker = null;
    expect(await count("succeeded")).toBeLessThan(RUNS);

    worker = await startChildServer(t.database.url as string, workerEnv());
    // The time_delay runs wait a minute; once they exist, their minute is moved back and their jobs
    // dropped, as after a worker lost with them, and the sweep gives them new ones.
    const delayedId = ids.get("time_delay") as string;
    await until("the delayed runs exist", async () => {
      const [r] = await q<{ n: number }>(
        "select count(*)::int as n from automation_runs where account_id = $1 and automation_id = $2",
        [site.accountId, delayedId],
      );
      return r.n === PER_TRIGGER;
    });
    await q(
      `update automation_runs set run_at = now() - interval '2 minutes', job_id = null
        where account_id = $1 and automation_id = $2`,
      [site.accountId, delayedId],
    );
    await sweepLostRuns(t.database.db);
    // The runs of this test's events and members (joining the site makes user_registered runs too).
    const expected = new Map<string, string[]>();
    for (const trigger of EVENT_TRIGGERS)
      expected.set(
        trigger,
        [1, 2].map((i) => addressOf(trigger, i)),
      );
    expected.set(
      "time_delay",
      [1, 2].map((i) => addressOf("tag_added", i)),
    );
    expected.set(
      "manual",
      students.map((s) => s.user.email.toLowerCase()),
    );
    // Each expected run is one automation and one address: the members joining the site also run the
    // user_registered automation for their own addresses, which are not this test's runs.
    const pairs = [...expected].flatMap(([trigger, emails]) => emails.map((email) => ({ trigger, email })));
    const pairIds = pairs.map((p) => ids.get(p.trigger) as string);
    const pairEmails = pairs.map((p) => p.email);
    const finished = async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from automation_runs r
            join unnest($2::uuid[], $3::text[]) as p(automation_id, email)
              on r.automation_id = p.automation_id and r.email = p.email
            where r.account_id = $1 and r.status = 'succeeded'`,
          [site.accountId, pairIds, pairEmails],
        )
      )[0].n;
    await until("every run finished", async () => (await finished()) === RUNS, 300_000).catch(async (err) => {
      const state = await q(
        "select status, last_error, count(*)::int from automation_runs where account_id = $1 group by 1, 2",
        [site.accountId],
      );
      throw new Error(`${(err as Error).message}: ${JSON.stringify(state)}\n${worker?.output().slice(-2000)}`);
    });

    const runs = await q<{ automation_id: string; email: string; n: number }>(
      "select automation_id, email, count(*)::int as n from automation_runs where account_id = $1 group by 1, 2",
      [site.accountId],
    );
    // No run twice, whoever it was for; each automation ran once for each of its two.
    expect(runs.filter((r) => r.n !== 1)).toEqual([]);
    const perTrigger = Object.fromEntries(
      [...ids].map(([trigger, id]) => [
        trigger,
        runs
          .filter((r) => r.automation_id === id && expected.get(trigger)?.includes(r.email))
          .map((r) => r.email)
          .sort(),
      ]),
    );
    expect(perTrigger).toEqual(
      Object.fromEntries([...expected].map(([trigger, emails]) => [trigger, [...emails].sort()])),
    );
    // Each automation's e-mail has its trigger as its subject.
    const mails = await q<{ to_address: string; subject: string; n: number }>(
      `select m.to_address, m.subject, count(*)::int as n from mail_outbox m
        join unnest($2::text[], $3::text[]) as p(to_address, subject)
          on m.to_address = p.to_address and m.subject = p.subject
        where m.account_id = $1 and m.kind = 'automation' group by 1, 2`,
      [site.accountId, pairEmails, pairs.map((p) => p.trigger)],
    );
    expect({ mails: mails.length, twice: mails.filter((m) => m.n !== 1) }).toEqual({ mails: RUNS, twice: [] });
  }, 600_000);
});
