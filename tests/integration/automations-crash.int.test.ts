// An automation worker killed (SIGKILL) while it holds runs, and started again: every event ran its
// automation exactly once — one run each, every run finished, each e-mail written once — because
// each action's outcome is recorded as it finishes and a run held by a gone process is taken over.
// The worker is a real child process on PostgreSQL; this process only emits and watches.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAutomation } from "../../core/automations";
import { PLAN_IDS } from "../../core/plans";
import { automations } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { type ChildServer, startChildServer } from "../support/child-server";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const EVENTS = 40;

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

  it("runs every event's automation exactly once across a kill and a restart", async () => {
    const { site } = await siteWithOwner(t, "auto-crash", { plan: PLAN_IDS.professional });
    const tag = uid();
    const emails = Array.from({ length: EVENTS }, (_, i) => `crash-${tag}-${i + 1}@example.org`);
    await q(`insert into mailing_contacts (account_id, email, name) select $1, e, 'Person' from unnest($2::text[]) e`, [
      site.accountId,
      emails,
    ]);
    const checked = checkAutomation({
      name: "Crash",
      trigger: "tag_added",
      actions: [
        { key: "send_email", args: { email: "{{email}}", email_template: "<p>Hello {{email}}</p>" } },
        { key: "trigger_webhook", args: { url: `http://127.0.0.1:${port}/hook` } },
        { key: "add_tag", args: { tag: "welcomed" } },
      ],
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
    const [automation] = await withTenant(t.database.db, site.accountId, (tx) =>
      tx
        .insert(automations)
        .values({ accountId: site.accountId, ...checked.value })
        .returning({ id: automations.id }),
    );
    await events.transaction(t.database.db, site.accountId, async (tx, out) => {
      for (const email of emails) out.push(await events.emit(tx, site.accountId, "tag_added", { email, tag: "new" }));
    });

    const count = async (status: string) =>
      (
        await q<{ n: number }>(
          "select count(*)::int as n from automation_runs where account_id = $1 and automation_id = $2 and status = $3",
          [site.accountId, automation.id, status],
        )
      )[0].n;

    worker = await startChildServer(t.database.url as string, workerEnv());
    const w = worker;
    await until("some runs finished while others are held", async () => {
      return (await count("succeeded")) >= 8 && (await count("running")) > 0;
    }).catch((err) => {
      throw new Error(`${(err as Error).message}\n${w.output().slice(-3000)}`);
    });
    worker.process.kill("SIGKILL");
    await until("the worker is gone", async () => !worker?.alive());
    worker = null;
    expect(await count("succeeded")).toBeLessThan(EVENTS);

    worker = await startChildServer(t.database.url as string, workerEnv());
    await until("every run finished", async () => (await count("succeeded")) === EVENTS, 120_000).catch(async (err) => {
      const state = await q(
        "select status, last_error, count(*)::int from automation_runs where account_id = $1 group by 1, 2",
        [site.accountId],
      );
      throw new Error(`${(err as Error).message}: ${JSON.stringify(state)}\n${worker?.output().slice(-2000)}`);
    });

    const runs = await q<{ email: string; n: number }>(
      "select email, count(*)::int as n from automation_runs where account_id = $1 and automation_id = $2 group by 1",
      [site.accountId, automation.id],
    );
    expect(runs).toHaveLength(EVENTS);
    expect(runs.every((r) => r.n === 1)).toBe(true);
    const mails = await q<{ to_address: string; n: number }>(
      `select to_address, count(*)::int as n from mail_outbox
        where account_id = $1 and kind = 'automation' group by 1`,
      [site.accountId],
    );
    expect({ addresses: mails.length, twice: mails.filter((m) => m.n !== 1) }).toEqual({
      addresses: EVENTS,
      twice: [],
    });
    const [tagged] = await q<{ n: number }>(
      "select count(*)::int as n from mailing_contacts where account_id = $1 and 'welcomed' = any(tags)",
      [site.accountId],
    );
    expect(tagged.n).toBe(EVENTS);
  }, 300_000);
});
