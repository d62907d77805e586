// E-mail campaigns delivered to a real SMTP server: once per contact, with the unsubscribe headers;
// an unsubscribed contact gets nothing; opens and clicks counted once per recipient and a click goes
// only to a link of the e-mail; the plan's monthly e-mail limit refuses a send with nothing queued;
// another site's tracking tokens are unknown.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { withPlatform } from "../../server/db/tenant";
import type { SiteAccount } from "../../server/modules/accounts";
import {
  deliverBatch,
  queueCampaign,
  queueDueCampaigns,
  scheduleCampaign,
} from "../../server/modules/campaign-delivery";
import { deliver } from "../../server/modules/mail/deliver";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { siteWithOwner, uid } from "./helpers";

const waitFor = async <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe("e-mail campaigns", () => {
  let t: TestPlatform;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestPlatform({ SMTP_URL: smtp.url, MAIL_FROM: "School <school@atrium.test>" });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.database.sql(text, params)).rows as T[];

  /** A site with a list of `n` active contacts, and a draft campaign to that list. */
  async function siteWithCampaign(prefix: string, n: number, opts: { plan?: string; body?: string } = {}) {
    const owned = await siteWithOwner(t, prefix, { plan: opts.plan ?? PLAN_IDS.lifetime });
    const { site } = owned;
    const tag = uid();
    const [list] = await q<{ id: string }>(
      "insert into mailing_lists (account_id, name) values ($1, $2) returning id",
      [site.accountId, `List ${tag}`],
    );
    const emails = Array.from({ length: n }, (_, i) => `${prefix}-${tag}-${i}@example.org`);
    for (const [i, email] of emails.entries()) {
      const [c] = await q<{ id: string }>(
        "insert into mailing_contacts (account_id, email, name) values ($1, $2, $3) returning id",
        [site.accountId, email, `Person ${i}`],
      );
      await q("insert into mailing_list_contact (account_id, list_id, contact_id) values ($1, $2, $3)", [
        site.accountId,
        list.id,
        c.id,
      ]);
    }
    const [campaign] = await q<{ id: string }>(
      `insert into email_campaigns (account_id, name, subject, body_html, audience)
       values ($1, 'Spring', 'Hello {{contact.first_name}}', $2, $3) returning id`,
      [
        site.accountId,
        opts.body ?? '<p>Hi {{contact.name|there}}, see <a href="https://example.org/spring">our courses</a>.</p>',
        JSON.stringify({ listIds: [list.id], tags: [] }),
      ],
    );
    return { site, ownerCookie: owned.ownerCookie, list: list.id, emails, campaignId: campaign.id };
  }

  const campaignSite = (site: SiteAccount) => ({
    accountId: site.accountId,
    settings: { plan: site.settings.plan },
    host: t.origin(site.slug),
    name: site.settings.sitetitle || site.slug,
  });

  const campaignRow = async (accountId: string, id: string) =>
    (
      await q<Record<string, unknown>>("select * from email_campaigns where account_id = $1 and id = $2", [
        accountId,
        id,
      ])
    )[0];

  const recipients = (accountId: string, id: string) =>
    q<{ email: string; token: string; status: string; contact_id: string }>(
      "select * from email_campaign_recipients where account_id = $1 and campaign_id = $2 order by email",
      [accountId, id],
    );

  it("delivers the campaign once to every contact, with tokens filled and one-click unsubscribe headers", async () => {
    const { site, emails, campaignId } = await siteWithCampaign("camp", 5);
    const out = await queueCampaign(t.database.db, campaignSite(site), campaignId);
    expect(out.recipients).toBe(5);
    await waitFor(async () => (await campaignRow(site.accountId, campaignId))?.status === "sent");
    await waitFor(() => emails.every((e) => smtp.to(e).length >= 1));
    // A moment for anything sent twice to arrive too.
    await new Promise((r) => setTimeout(r, 500));
    const rs = await recipients(site.accountId, campaignId);
    for (const e of emails) {
      const got = smtp.to(e);
      expect(got).toHaveLength(1);
      // Headers unfolded (a long header continues on the next line), soft line breaks joined.
      const raw = got[0].raw.replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
      const r = rs.find((x) => x.email === e);
      expect(raw).toMatch(/Subject: Hello Person/);
      expect(raw).toContain(`List-Unsubscribe: <${t.origin(site.slug)}/e/u/${r?.token}>`);
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    }
    const row = await campaignRow(site.accountId, campaignId);
    expect(row.sent_count).toBe(5);
    expect(row.recipients_total).toBe(5);
    // A second send of the same campaign is refused: nobody gets it twice.
    await expect(queueCampaign(t.database.db, campaignSite(site), campaignId)).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("skips a contact unsubscribed after queueing, and names what a campaign lacks", async () => {
    const { site, emails, campaignId } = await siteWithCampaign("skip", 2);
    await q("update mailing_contacts set status = 0 where account_id = $1 and email = $2", [site.accountId, emails[0]]);
    await queueCampaign(t.database.db, campaignSite(site), campaignId);
    await waitFor(async () => (await campaignRow(site.accountId, campaignId))?.status === "sent");
    await waitFor(() => smtp.to(emails[1]).length === 1);
    expect(smtp.to(emails[0])).toHaveLength(0);

    const empty = await siteWithCampaign("empty", 1);
    await q("update email_campaigns set subject = '' where id = $1", [empty.campaignId]);
    await expect(queueCampaign(t.database.db, campaignSite(empty.site), empty.campaignId)).rejects.toMatchObject({
      code: "validation_failed",
      message: expect.stringContaining("subject"),
    });
  });

  it("counts a message that fails for good as failed, and as sent again once a later attempt gets it through", async () => {
    const { site, emails, campaignId } = await siteWithCampaign("fails", 2);
    smtp.refuse.add(emails[0]);
    try {
      await queueCampaign(t.database.db, campaignSite(site), campaignId);
      await waitFor(() => smtp.to(emails[1]).length === 1);
      const outboxOf = async () =>
        (
          await q<{ id: string; job_id: string; status: string }>(
            `select o.id, o.job_id, o.status from mail_outbox o join email_campaign_recipients r
               on r.account_id = o.account_id and r.outbox_id = o.id
             where r.account_id = $1 and r.campaign_id = $2 and r.email = $3`,
            [site.accountId, campaignId, emails[0]],
          )
        )[0];
      // The refused message's last retry (its first attempt failed; its retries are spent).
      const refused = await waitFor(async () => {
        const o = await outboxOf();
        return o?.status === "retrying" ? o : undefined;
      });
      await deliver(
        t.database.db,
        { accountId: site.accountId, id: refused.id },
        { id: refused.job_id, retryCount: 8, retryLimit: 8 },
      );
      expect((await outboxOf()).status).toBe("failed");
      let row = await campaignRow(site.accountId, campaignId);
      expect({ sent: row.sent_count, failed: row.failed_count }).toEqual({ sent: 1, failed: 1 });
      const failed = (await recipients(site.accountId, campaignId)).find((r) => r.email === emails[0]);
      expect(failed?.status).toBe("failed");

      // The mailbox exists again: the slow retry gets it through.
      smtp.refuse.delete(emails[0]);
      const again = await outboxOf();
      await deliver(
        t.database.db,
        { accountId: site.accountId, id: again.id },
        { id: again.job_id, retryCount: 0, retryLimit: 0 },
      );
      expect(smtp.to(emails[0])).toHaveLength(1);
      row = await campaignRow(site.accountId, campaignId);
      expect({ sent: row.sent_count, failed: row.failed_count }).toEqual({ sent: 2, failed: 0 });
    } finally {
      smtp.refuse.delete(emails[0]);
    }
  });

  it("counts opens and clicks once per recipient, redirects only to the e-mail's links, unsubscribes in one click", async () => {
    const { site, emails, campaignId } = await siteWithCampaign("track", 2);
    await queueCampaign(t.database.db, campaignSite(site), campaignId);
    await waitFor(async () => (await campaignRow(site.accountId, campaignId))?.status === "sent");
    const [a, b] = await recipients(site.accountId, campaignId);

    const o1 = await t.request(site.slug, `/e/o/${a.token}`);
    expect(o1.status).toBe(200);
    expect(o1.headers.get("content-type")).toBe("image/gif");
    expect(o1.headers.get("cache-control")).toContain("no-store");
    await t.request(site.slug, `/e/o/${a.token}`);

    const c1 = await t.request(site.slug, `/e/c/${b.token}/0`);
    expect(c1.status).toBe(302);
    expect(c1.headers.get("location")).toBe("https://example.org/spring");
    await t.request(site.slug, `/e/c/${b.token}/0`);
    expect((await t.request(site.slug, `/e/c/${b.token}/1`)).status).toBe(404);
    expect((await t.request(site.slug, `/e/c/${b.token}/-1`)).status).toBe(404);
    expect((await t.request(site.slug, `/e/c/${"0".repeat(64)}/0`)).status).toBe(404);

    let row = await campaignRow(site.accountId, campaignId);
    expect(row.opened_count).toBe(2); // a opened; b clicked, which counts as opened
    expect(row.clicked_count).toBe(1);

    // The unsubscribe page (GET) is a page of the site's layout: see tests/e2e/campaign-mail-pages.e2e.ts.
    const one = await t.request(site.slug, `/e/u/${a.token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.com" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(one.status).toBe(200);
    await t.request(site.slug, `/e/u/${a.token}`, { method: "POST", body: "List-Unsubscribe=One-Click" });
    // The page's own button goes back to the page, which says it is done.
    const fromPage = await t.request(site.slug, `/e/u/${a.token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click&page=1",
    });
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe(`/e/u/${a.token}?done=1`);
    row = await campaignRow(site.accountId, campaignId);
    expect(row.unsubscribed_count).toBe(1);
    const [contact] = await q<{ status: number }>(
      "select status from mailing_contacts where account_id = $1 and email = $2",
      [site.accountId, emails[0]],
    );
    expect(contact.status).toBe(0);
    const kinds = await q<{ kind: string }>(
      "select kind from mailing_contact_events where account_id = $1 and contact_id = $2 order by at",
      [site.accountId, a.contact_id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(["email_sent", "email_opened", "unsubscribed"]);

    // Another site's host does not know these tokens.
    const other = await siteWithOwner(t, "other");
    expect((await t.request(other.site.slug, `/e/o/${a.token}`)).status).toBe(404);
    expect((await t.request(other.site.slug, `/e/c/${b.token}/0`)).status).toBe(404);
    expect((await t.request(other.site.slug, `/e/u/${b.token}`, { method: "POST", body: "" })).status).toBe(404);
  });

  it("refuses a send beyond the month's e-mails with a clear message and queues nothing", async () => {
    const { site, campaignId } = await siteWithCampaign("limit", 3);
    await withPlatform(t.database.db, (tx) =>
      tx.execute(sql`insert into usage_meters (account_id, meter, period, value)
        values (${site.accountId}::uuid, 'emails', date_trunc('month', now())::date, 4998)`),
    );
    const err = await queueCampaign(t.database.db, campaignSite(site), campaignId).catch((e) => e);
    expect(err).toMatchObject({ code: "plan_limit", status: 403 });
    expect(String(err.message)).toMatch(/e-?mail/i);
    expect(await recipients(site.accountId, campaignId)).toHaveLength(0);
    expect((await campaignRow(site.accountId, campaignId)).status).toBe("draft");
  });

  it("pauses a sending campaign when the month's e-mails run out, leaving the rest queued", async () => {
    const { site, ownerCookie, emails, campaignId } = await siteWithCampaign("pause", 2);
    // A campaign already sending (its recipients queued) when the allowance is used up elsewhere.
    await q(
      `insert into email_campaign_recipients (account_id, campaign_id, contact_id, email, token)
       select account_id, $2, id, email, md5(id::text) || md5(email) from mailing_contacts where account_id = $1`,
      [site.accountId, campaignId],
    );
    await q("update email_campaigns set status = 'sending', recipients_total = 2 where id = $1", [campaignId]);
    await q(
      `insert into usage_meters (account_id, meter, period, value)
       values ($1, 'emails', date_trunc('month', now())::date, 5000)`,
      [site.accountId],
    );
    const out = await deliverBatch(t.database.db, {
      accountId: site.accountId,
      campaignId,
      plan: PLAN_IDS.lifetime,
      isPlatform: false,
      name: "Pause school",
      origin: t.origin(site.slug),
      lang: "en",
    });
    expect(out.kind).toBe("paused");
    const row = await campaignRow(site.accountId, campaignId);
    expect(row.status).toBe("paused");
    expect(String(row.pause_reason)).toMatch(/e-?mail/i);
    expect((await recipients(site.accountId, campaignId)).map((r) => r.status)).toEqual(["queued", "queued"]);
    expect(smtp.to(emails[0])).toHaveLength(0);

    // Resuming is refused while the e-mails left do not cover the rest, and it stays paused.
    const refused = await t.request(site.slug, `/api/v1/campaigns/${campaignId}/resume`, {
      cookie: ownerCookie,
      method: "POST",
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("plan_limit");
    expect((await campaignRow(site.accountId, campaignId)).status).toBe("paused");

    // A new month (or a bigger plan): resuming sends to the two not reached.
    await q("delete from usage_meters where account_id = $1 and meter = 'emails'", [site.accountId]);
    const resumed = await t.request(site.slug, `/api/v1/campaigns/${campaignId}/resume`, {
      cookie: ownerCookie,
      method: "POST",
    });
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ recipients: 2, campaign: { status: "sending", pauseReason: null } });
    await waitFor(() => emails.every((e) => smtp.to(e).length === 1));
    await waitFor(async () => (await campaignRow(site.accountId, campaignId)).status === "sent");
  });

  it("lets the owner pause a sending campaign and resume it, each once; another site cannot", async () => {
    const { site, ownerCookie, emails, campaignId } = await siteWithCampaign("hold", 2);
    await q(
      `insert into email_campaign_recipients (account_id, campaign_id, contact_id, email, token)
       select account_id, $2, id, email, md5(id::text) || md5(email) from mailing_contacts where account_id = $1`,
      [site.accountId, campaignId],
    );
    await q("update email_campaigns set status = 'sending', recipients_total = 2 where id = $1", [campaignId]);
    const post = (slug: string, cookie: string, what: string) =>
      t.request(slug, `/api/v1/campaigns/${campaignId}/${what}`, { cookie, method: "POST" });

    const other = await siteWithOwner(t, "hold-other");
    expect((await post(other.site.slug, other.ownerCookie, "pause")).status).toBe(404);

    const paused = await post(site.slug, ownerCookie, "pause");
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ status: "paused", pauseReason: null });
    expect((await post(site.slug, ownerCookie, "pause")).status).toBe(409);
    // A batch that runs now sends nothing.
    await deliverBatch(t.database.db, {
      accountId: site.accountId,
      campaignId,
      plan: PLAN_IDS.lifetime,
      isPlatform: false,
      name: "Hold school",
      origin: t.origin(site.slug),
      lang: "en",
    });
    expect((await recipients(site.accountId, campaignId)).map((r) => r.status)).toEqual(["queued", "queued"]);

    expect((await post(site.slug, ownerCookie, "resume")).status).toBe(200);
    expect((await post(site.slug, ownerCookie, "resume")).status).toBe(409);
    await waitFor(() => emails.every((e) => smtp.to(e).length === 1));
    await waitFor(async () => (await campaignRow(site.accountId, campaignId)).status === "sent");
    expect(emails.map((e) => smtp.to(e).length)).toEqual([1, 1]);
  });

  it("sends the spec's site e-mails (template and event form) through the same outbox, tokens filled", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "spec", { plan: PLAN_IDS.lifetime });
    const to = [`a-${uid()}@example.org`, `b-${uid()}@example.org`];
    const batch = await t.request(site.slug, "/api/emails/site/batch-email", {
      cookie: ownerCookie,
      json: {
        account_id: site.accountId,
        from: "Yoga School",
        subject: "News for {{name}}",
        emails: to,
        tokens: { data: { name: "<Ana>", body: "<p>Hi {{name}}, welcome to {{site.name}}</p>" } },
        type: "template",
      },
    });
    expect(batch.status).toBe(200);
    await waitFor(() => to.every((e) => smtp.to(e).length === 1));
    const raw = smtp.to(to[0])[0].raw.replace(/=\r?\n/g, "");
    expect(raw).toContain("Subject: News for <Ana>");
    expect(raw).toContain("Hi &lt;Ana&gt;");
    expect(raw).toContain("Yoga School");

    const learner = `c-${uid()}@example.org`;
    const event = await t.request(site.slug, "/api/emails/site/email", {
      cookie: ownerCookie,
      json: {
        account_id: site.accountId,
        to: learner,
        subject: "{{user}} finished a course",
        type: "course_completed",
        tokens: {
          user: "Bo",
          "course.titlelink": '<a href="https://example.org/c/yoga">Yoga 1</a>',
          "student.marks": "9/10",
        },
      },
    });
    expect(event.status).toBe(200);
    await waitFor(() => smtp.to(learner).length === 1);
    const got = smtp
      .to(learner)[0]
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(got).toContain("Subject: Bo finished a course");
    expect(got).toContain('<a href="https://example.org/c/yoga">Yoga 1</a>');
    expect(got).toContain("9/10");

    const missing = await t.request(site.slug, "/api/emails/site/batch-email", {
      cookie: ownerCookie,
      json: { account_id: site.accountId, subject: "x", emails: [], type: "template" },
    });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain("emails");

    const other = await siteWithOwner(t, "spec-other");
    const foreign = await t.request(site.slug, "/api/emails/site/email", {
      cookie: ownerCookie,
      json: { account_id: other.site.accountId, to: learner, subject: "x", type: "template", tokens: {} },
    });
    expect(foreign.status).toBe(404);
    const anonymous = await t.request(site.slug, "/api/emails/site/email", {
      json: { account_id: site.accountId, to: learner, subject: "x", type: "template", tokens: {} },
    });
    expect(anonymous.status).toBe(401);
    expect(smtp.to(learner)).toHaveLength(1);
  });

  it("sends a scheduled campaign once its time has come, and not before", async () => {
    const { site, emails, campaignId } = await siteWithCampaign("sched", 1);
    await scheduleCampaign(t.database.db, campaignSite(site), campaignId, new Date(Date.now() + 3_600_000));
    await queueDueCampaigns(t.database.db);
    expect((await campaignRow(site.accountId, campaignId)).status).toBe("scheduled");
    await q("update email_campaigns set scheduled_at = now() - interval '1 minute' where id = $1", [campaignId]);
    await queueDueCampaigns(t.database.db);
    await waitFor(async () => (await campaignRow(site.accountId, campaignId))?.status === "sent");
    await waitFor(() => smtp.to(emails[0]).length === 1);
  });
});
