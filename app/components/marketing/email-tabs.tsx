// Links between the screens of the owner's e-mail area (spec §2: campaigns and contacts both live
// under /dashboard/manage/marketing/emails).
import { useTranslation } from "../../i18n/use-translation";
import { SectionTabs } from "../section-tabs";

const TABS = [
  { key: "campaigns", to: "/dashboard/manage/marketing/emails" },
  { key: "contacts", to: "/dashboard/manage/marketing/emails/contacts" },
  { key: "lists", to: "/dashboard/manage/marketing/emails/lists" },
  { key: "tags", to: "/dashboard/manage/marketing/emails/tags" },
  { key: "fields", to: "/dashboard/manage/marketing/emails/fields" },
] as const;

export type EmailTab = (typeof TABS)[number]["key"];

export function EmailTabs({ active }: { active: EmailTab }) {
  const { t } = useTranslation();
  return (
    <SectionTabs
      label={t("marketing.emailTabs.label")}
      tabs={TABS.map((tab) => ({
        ...tab,
        label: t(
          tab.key === "tags" || tab.key === "fields"
            ? `audienceFields.tabs.${tab.key}`
            : `marketing.emailTabs.${tab.key}`,
        ),
      }))}
      active={active}
    />
  );
}
