import { IconMenu2, IconSearch, IconShoppingCart } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useCartCount } from "../hooks/use-cart";
import { onOpenCart } from "../lib/cart";
import { useScrollHeader } from "../hooks/use-scroll-header";
import type { SiteChrome } from "../lib/site-chrome";
import { HeaderMenu } from "./header-menu";
import { LanguagePicker } from "./language-picker";
import { SiteLogo } from "./site-logo";
import { SiteMobileMenu } from "./site-mobile-menu";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

// The modals are fetched the first time someone opens them, not with every page.
const SiteSearchModal = lazy(() => import("./site-search-modal").then((m) => ({ default: m.SiteSearchModal })));
const CartModal = lazy(() => import("./cart-modal").then((m) => ({ default: m.CartModal })));

/** A site's header: logo, menus, theme switch, search, cart, language and the account links. */
export function SiteHeader({ site, user }: { site: SiteChrome; user: { name: string } | null }) {
  const { t } = useTranslation();
  const h = site.header;
  const { shadow, hidden } = useScrollHeader(h.header_fix);
  const [drawer, setDrawer] = useState(false);
  const [modal, setModal] = useState<"search" | "cart" | null>(null);
  const cartCount = useCartCount();
  // Adding a product anywhere on the page opens the cart.
  useEffect(() => onOpenCart(() => setModal("cart")), []);
  const classes = [
    "site-header",
    `style-${h.header_style}`,
    h.header_fix ? "sticky" : "",
    shadow ? "scrolled" : "",
    hidden ? "tucked" : "",
  ].join(" ");

  return (
    <header className={classes}>
      <div className="site-header-inner">
        <a className="site-brand" href="/">
          <SiteLogo sitetitle={site.sitetitle} logo={site.logo} darkLogo={site.darkLogo} width={site.logoWidth} />
        </a>
        <HeaderMenu items={site.menus.header} fontSize={h.header_fontsize} label={t("nav.main")} />
        <div className="site-actions">
          {h.header_darklight ? <ThemeToggle /> : null}
          {h.header_search ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t("search.open")}
              aria-haspopup="dialog"
              onClick={() => setModal("search")}
            >
              <IconSearch size={20} aria-hidden />
            </button>
          ) : null}
          {h.header_cart ? (
            <button
              type="button"
              className="icon-button cart-button"
              aria-label={t("cart.open", { count: cartCount })}
              aria-haspopup="dialog"
              onClick={() => setModal("cart")}
            >
              <IconShoppingCart size={20} aria-hidden />
              {cartCount > 0 ? (
                <span className="count-badge" aria-hidden>
                  {cartCount}
                </span>
              ) : null}
            </button>
          ) : null}
          <LanguagePicker signedIn={Boolean(user)} className="desktop-only" />
          {h.header_login ? (
            <nav aria-label={t("nav.account")} className="account-nav">
              {user ? (
                <UserMenu name={user.name} withNotifications />
              ) : (
                <>
                  <a href="/login">{t("nav.login")}</a>
                  <a className="button small desktop-only" href="/signup">
                    {t("nav.signup")}
                  </a>
                </>
              )}
            </nav>
          ) : null}
          <button
            type="button"
            className="icon-button mobile-only"
            aria-label={t("nav.openMenu")}
            aria-expanded={drawer}
            onClick={() => setDrawer(true)}
          >
            <IconMenu2 size={22} aria-hidden />
          </button>
        </div>
      </div>
      <SiteMobileMenu
        opened={drawer}
        onClose={() => setDrawer(false)}
        title={site.sitetitle}
        items={site.menus.mobile}
        showSignup={h.header_login && !user}
        signedIn={Boolean(user)}
      />
      <Suspense fallback={null}>
        {modal === "search" ? <SiteSearchModal onClose={() => setModal(null)} /> : null}
        {modal === "cart" ? <CartModal currency={site.currency} onClose={() => setModal(null)} /> : null}
      </Suspense>
    </header>
  );
}
