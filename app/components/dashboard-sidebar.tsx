import { Tooltip } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Form, NavLink } from "react-router";
import type { DashboardMenuItem } from "../../core/menus";
import { MenuIcon } from "./menu-icon";

/**
 * The dashboard's sidebar: the person's menu (spec §2, core/menus.ts) with group headings, and log
 * out. Collapsed (4.5rem) it shows icons with their names as tooltips; open (18rem) icons and names.
 */
export function DashboardSidebar({
  items,
  site,
  collapsed,
  onNavigate,
}: {
  items: DashboardMenuItem[];
  site: { title: string; logo: string | null };
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  let group: string | undefined;
  return (
    <aside className="dashboard-sidebar" id="dashboard-sidebar" data-tour="sidebar">
      <div className="sidebar-inner">
        <a className="sidebar-brand" href="/dashboard">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="sidebar-label">{site.title}</span>
        </a>
        <nav aria-label={t("nav.dashboardMenu")} className="sidebar-nav">
          <ul>
            {items.map((item) => {
              const heading = item.groupKey !== group ? item.groupKey : undefined;
              group = item.groupKey;
              return (
                <li key={item.id}>
                  {heading ? <span className="sidebar-group sidebar-label">{t(heading)}</span> : null}
                  <Tooltip label={t(item.labelKey)} position="right" disabled={!collapsed} withArrow>
                    <NavLink
                      to={item.href}
                      end={item.href === "/dashboard"}
                      className="sidebar-link"
                      onClick={onNavigate}
                      aria-label={collapsed ? t(item.labelKey) : undefined}
                    >
                      <MenuIcon id={item.id} />
                      <span className="sidebar-label">{t(item.labelKey)}</span>
                    </NavLink>
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        </nav>
        <Form method="post" action="/logout" className="sidebar-footer">
          <button type="submit" className="sidebar-link logout" aria-label={collapsed ? t("nav.logout") : undefined}>
            <IconLogout size={20} aria-hidden />
            <span className="sidebar-label">{t("nav.logout")}</span>
          </button>
        </Form>
      </div>
    </aside>
  );
}
