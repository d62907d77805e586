// What a system e-mail needs besides its words: money and dates written the way its language
// writes them, and the language of a mail the platform sends about its own billing (to a site's
// owner, or to staff): their own language on the platform's site, else English.
import type { TOptions } from "../../../app/i18n";
import { createI18n } from "../../../app/i18n";
import { notificationText } from "../../../app/lib/notification-text";
import { serverResources } from "../../../app/i18n/resources.server";
import { escapeHtml } from "../../../core/campaign-merge";
import { formatMoney } from "../../../core/currency";
import type { Db } from "../../db/client";
import { accounts as sites } from "../accounts";
import { mailLanguage, type Recipient } from "./texts";

export type MailTranslate = (key: string, vars?: TOptions) => string;

/** A translator in `lang` (English where a text is missing). */
export function translatorIn(lang: string): MailTranslate {
  const i18n = createI18n(lang, serverResources);
  return (key, vars) => i18n.t(key, vars ?? {}) as string;
}

/** Money (minor units) and calendar dates as `lang` writes them; dates are the UTC day. */
export function mailFormats(lang: string) {
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" });
  return {
    money: (minor: number, currency: string) => formatMoney(minor, currency, lang, { decimals: true }),
    date: (d: Date | null | undefined) => (d ? dates.format(d) : ""),
  };
}

/** Words and formats of a mail from the platform: the reader's language on the platform's site, else English. */
export async function platformMailTexts(db: Db, to: Recipient) {
  const platform = await sites.getPlatform(db);
  const lang = platform
    ? await mailLanguage(
        db,
        { accountId: platform.accountId, settings: { ...platform.settings, defaultLanguage: "en" } },
        to,
      )
    : "en";
  return { lang, t: translatorIn(lang), ...mailFormats(lang) };
}

/** A line whose words surround a link: as text, and as HTML with the link an anchor. */
export function linkLine(t: MailTranslate, key: string, url: string, vars: TOptions = {}) {
  const anchor = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    text: t(key, { ...vars, url }),
    // The words are escaped with a stand-in for the link, which then becomes the anchor.
    html: escapeHtml(t(key, { ...vars, url: "\u0000" })).replace("\u0000", anchor),
  };
}

/**
 * The sentence of a course, member or group notification in `lang`, worded as the bell words it
 * (app/lib/notification-text.ts): an e-mail about the event says the same as the bell.
 */
export function noticeSentence(
  lang: string,
  fallback: string,
  data: { event: string; recipient?: string; params: Record<string, unknown> },
): string {
  const i18n = createI18n(lang, serverResources);
  return notificationText({ title: fallback, message: "", data }, i18n.t).title;
}
