// Campaign delivery: queueing a campaign's recipients, sending them in batches through the job
// queue exactly once, merge tokens, tracking and unsubscribe. The campaigns module (editing,
// audience preview, stats) calls these.
import type { Db } from "../../db/client";
import type { MeteredSite } from "../usage";

export type CampaignSite = MeteredSite & { host: string; name: string };

/**
 * Puts every active contact of the campaign's audience on its recipient list and starts sending.
 * Refused (403 plan_limit, `emails`) when the month's e-mails left are fewer than the recipients;
 * refused (409) unless the campaign is a draft or scheduled. Answers how many will receive it.
 */
export async function queueCampaign(
  _db: Db,
  _site: CampaignSite,
  _campaignId: string,
): Promise<{ recipients: number }> {
  throw new Error("Campaign delivery is not available yet");
}

/** Sends the campaign as one contact would receive it (tokens filled with the sender's own name) to `to`. */
export async function sendTestEmail(_db: Db, _site: CampaignSite, _campaignId: string, _to: string): Promise<void> {
  throw new Error("Campaign delivery is not available yet");
}

/** The campaign's subject, HTML and text as one recipient gets them (used by the preview). */
export function renderCampaign(
  campaign: { subject: string; preheader: string; bodyHtml: string },
  contact: { email: string; name: string; fields?: Record<string, unknown> },
): { subject: string; html: string; text: string } {
  return { subject: campaign.subject, html: campaign.bodyHtml, text: contact.email };
}
