import { MantineThemeProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { useConsent } from "../hooks/use-consent";
import { allowsThirdParty } from "../lib/consent";
import type { SiteChrome } from "../lib/site-chrome";
import { brandAttribute, siteThemeStyle } from "../lib/site-theme-style";
import { AdminToolbar } from "./admin-toolbar";
import { BackToTop } from "./back-to-top";
import { CookieConsent } from "./cookie-consent";
import { CustomScripts } from "./custom-scripts";
import { HeaderNotice } from "./header-notice";
import { ReferralCapture } from "./referral-capture";
import { SiteAnalytics } from "./commerce/site-analytics";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { PORTAL_ROOT } from "./side-drawer";
import { SkipLink } from "./skip-link";

// Dialogs and menus of the site (cart, search, cookie settings) are drawn inside its shell, where
// the site's colours and font apply, instead of at the end of <body>.
const SITE_OVERLAYS = { components: { Portal: { defaultProps: { target: PORTAL_ROOT } } } };

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
    <div
      className={`site-shell${site.bodyStyle === "boxed" ? " boxed" : ""}`}
      style={siteThemeStyle(site.theme)}
      data-portal-root=""
      {...brandAttribute(site.theme)}
    >
      <MantineThemeProvider theme={SITE_OVERLAYS}>
        <SiteFontStylesheet theme={site.theme} />
        <SkipLink />
        <SiteAnalytics tenantId={site.accountId} signedIn={Boolean(user)} />
        <ReferralCapture />
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
      </MantineThemeProvider>
    </div>
  );
}

/** The chosen font's stylesheet, served by the platform; React puts it in <head>. */
export function SiteFontStylesheet({ theme }: { theme: SiteChrome["theme"] }) {
  return theme.fontStylesheet ? <link rel="stylesheet" href={theme.fontStylesheet} precedence="site-font" /> : null;
}
