import { IconBell, IconChevronDown, IconLayoutDashboard, IconLogout } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { initials } from "../lib/initials";
import { DisclosureMenu } from "./disclosure-menu";

/**
 * The signed-in person's menu on public pages: Dashboard, Notifications (on a site), Log out.
 * Plain links and a plain form, so each opens as a fresh page (see SiteLayout on owner scripts).
 */
export function UserMenu({ name, withNotifications }: { name: string; withNotifications: boolean }) {
  const { t } = useTranslation();
  return (
    <DisclosureMenu
      className="user-menu"
      label={t("nav.userMenu", { name })}
      button={
        <>
          <span className="initials" data-initials={initials(name)} aria-hidden />
          <span className="label-text user-name">{name}</span>
          <IconChevronDown size={14} aria-hidden />
        </>
      }
    >
      <ul className="menu-list">
        <li>
          <a href="/dashboard">
            <IconLayoutDashboard size={16} aria-hidden /> {t("nav.dashboard")}
          </a>
        </li>
        {withNotifications ? (
          <li>
            <a href="/dashboard/notifications">
              <IconBell size={16} aria-hidden /> {t("menu.notifications")}
            </a>
          </li>
        ) : null}
        <li>
          <form method="post" action="/logout">
            <button type="submit" className="menu-list-button">
              <IconLogout size={16} aria-hidden /> {t("nav.logout")}
            </button>
          </form>
        </li>
      </ul>
    </DisclosureMenu>
  );
}
