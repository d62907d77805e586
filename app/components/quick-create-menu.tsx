import { Menu } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import type { QuickCreateMenuItem } from "../../core/menus";

/** The admin quick-menu (spec §2): new pages, posts, courses… as far as those screens exist. */
export function QuickCreateMenu({ links }: { links: QuickCreateMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <button type="button" className="icon-button" aria-label={t("quickCreate.title")} data-tour="extra-menu">
          <IconPlus size={20} aria-hidden />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("quickCreate.title")}</Menu.Label>
        {links.map((link) => (
          <Menu.Item key={link.id} component={Link} to={link.href}>
            {t(link.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
