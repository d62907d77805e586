import type { ReactNode } from "react";
import { CookieConsent } from "./cookie-consent";
import { PublicFooter } from "./public-footer";
import { PublicTopBar } from "./public-top-bar";
import { SkipLink } from "./skip-link";

/** The platform's own site (spec §2 Layouts): top bar, mobile side menu, footer, cookie notice. */
export function PublicLayout({
  sitetitle,
  user,
  children,
}: {
  sitetitle: string;
  user: { name: string } | null;
  children: ReactNode;
}) {
  return (
    <div className="public-shell">
      <SkipLink />
      <PublicTopBar sitetitle={sitetitle} user={user} />
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter sitetitle={sitetitle} />
      <CookieConsent />
    </div>
  );
}
