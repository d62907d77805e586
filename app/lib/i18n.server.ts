// The request's language, chosen on the server (member preference → `lang` cookie → the site's
// default → English), and a translator in it for what loaders return (page titles).
import type { TFunction } from "../i18n";
import type { AppLoadContext } from "react-router";
import { LANGUAGE_COOKIE, type LanguageCode, pickLanguage } from "../i18n/languages";
import { serverI18n } from "../i18n/server";
import { readCookie } from "./cookies";

export function requestLanguage(context: AppLoadContext, request: Request): LanguageCode {
  return pickLanguage({
    member: context.member?.language ?? null,
    cookie: readCookie(request.headers.get("cookie"), LANGUAGE_COOKIE),
    site: context.site.settings.defaultLanguage,
  });
}

const translators = new Map<string, TFunction>();

/** A translator fixed to the request's language (one shared, read-only instance per language). */
export function translatorFor(context: AppLoadContext, request: Request): TFunction {
  const lang = requestLanguage(context, request);
  let t = translators.get(lang);
  if (!t) {
    t = serverI18n(lang).getFixedT(lang);
    translators.set(lang, t);
  }
  return t;
}

/** "Page · Site", the document title of every page. */
export const pageTitle = (t: TFunction, key: string, site: string) => `${t(key)} · ${site}`;
