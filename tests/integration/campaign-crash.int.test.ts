// A campaign's worker killed (SIGKILL) twice in the middle of sending and started again: every
// contact gets the campaign exactly once from a real SMTP server's point of view, nothing is left
// half-sent, and the campaign's figures match what arrived. The worker is a real child process on
// PostgreSQL; this process only prepares, queues and watches (PGlite is one process: no kill).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { queueCampaign } from "../../server/modules/campaign-delivery";
import { type ChildServer, startChildServer } from "../support/child-server";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CONTACTS = 240;

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 90_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.skipIf(!onPostgres)("a campaign worker killed mid-send (PostgreSQL)", () => {
  let t: TestPlatform;
  let smtp: SmtpSink;
  let worker: ChildServer | null = null;
  const workerEnv = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: "School <school@atrium.test>",
    JOB_RETRY_DELAY_SECONDS: "1",
  });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // This process queues and inspects; the child is the only worker.
    t = await startTestPlatform({ ATRIUM_ROLE: "web", SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.stop();
  });

  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.database.sql(text, params)).rows as T[];

  it("delivers to every contact exactly once across two kills and restarts", async () => {
    const { site } = await siteWithOwner(t, "crash", { plan: PLAN_IDS.lifetime });
    const tag = uid();
    const [list] = await q<{ id: string }>(
      "insert into mailing_lists (account_id, name) values ($1, $2) returning id",
      [site.accountId, `List ${tag}`],
    );
    await q(
      `with c as (
         insert into mailing_contacts (account_id, email, name)
         select $1, 'crash-' || $3 || '-' || g || '@example.org', 'Person ' || g from generate_series(1, $4::int) g
         returning id)
       insert into mailing_list_contact (account_id, list_id, contact_id) select $1, $2, id from c`,
      [site.accountId, list.id, tag, CONTACTS],
    );
    const [campaign] = await q<{ id: string }>(
      `insert into email_campaigns (account_id, name, subject, body_html, audience)
       values ($1, 'Crash', 'Hello {{contact.first_name}}', '<p>Hi, see <a href="https://example.org/x">this</a>.</p>', $2)
       returning id`,
      [site.accountId, JSON.stringify({ listIds: [list.id], tags: [] })],
    );
    const emails = Array.from({ length: CONTACTS }, (_, i) => `crash-${tag}-${i + 1}@example.org`);

    const queued = await queueCampaign(
      t.database.db,
      { accountId: site.accountId, settings: { plan: site.settings.plan }, host: t.origin(site.slug), name: site.slug },
      campaign.id,
    );
    expect(queued.recipients).toBe(CONTACTS);

    // Kill the worker twice while messages are on their way, each time at a different point.
    for (const killAt of [40, 120]) {
      worker = await startChildServer(t.database.url as string, workerEnv());
      const w = worker;
      await until(`${killAt} messages arrived`, () => smtp.inbox.length >= killAt).catch(async (err) => {
        const jobsNow = await q("select name, state::text, count(*)::int from pgboss.job group by 1, 2");
        const c = await q("select status, pause_reason from email_campaigns where id = $1", [campaign.id]);
        const o = await q("select status, count(*)::int from mail_outbox group by 1");
        throw new Error(
          `${(err as Error).message}; ${JSON.stringify({ jobsNow, c, o })} the worker said:\n${w.output().slice(-3000)}`,
        );
      });
      worker.process.kill("SIGKILL");
      await until("the worker is gone", () => !worker?.alive());
      worker = null;
    }
    const beforeLast = smtp.inbox.length;
    expect(beforeLast).toBeLessThan(CONTACTS);

    // A new worker takes over what the killed ones held and finishes the campaign.
    worker = await startChildServer(t.database.url as string, workerEnv());
    await until(
      "the campaign is sent and every message is out",
      async () => {
        const [c] = await q<{ status: string }>(
          "select status from email_campaigns where account_id = $1 and id = $2",
          [site.accountId, campaign.id],
        );
        const [pending] = await q<{ n: number }>(
          "select count(*)::int as n from mail_outbox where account_id = $1 and kind = 'campaign' and status <> 'sent'",
          [site.accountId],
        );
        return c.status === "sent" && pending.n === 0;
      },
      120_000,
    ).catch(async (err) => {
      const state = {
        campaign: await q("select status, pause_reason, sent_count from email_campaigns where id = $1", [campaign.id]),
        recipients: await q(
          "select status, count(*)::int from email_campaign_recipients where campaign_id = $1 group by 1",
          [campaign.id],
        ),
        outbox: await q(
          "select status, claimed_by is not null as claimed, count(*)::int from mail_outbox where account_id = $1 group by 1, 2",
          [site.accountId],
        ),
        jobs: await q(
          "select name, state::text, output, count(*)::int from pgboss.job where name like 'ma%' or name like 'camp%' group by 1, 2, 3",
        ),
      };
      throw new Error(`${(err as Error).message}: ${JSON.stringify(state)}\n${worker?.output().slice(-2000)}`);
    });
    // Anything sent twice would have arrived by now too.
    await new Promise((r) => setTimeout(r, 1000));
    const missing = emails.filter((e) => smtp.to(e).length === 0);
    const twice = emails.filter((e) => smtp.to(e).length > 1);
    expect({ missing, twice }).toEqual({ missing: [], twice: [] });
    expect(smtp.inbox.filter((m) => m.to.some((a) => a.startsWith(`crash-${tag}-`)))).toHaveLength(CONTACTS);
    const [row] = await q<{ sent_count: number }>(
      "select sent_count from email_campaigns where account_id = $1 and id = $2",
      [site.accountId, campaign.id],
    );
    expect(row.sent_count).toBe(CONTACTS);
  }, 300_000);
});
