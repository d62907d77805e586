// Campaign delivery: queueing a campaign's recipients, sending them in batches through the job
// queue exactly once, merge tokens, tracking and unsubscribe. The campaigns module (editing,
// audience preview, stats) calls these.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailCampaigns } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { CAMPAIGN_KIND, mail } from "../mail";
import { type MeteredSite, usage } from "../usage";
import { renderFor } from "./render";

export { audienceCountSql } from "./audience";
import { pauseCampaignNow, queueCampaignNow, resumeCampaignNow, scheduleCampaignAt, siteForSend } from "./send";

export type CampaignSite = MeteredSite & { host: string; name: string };

/**
 * Puts every active contact of the campaign's audience on its recipient list and starts sending.
 * Refused (403 plan_limit, `emails`) when the month's e-mails left are fewer than the recipients;
 * refused (409) unless the campaign is a draft or scheduled. Answers how many will receive it.
 */
export async function queueCampaign(db: Db, site: CampaignSite, campaignId: string): Promise<{ recipients: number }> {
  return queueCampaignNow(db, siteForSend(site), campaignId);
}

/** Stops a sending campaign after its batch in flight (409 unless sending). */
export async function pauseCampaign(db: Db, site: CampaignSite, campaignId: string): Promise<void> {
  await pauseCampaignNow(db, site.accountId, campaignId);
}

/** Sends a paused campaign on to those not reached yet (403 plan_limit when the e-mails left do not cover them). */
export async function resumeCampaign(db: Db, site: CampaignSite, campaignId: string): Promise<{ recipients: number }> {
  return resumeCampaignNow(db, siteForSend(site), campaignId);
}

/** Sends the campaign as one contact would receive it (tokens filled with the sender's own name) to `to`. */
export async function sendTestEmail(db: Db, site: CampaignSite, campaignId: string, to: string): Promise<void> {
  const s = siteForSend(site);
  const [c] = await withTenant(db, site.accountId, (tx) =>
    tx
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.accountId, site.accountId), eq(emailCampaigns.id, campaignId))),
  );
  if (!c) throw new AppError("not_found", "Campaign not found");
  const m = renderFor(c, { email: to, name: to.split("@")[0] ?? "" }, s, null);
  // Counted (and refused at the limit) like the campaign itself; not a recipient.
  await withTenant(db, site.accountId, (tx) => usage.checkMeter(tx, site, "emails", 1));
  const [id] = await mail.enqueueMany(db, site.accountId, [
    { to, subject: `[Test] ${m.subject}`, html: m.html, text: m.text, kind: CAMPAIGN_KIND },
  ]);
  if (!id) throw new AppError("internal", "The test e-mail could not be queued");
}

/** The campaign's subject, HTML and text as one recipient gets them (used by the preview). */
export function renderCampaign(
  campaign: { subject: string; preheader: string; bodyHtml: string },
  contact: { email: string; name: string; fields?: Record<string, unknown> },
): { subject: string; html: string; text: string } {
  return renderFor(campaign, contact, { name: "", origin: "", lang: null }, null);
}

/** Schedules a draft campaign for `at`; the minute tick queues it then (as queueCampaign would). */
export async function scheduleCampaign(db: Db, site: CampaignSite, campaignId: string, at: Date): Promise<void> {
  await scheduleCampaignAt(db, siteForSend(site), campaignId, at);
}

export { recipientOf, recordClick, recordOpen, unsubscribe } from "./tracking";
export { textsFor, fill } from "./texts";
export { DELIVER_CAMPAIGN, deliverBatch, queueDueCampaigns, ratePerMinute } from "./send";
export { type SiteEmail, sendSiteEmail } from "./site-email";
