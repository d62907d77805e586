// Links between the screens of the owner's e-mail area (spec §2: campaigns and contacts both live
// under /dashboard/manage/marketing/emails).
import { Group } from "@mantine/core";
import { NavLink } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

const TABS = [
  { key: "campaigns", to: "/dashboard/manage/marketing/emails" },
  { key: "contacts", to: "/dashboard/manage/marketing/emails/contacts" },
  { key: "lists", to: "/dashboard/manage/marketing/emails/lists" },
] as const;

export type EmailTab = (typeof TABS)[number]["key"];

export function EmailTabs({ active }: { active: EmailTab }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("marketing.emailTabs.label")}>
      <Group gap="md" mb="md" wrap="wrap">
        {TABS.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            end
            aria-current={tab.key === active ? "page" : undefined}
            style={{ fontWeight: tab.key === active ? 700 : 400 }}
          >
            {t(`marketing.emailTabs.${tab.key}`)}
          </NavLink>
        ))}
      </Group>
    </nav>
  );
}
