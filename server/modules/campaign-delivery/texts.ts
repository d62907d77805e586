// The public words of campaign mail and of the unsubscribe page, in the site's language.
import { catalogueFor } from "../../../app/i18n/resources.server";

export type CampaignTexts = {
  campaignMail: { reason: string; unsubscribe: string };
  unsubscribe: { title: string; question: string; confirm: string; done: string; notFound: string };
};

export function textsFor(lang: string | null | undefined): CampaignTexts {
  const t = catalogueFor(lang) as unknown as CampaignTexts;
  return { campaignMail: t.campaignMail, unsubscribe: t.unsubscribe };
}

export const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? "");
