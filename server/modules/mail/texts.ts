// The words of a system e-mail, in the language its reader reads the site in: the member's own
// choice on that site, else the site's default language, else English.
import { and, eq, or } from "drizzle-orm";
import type { TOptions } from "../../../app/i18n";
import { createI18n } from "../../../app/i18n";
import { serverResources } from "../../../app/i18n/resources.server";
import { LANGUAGE_CODES } from "../../../core/languages";
import type { Db } from "../../db/client";
import { members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { SiteAccount } from "../accounts";

type Site = Pick<SiteAccount, "accountId" | "settings">;
/** Who the mail is for: their user id, their e-mail address, or both. */
export type Recipient = { userId?: string | null; email?: string | null };

const isLanguage = (lang: string | null | undefined): lang is string =>
  !!lang && (LANGUAGE_CODES as readonly string[]).includes(lang);

/** The language a recipient reads this site in: member's language → site default → English. */
export async function mailLanguage(db: Db, site: Site, to: Recipient): Promise<string> {
  const matches = [
    to.userId ? eq(members.userId, to.userId) : undefined,
    to.email ? eq(members.email, to.email.toLowerCase()) : undefined,
  ].filter((m) => m !== undefined);
  let own: string | null = null;
  if (matches.length) {
    const [row] = await withTenant(db, site.accountId, (tx) =>
      tx
        .select({ language: members.language })
        .from(members)
        .where(and(eq(members.accountId, site.accountId), or(...matches)))
        .limit(1),
    );
    own = row?.language ?? null;
  }
  if (isLanguage(own)) return own;
  const fallback = site.settings.defaultLanguage;
  return isLanguage(fallback) ? fallback : "en";
}

/** A translator in the recipient's language: `t("mail.passwordReset.subject", vars)`. */
export async function mailTexts(db: Db, site: Site, to: Recipient) {
  const lang = await mailLanguage(db, site, to);
  const i18n = createI18n(lang, serverResources);
  return { lang, t: (key: string, vars?: TOptions) => i18n.t(key, vars ?? {}) as string };
}
