import { Avatar, Menu, UnstyledButton } from "@mantine/core";
import {
  IconAffiliate,
  IconCheck,
  IconLogout,
  IconMoon,
  IconMoonStars,
  IconSettings,
  IconSun,
  IconUser,
} from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { initials } from "../lib/initials";
import { Form, Link } from "react-router";
import type { ProfileMenuItem } from "../../core/menus";
import { useTheme } from "../hooks/use-theme";
import { THEMES, type ThemeName } from "../lib/theme";

const THEME_ICONS: Record<ThemeName, typeof IconSun> = { light: IconSun, dark: IconMoon, night: IconMoonStars };
const itemIcon = (id: string) => (id === "profile" ? IconUser : id === "affiliate" ? IconAffiliate : IconSettings);

/** The account menu (spec §2 profile menu): profile, management screens, theme, log out. */
export function DashboardUserMenu({
  user,
  items,
}: {
  user: { name: string; email: string };
  items: ProfileMenuItem[];
}) {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const links = items.filter((i) => i.kind === "link" && i.href);
  return (
    <Menu position="bottom-end" width={260} closeOnItemClick>
      <Menu.Target>
        <UnstyledButton
          className="user-button"
          aria-label={t("nav.userMenu", { name: user.name })}
          data-tour="account-menu"
        >
          <Avatar size={32} radius="xl" name={user.name} color="initials">
            <span className="initials-text" data-initials={initials(user.name)} aria-hidden />
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className="menu-identity">
          <strong>{user.name}</strong>
          <span className="muted small-text">{user.email}</span>
        </div>
        <Menu.Divider />
        {links.map((item) => {
          const Icon = itemIcon(item.id);
          return (
            <Menu.Item key={item.id} component={Link} to={item.href!} leftSection={<Icon size={16} aria-hidden />}>
              {t(item.labelKey)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Label>{t("theme.label")}</Menu.Label>
        {THEMES.map((name) => {
          const Icon = THEME_ICONS[name];
          return (
            <Menu.Item
              key={name}
              onClick={() => setTheme(name)}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={theme === name ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={theme === name ? "true" : undefined}
            >
              {t(`theme.${name}`)}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Form method="post" action="/logout">
          <Menu.Item component="button" type="submit" leftSection={<IconLogout size={16} aria-hidden />} color="red">
            {t("nav.logout")}
          </Menu.Item>
        </Form>
      </Menu.Dropdown>
    </Menu>
  );
}
