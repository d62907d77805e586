// One recipient's message: tokens filled, links tracked, footer and headers.
import { contactValues, type MergeContact, renderMessage } from "../../../core/campaign-merge";
import { fill, textsFor } from "./texts";

export type RenderSite = { name: string; origin: string; lang?: string | null };
export type RenderCampaign = { subject: string; preheader: string; bodyHtml: string };

export const trackingUrls = (origin: string, token: string) => ({
  openUrl: `${origin}/e/o/${token}`,
  clickUrl: (n: number) => `${origin}/e/c/${token}/${n}`,
  unsubscribeUrl: `${origin}/e/u/${token}`,
});

/** The message as `contact` receives it; without a token (preview, test) links are not tracked. */
export function renderFor(campaign: RenderCampaign, contact: MergeContact, site: RenderSite, token: string | null) {
  const urls = trackingUrls(site.origin, token ?? "preview");
  const texts = textsFor(site.lang).campaignMail;
  return renderMessage({
    subject: campaign.subject,
    preheader: campaign.preheader,
    bodyHtml: campaign.bodyHtml,
    values: contactValues(contact, site, urls.unsubscribeUrl),
    siteName: site.name,
    footer: { reason: fill(texts.reason, { site: site.name }), unsubscribeLabel: texts.unsubscribe },
    tracking: token ? { openUrl: urls.openUrl, clickUrl: urls.clickUrl } : undefined,
    unsubscribeUrl: urls.unsubscribeUrl,
  });
}

/** RFC 2369 / RFC 8058 headers: mail programs show an unsubscribe button that POSTs one click. */
export const unsubscribeHeaders = (site: RenderSite, token: string) => ({
  "List-Unsubscribe": `<${trackingUrls(site.origin, token).unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});
