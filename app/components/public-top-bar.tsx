import { IconMenu2 } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Link, useLocation } from "react-router";
import { routeExists } from "../lib/implemented-routes";
import { LanguagePicker } from "./language-picker";
import { SideDrawer } from "./side-drawer";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

/** Sections of the landing page, the spec's public navigation hints (§2). */
const SECTIONS = ["product", "useCases", "features", "pricing"] as const;
const anchor = (s: (typeof SECTIONS)[number]) => `/#${s === "useCases" ? "use-cases" : s}`;

/** The platform's top bar: sections, theme, language, docs (once they exist), log in or the user menu. */
export function PublicTopBar({ sitetitle, user }: { sitetitle: string; user: { name: string } | null }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing the side menu is the point of a route change
  useEffect(() => setOpened(false), [location.pathname, location.hash]);
  const docs = routeExists("/docs", true);

  const links = (
    <>
      {SECTIONS.map((s) => (
        <a key={s} href={anchor(s)}>
          {t(`landing.nav.${s}`)}
        </a>
      ))}
      <Link to="/about">{t("nav.about")}</Link>
      {docs ? <Link to="/docs">{t("nav.docs")}</Link> : null}
    </>
  );

  return (
    <header className="topbar public-topbar">
      <Link className="brand" to="/">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{sitetitle}</span>
      </Link>
      <nav className="topbar-links desktop-only" aria-label={t("nav.main")}>
        {links}
      </nav>
      <div className="topbar-actions">
        <ThemeToggle />
        <LanguagePicker signedIn={Boolean(user)} className="desktop-only" />
        <nav aria-label={t("nav.account")} className="account-nav">
          {user ? (
            <UserMenu name={user.name} withNotifications={false} />
          ) : (
            <>
              <Link to="/login">{t("nav.login")}</Link>
              <Link className="button small desktop-only" to="/signup">
                {t("nav.signup")}
              </Link>
            </>
          )}
        </nav>
        <button
          type="button"
          className="icon-button mobile-only"
          aria-label={t("nav.openMenu")}
          aria-expanded={opened}
          onClick={() => setOpened(true)}
        >
          <IconMenu2 size={22} aria-hidden />
        </button>
      </div>
      <SideDrawer opened={opened} onClose={() => setOpened(false)} title={sitetitle}>
        <nav className="drawer-links" aria-label={t("nav.mobile")}>
          {links}
          <LanguagePicker signedIn={Boolean(user)} />
          {user ? null : (
            <Link className="button" to="/signup">
              {t("nav.signup")}
            </Link>
          )}
        </nav>
      </SideDrawer>
    </header>
  );
}
