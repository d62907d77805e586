import type { ReactNode } from "react";
import { useConsent } from "../hooks/use-consent";
import { allowsThirdParty } from "../lib/consent";
import type { SiteChrome } from "../lib/site-chrome.server";
import { AdminToolbar } from "./admin-toolbar";
import { BackToTop } from "./back-to-top";
import { CookieConsent } from "./cookie-consent";
import { CustomScripts } from "./custom-scripts";
import { HeaderNotice } from "./header-notice";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/**
 * A tenant's public site, drawn from its configuration (spec §2 Tenant site layout). Links here
 * are plain <a> elements: every page is a fresh document, so the owner's custom scripts, which run
 * on content pages, are never present on the sign-in pages where they could read a password.
 */
export function SiteLayout({
  site,
  user,
  children,
}: {
  site: SiteChrome;
  user: { name: string } | null;
  children: ReactNode;
}) {
  const consent = useConsent();
  return (
    <div className={`site-shell${site.bodyStyle === "boxed" ? " boxed" : ""}`}>
      <SkipLink />
      {site.headerNotice ? <HeaderNotice notice={site.headerNotice} /> : null}
      <SiteHeader site={site} user={user} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter site={site} />
      <BackToTop />
      {site.adminToolbar ? <AdminToolbar accountId={site.accountId} slug={site.slug} /> : null}
      <CookieConsent />
      {site.scripts && allowsThirdParty(consent) ? <CustomScripts html={site.scripts} /> : null}
    </div>
  );
}
