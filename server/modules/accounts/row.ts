// An accounts row as the rest of the platform sees it (SiteAccount), and the bus topic that says
// "this account changed" to every web process.
import { ZAccountSettings } from "../../../core/account";
import { DEFAULT_SITE_FEATURES } from "../../../core/features";
import type { accounts as accountsTable } from "../../db/schema";
import type { SiteAccount, SiteSuspension } from "./types";

export const ACCOUNT_CHANGED = "account_changed";

export type AccountRow = typeof accountsTable.$inferSelect;

export const toSite = (r: AccountRow, suspension: SiteSuspension | null = null): SiteAccount => ({
  accountId: r.accountId,
  slug: r.slug,
  domain: r.domain,
  isPlatform: r.isPlatform,
  ownerUserId: r.ownerUserId,
  settings: ZAccountSettings.parse(r.settings),
  features: { ...DEFAULT_SITE_FEATURES, ...r.features },
  menus: r.menus,
  header: r.header,
  footer: r.footer,
  theme: r.theme,
  misc: r.misc,
  caps: r.caps,
  suspension,
});
