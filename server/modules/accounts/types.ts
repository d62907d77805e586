import type { AccountSettings, MenuItem } from "../../../core/account";
import type { SiteFeatures } from "../../../core/features";

/** What every request knows about the site it is for. */
export type SiteAccount = {
  accountId: string;
  slug: string;
  domain: string | null;
  isPlatform: boolean;
  ownerUserId: string | null;
  settings: AccountSettings;
  features: SiteFeatures;
  menus: { header: MenuItem[]; mobile: MenuItem[] };
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  theme: Record<string, unknown>;
  misc: Record<string, unknown>;
  /** Per-role capability additions of this site (spec §3 Account.caps). */
  caps: Record<string, string[]>;
  /**
   * Set while staff have suspended the site (decision 0031): its pages answer the suspended page and
   * its API refuses. Read with the site by host resolution; a site read otherwise carries null.
   */
  suspension: SiteSuspension | null;
};

export type SiteSuspension = { reason: string; since: string };

export type HostResolution = { kind: "site"; site: SiteAccount } | { kind: "unknown" };
