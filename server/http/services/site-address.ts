// What the site's address and features screen calls: change the slug, set or clear a custom domain
// (with the DNS record to create and a check that it points here), and switch the site's features
// within its plan. Owners and manage_options holders only.
import type { Context } from "hono";
import { siteAddress } from "../../../core/site-address";
import { SITE_FEATURES, planFeatureFor, type SiteFeatures } from "../../../core/features";
import { planAllows } from "../../../core/plans";
import { AppError } from "../../errors";
import { accounts, checkDomain } from "../../modules/accounts";
import { requireSiteManager } from "../middleware/guards";
import type { AppEnv } from "../env";

export function siteAddressServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const cfg = c.get("platform").cfg;
  const site = c.get("site");
  const manager = () => requireSiteManager(c);
  const urlOf = (s: { slug: string; domain: string | null }) => `${cfg.scheme}://${siteAddress(s, cfg.baseDomain)}`;
  /** The record an owner creates at their DNS host: a CNAME to the site's own platform address. */
  const recordFor = (domain: string) => ({
    type: "CNAME",
    name: domain,
    value: `${site.slug}.${cfg.baseDomain.replace(/:\d+$/, "")}`,
  });
  return {
    siteAddress: {
      state() {
        manager();
        return {
          slug: site.slug,
          domain: site.domain,
          url: urlOf(site),
          platformUrl: urlOf({ slug: site.slug, domain: null }),
          record: site.domain ? recordFor(site.domain) : null,
          features: SITE_FEATURES.map((name) => {
            const needs = planFeatureFor(name);
            return { name, on: Boolean(site.features[name]), allowed: !needs || planAllows(site.settings.plan, needs) };
          }),
        };
      },
      /** The new slug; the site answers only at its new address from now on. */
      async setSlug(slug: string) {
        manager();
        const updated = await accounts.update(db, site.accountId, { slug: slug.trim().toLowerCase() });
        return { url: urlOf(updated) };
      },
      async setDomain(domain: string | null) {
        manager();
        const updated = await accounts.update(db, site.accountId, { domain: domain?.trim() ? domain : null });
        return { url: urlOf(updated), record: updated.domain ? recordFor(updated.domain) : null };
      },
      async checkDomain() {
        manager();
        if (!site.domain) throw new AppError("bad_request", "The site has no custom domain to check");
        return checkDomain(site.domain, recordFor(site.domain).value, cfg.baseDomain);
      },
      async setFeatures(patch: Partial<SiteFeatures>) {
        manager();
        const updated = await accounts.setFeatures(db, site, patch);
        return updated.features;
      },
    },
  };
}
