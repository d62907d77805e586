// The public words of campaign mail and of the unsubscribe page, in the site's language.
import ar from "../../../app/i18n/locales/ar/translation.json";
import de from "../../../app/i18n/locales/de/translation.json";
import en from "../../../app/i18n/locales/en/translation.json";
import es from "../../../app/i18n/locales/es/translation.json";
import fr from "../../../app/i18n/locales/fr/translation.json";
import pl from "../../../app/i18n/locales/pl/translation.json";
import pt from "../../../app/i18n/locales/pt/translation.json";

const ALL = { en, de, es, fr, pt, ar, pl } as const;
type Lang = keyof typeof ALL;

export type CampaignTexts = {
  campaignMail: { reason: string; unsubscribe: string };
  unsubscribe: { title: string; question: string; confirm: string; done: string; notFound: string };
};

export function textsFor(lang: string | null | undefined): CampaignTexts {
  const key = (lang ?? "en").slice(0, 2) as Lang;
  const t = (ALL[key] ?? en) as unknown as CampaignTexts;
  return { campaignMail: t.campaignMail, unsubscribe: t.unsubscribe };
}

export const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? "");
