// Queueing a campaign (one set-based statement) and delivering it in batches through the outbox.
//
// Exactly once per contact: a batch claims queued recipients with FOR UPDATE SKIP LOCKED and, in the
// same transaction, writes their outbox rows (Message-ID fixed), marks them sent with the outbox id,
// counts the e-mails meter and the campaign's counters. A crash before the COMMIT leaves them queued
// (sent by the next batch), a crash after it leaves outbox rows that the outbox's delivery (or its
// sweep) sends. Campaign rows are not attempted again once an attempt has started talking to the SMTP
// server (mail CAMPAIGN_KIND), so the one window left is at most once, never twice (decision 0040).
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailCampaigns } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { AppError, fieldError } from "../../errors";
import { jobs } from "../../jobs/queue";
import { recordContactEvents } from "../audience";
import { CAMPAIGN_KIND, mail, type NewMail } from "../mail";
import { type MeteredSite, usage } from "../usage";
import { linksOf } from "../../../core/campaign-merge";
import { audienceWhere } from "./audience";
import { renderFor, type RenderSite, unsubscribeHeaders } from "./render";

export const DELIVER_CAMPAIGN = "campaigns-deliver";
export const CAMPAIGN_TICK = "campaigns-tick";
export const BATCH_SIZE = 200;

/** At most this many campaign messages a minute per site (CAMPAIGN_RATE_PER_MINUTE), so one site cannot hold every worker. */
export const ratePerMinute = () => Math.max(1, Number(process.env.CAMPAIGN_RATE_PER_MINUTE) || 3000);

export type SendSite = MeteredSite & RenderSite;

export type DeliverData = {
  accountId: string;
  campaignId: string;
  plan: string | null;
  isPlatform: boolean;
  name: string;
  origin: string;
  lang: string | null;
};

const originFor = (host: string) =>
  host.includes("://")
    ? host.replace(/\/$/, "")
    : `${/localhost|127\.0\.0\.1/.test(host) ? "http" : "https"}://${host}`;

export function siteForSend(site: MeteredSite & { host: string; name: string; lang?: string | null }): SendSite {
  return { ...site, origin: originFor(site.host), lang: site.lang ?? null };
}

const thisCampaign = (accountId: string, id: string) =>
  and(eq(emailCampaigns.accountId, accountId), eq(emailCampaigns.id, id));

export async function queueCampaignNow(db: Db, site: SendSite, campaignId: string): Promise<{ recipients: number }> {
  const recipients = await withTenant(db, site.accountId, async (tx) => {
    const [c] = await tx.select().from(emailCampaigns).where(thisCampaign(site.accountId, campaignId)).for("update");
    if (!c) throw new AppError("not_found", "Campaign not found");
    // A campaign paused before anyone was queued (refused when its time came) is queued on resume.
    const neverQueued = c.status === "paused" && c.recipientsTotal === 0;
    if (c.status !== "draft" && c.status !== "scheduled" && !neverQueued) {
      throw new AppError("conflict", `The campaign is ${c.status}; only a draft or scheduled campaign can be sent`);
    }
    if (!c.subject.trim()) throw fieldError("validation_failed", "subject", "The campaign has no subject");
    if (!c.bodyHtml.trim()) throw fieldError("validation_failed", "bodyHtml", "The campaign has no content");
    const { listIds, tags } = c.audience;
    if (listIds.length === 0 && tags.length === 0) {
      throw fieldError("validation_failed", "audience", "The campaign has no audience: choose lists or tags");
    }
    // One statement for any audience size (who is reached: ./audience.ts).
    const res = await tx.execute<{ n: number | string }>(sql`
      with ins as (insert into email_campaign_recipients (account_id, campaign_id, contact_id, email, token)
      select c.account_id, ${campaignId}::uuid, c.id, c.email,
             replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
      from mailing_contacts c
      where ${audienceWhere(site.accountId, { listIds, tags })}
      on conflict do nothing returning 1)
      select count(*) as n from ins`);
    const n = Number((res as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
    if (n === 0) throw fieldError("validation_failed", "audience", "The campaign's audience has no active contacts");
    // Refused before anything is queued (the insert above rolls back with the error).
    await usage.checkMeter(tx, site, "emails", n);
    await tx
      .update(emailCampaigns)
      .set({
        status: "sending",
        startedAt: sql`now()`,
        recipientsTotal: n,
        links: linksOf(c.bodyHtml),
        pauseReason: null,
        sendContext: dataOf(site, campaignId),
        updatedAt: sql`now()`,
      })
      .where(thisCampaign(site.accountId, campaignId));
    return n;
  });
  await startChain(db, site, campaignId);
  return { recipients };
}

function dataOf(site: SendSite, campaignId: string): DeliverData {
  return {
    accountId: site.accountId,
    campaignId,
    plan: site.settings.plan,
    isPlatform: Boolean(site.isPlatform),
    name: site.name,
    origin: site.origin,
    lang: site.lang ?? null,
  };
}

async function startChain(db: Db, site: SendSite, campaignId: string, afterSeconds = 0) {
  await jobs.send(
    db,
    DELIVER_CAMPAIGN,
    dataOf(site, campaignId),
    afterSeconds ? { startAfterSeconds: afterSeconds } : {},
  );
}

/** Campaign messages this site handed to the outbox in the last minute (the throttle's measure). */
async function sentLastMinute(tx: Tx, accountId: string): Promise<number> {
  const r = await tx.execute<{ n: number | string }>(sql`
    select count(*) as n from mail_outbox
    where account_id = ${accountId}::uuid and kind = ${CAMPAIGN_KIND} and created_at > now() - interval '1 minute'`);
  return Number((r as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/** The site as a campaign's stored send context describes it. */
const siteOf = (d: DeliverData): SendSite => ({
  accountId: d.accountId,
  isPlatform: d.isPlatform,
  settings: { plan: d.plan },
  name: d.name,
  origin: d.origin,
  lang: d.lang,
});

type Outcome = { kind: "more" } | { kind: "wait"; seconds: number } | { kind: "done" } | { kind: "paused" };

/** One batch of one campaign: claims, renders, writes to the outbox, counts, in one transaction. */
export async function deliverBatch(db: Db, d: DeliverData): Promise<Outcome> {
  const site = siteOf(d);
  let prepared: ReturnType<typeof mail.prepare> = [];
  const outcome = await withTenant(db, d.accountId, async (tx): Promise<Outcome> => {
    const [c] = await tx.select().from(emailCampaigns).where(thisCampaign(d.accountId, d.campaignId));
    if (c?.status !== "sending") return { kind: "done" };
    const room = ratePerMinute() - (await sentLastMinute(tx, d.accountId));
    if (room <= 0) return { kind: "wait", seconds: 10 };
    const claimed = await tx.execute<{
      contact_id: string;
      email: string;
      token: string;
      name: string | null;
      fields: Record<string, unknown> | null;
      status: number | null;
    }>(sql`
      select r.contact_id, r.email, r.token, k.name, k.fields, k.status
      from email_campaign_recipients r
      left join mailing_contacts k on k.account_id = r.account_id and k.id = r.contact_id
      where r.account_id = ${d.accountId}::uuid and r.campaign_id = ${d.campaignId}::uuid and r.status = 'queued'
      order by r.contact_id
      limit ${Math.min(BATCH_SIZE, room)}
      for update of r skip locked`);
    const rows = (
      claimed as unknown as {
        rows: {
          contact_id: string;
          email: string;
          token: string;
          name: string | null;
          fields: Record<string, unknown> | null;
          status: number | null;
        }[];
      }
    ).rows;
    if (rows.length === 0) {
      const [left] = (
        (await tx.execute(sql`
          select count(*) filter (where status in ('queued')) as queued from email_campaign_recipients
          where account_id = ${d.accountId}::uuid and campaign_id = ${d.campaignId}::uuid`)) as unknown as {
          rows: { queued: number | string }[];
        }
      ).rows;
      if (Number(left?.queued ?? 0) > 0) return { kind: "wait", seconds: 5 }; // another batch holds them
      await tx
        .update(emailCampaigns)
        .set({ status: "sent", finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(thisCampaign(d.accountId, d.campaignId), eq(emailCampaigns.status, "sending")));
      return { kind: "done" };
    }
    const active = rows.filter((r) => r.status === 1);
    const skipped = rows.filter((r) => r.status !== 1);
    const from = c.fromName ? `"${c.fromName.replace(/["\\\r\n]/g, "")}" <${fromAddressOf(db)}>` : undefined;
    const messages: NewMail[] = active.map((r) => {
      const m = renderFor(c, { email: r.email, name: r.name ?? "", fields: r.fields ?? {} }, site, r.token);
      return {
        to: r.email,
        subject: m.subject,
        html: m.html,
        text: m.text,
        kind: CAMPAIGN_KIND,
        from,
        headers: unsubscribeHeaders(site, r.token),
      };
    });
    try {
      await tx.transaction(async (sp) => {
        await usage.use(sp, site, "emails", messages.length);
      });
    } catch (err) {
      if (err instanceof AppError && err.code === "plan_limit") {
        await tx
          .update(emailCampaigns)
          .set({ status: "paused", pauseReason: err.message, updatedAt: sql`now()` })
          .where(thisCampaign(d.accountId, d.campaignId));
        return { kind: "paused" };
      }
      throw err;
    }
    prepared = mail.prepare(db, d.accountId, messages);
    await mail.write(tx, prepared);
    if (active.length) {
      const ids = active.map((r) => r.contact_id);
      const outbox = prepared.map((p) => p.id);
      await tx.execute(sql`
        update email_campaign_recipients r set status = 'sent', sent_at = now(), outbox_id = v.outbox_id
        from unnest(${sql.param(ids)}::uuid[], ${sql.param(outbox)}::uuid[]) as v(contact_id, outbox_id)
        where r.account_id = ${d.accountId}::uuid and r.campaign_id = ${d.campaignId}::uuid and r.contact_id = v.contact_id`);
      await recordContactEvents(
        tx,
        d.accountId,
        active.map((r) => ({
          contactId: r.contact_id,
          kind: "email_sent" as const,
          data: { campaignId: c.id, subject: c.subject },
        })),
      );
    }
    if (skipped.length) {
      await tx.execute(sql`
        update email_campaign_recipients set status = 'skipped', error = 'unsubscribed'
        where account_id = ${d.accountId}::uuid and campaign_id = ${d.campaignId}::uuid
          and contact_id = any(${sql.param(skipped.map((r) => r.contact_id))}::uuid[])`);
    }
    await tx
      .update(emailCampaigns)
      .set({ sentCount: sql`${emailCampaigns.sentCount} + ${active.length}`, updatedAt: sql`now()` })
      .where(thisCampaign(d.accountId, d.campaignId));
    return { kind: "more" };
  });
  await mail.startDelivery(db, d.accountId, prepared);
  return outcome;
}

function fromAddressOf(db: Db): string {
  const from = mail.defaultFrom(db);
  const m = /<([^>]+)>/.exec(from);
  return m ? m[1] : from;
}

/** The job: one batch, then the next one queued (later when the site's minute is full). */
async function deliverJob(db: Db, data: Record<string, unknown>) {
  const d = data as unknown as DeliverData;
  const out = await deliverBatch(db, d);
  if (out.kind === "more") await jobs.send(db, DELIVER_CAMPAIGN, data);
  else if (out.kind === "wait") await jobs.send(db, DELIVER_CAMPAIGN, data, { startAfterSeconds: out.seconds });
}

/**
 * Every minute: campaigns still sending whose chain of batches was lost (no batch for two minutes)
 * get a new one. Duplicates are harmless (claims skip locked rows, only queued ones are taken).
 */
async function tick(db: Db) {
  await queueDueCampaigns(db);
  await restartChains(db, 2);
}

/** A new batch for every campaign still sending without a batch for `idleMinutes`. */
async function restartChains(db: Db, idleMinutes: number) {
  const stalled = await withPlatform(db, (tx) =>
    tx.execute<{ send_context: DeliverData }>(sql`
      select send_context from email_campaigns
      where status = 'sending' and updated_at <= now() - ${idleMinutes}::int * interval '1 minute'
        and send_context is not null
      limit 100`),
  );
  for (const r of (stalled as unknown as { rows: { send_context: DeliverData }[] }).rows) {
    await jobs.send(db, DELIVER_CAMPAIGN, r.send_context);
  }
}

/**
 * Marks a draft campaign to be sent at `at`, keeping what its sending needs of the site; the
 * minute tick queues it once `at` has passed.
 */
export async function scheduleCampaignAt(db: Db, site: SendSite, campaignId: string, at: Date): Promise<void> {
  const [row] = await withTenant(db, site.accountId, (tx) =>
    tx
      .update(emailCampaigns)
      .set({ status: "scheduled", scheduledAt: at, sendContext: dataOf(site, campaignId), updatedAt: sql`now()` })
      .where(and(thisCampaign(site.accountId, campaignId), sql`${emailCampaigns.status} in ('draft', 'scheduled')`))
      .returning({ id: emailCampaigns.id }),
  );
  if (!row) throw new AppError("conflict", "Only a draft or scheduled campaign can be scheduled");
}

/**
 * Stops a sending campaign after the batch in flight: the recipients not reached yet stay queued.
 * 409 unless it is sending.
 */
export async function pauseCampaignNow(db: Db, accountId: string, campaignId: string): Promise<void> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(emailCampaigns)
      .set({ status: "paused", pauseReason: null, updatedAt: sql`now()` })
      .where(and(thisCampaign(accountId, campaignId), eq(emailCampaigns.status, "sending")))
      .returning({ id: emailCampaigns.id }),
  );
  if (!row) throw await notSending(db, accountId, campaignId, "sending");
}

/**
 * Sends a paused campaign on to the recipients it has not reached — whether the owner paused it or
 * the month's e-mails ran out — once the e-mails left cover them (403 plan_limit otherwise, and it
 * stays paused). A campaign paused before anyone was queued is queued now. 409 unless it is paused.
 */
export async function resumeCampaignNow(db: Db, site: SendSite, campaignId: string): Promise<{ recipients: number }> {
  const left = await withTenant(db, site.accountId, async (tx) => {
    const [c] = await tx.select().from(emailCampaigns).where(thisCampaign(site.accountId, campaignId)).for("update");
    if (!c) throw new AppError("not_found", "Campaign not found");
    if (c.status !== "paused") throw new AppError("conflict", `The campaign is ${c.status}, not paused`);
    if (c.recipientsTotal === 0) return null;
    const r = await tx.execute<{ n: number | string }>(sql`
      select count(*) as n from email_campaign_recipients
      where account_id = ${site.accountId}::uuid and campaign_id = ${campaignId}::uuid and status = 'queued'`);
    const n = Number((r as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
    await usage.checkMeter(tx, site, "emails", n);
    await tx
      .update(emailCampaigns)
      .set({ status: "sending", pauseReason: null, updatedAt: sql`now()` })
      .where(thisCampaign(site.accountId, campaignId));
    return n;
  });
  if (left === null) return queueCampaignNow(db, site, campaignId);
  await startChain(db, site, campaignId);
  return { recipients: left };
}

async function notSending(db: Db, accountId: string, campaignId: string, wanted: string): Promise<AppError> {
  const [c] = await withTenant(db, accountId, (tx) =>
    tx.select({ status: emailCampaigns.status }).from(emailCampaigns).where(thisCampaign(accountId, campaignId)),
  );
  return c
    ? new AppError("conflict", `The campaign is ${c.status}, not ${wanted}`)
    : new AppError("not_found", "Campaign not found");
}

/** Queues the scheduled campaigns whose time has come (one refused, e.g. at the e-mail limit, is paused with the reason). */
export async function queueDueCampaigns(db: Db): Promise<number> {
  const due = await withPlatform(db, (tx) =>
    tx.execute<{ send_context: DeliverData }>(sql`
      select send_context from email_campaigns
      where status = 'scheduled' and scheduled_at <= now() and send_context is not null
      order by scheduled_at limit 50`),
  );
  let queued = 0;
  for (const { send_context: d } of (due as unknown as { rows: { send_context: DeliverData }[] }).rows) {
    const site = siteOf(d);
    try {
      await queueCampaignNow(db, site, d.campaignId);
      queued++;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await withTenant(db, d.accountId, (tx) =>
        tx
          .update(emailCampaigns)
          .set({ status: "paused", pauseReason: reason, updatedAt: sql`now()` })
          .where(and(thisCampaign(d.accountId, d.campaignId), eq(emailCampaigns.status, "scheduled"))),
      );
    }
  }
  return queued;
}

// A process starting after a crash restarts every chain a dead process may have been carrying.
jobs.onStart("campaigns-restart", (db) => restartChains(db, 0));
jobs.define(DELIVER_CAMPAIGN, deliverJob, { retryLimit: 5, retryDelay: 5, retryBackoff: true, concurrency: 2 });
jobs.define(CAMPAIGN_TICK, async (db) => tick(db), {
  retryLimit: 0,
  retryDelay: 60,
  retryBackoff: false,
  concurrency: 1,
});
jobs.schedule(CAMPAIGN_TICK, "* * * * *");
