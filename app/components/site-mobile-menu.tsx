import { useTranslation } from "../i18n/use-translation";
import type { MenuNode } from "../lib/menu-tree";
import { isExternal } from "../lib/safe-url";
import { LanguagePicker } from "./language-picker";
import { SideDrawer } from "./side-drawer";

function Entries({ items }: { items: MenuNode[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          {item.href ? (
            <a href={item.href} {...(isExternal(item.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
              {item.label}
            </a>
          ) : (
            <span className="menu-heading">{item.label}</span>
          )}
          {item.children.length ? <Entries items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** The side menu on small screens: the site's mobile menu, or its header menu when it has none. */
export function SiteMobileMenu({
  opened,
  onClose,
  title,
  items,
  showSignup,
  signedIn,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  items: MenuNode[];
  showSignup: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SideDrawer opened={opened} onClose={onClose} title={title}>
      <nav className="drawer-links nested" aria-label={t("nav.mobile")}>
        {items.length ? <Entries items={items} /> : <a href="/">{t("nav.home")}</a>}
        <LanguagePicker signedIn={signedIn} />
        {showSignup ? (
          <a className="button" href="/signup">
            {t("nav.signup")}
          </a>
        ) : null}
      </nav>
    </SideDrawer>
  );
}
