// Links between the owner's shop screens.
import { useTranslation } from "../../i18n/use-translation";
import { SectionTabs } from "../section-tabs";

const TABS = [
  { key: "products", to: "/dashboard/manage/ecommerce" },
  { key: "memberships", to: "/dashboard/manage/ecommerce/memberships" },
  { key: "coupons", to: "/dashboard/manage/ecommerce/coupons" },
  { key: "orders", to: "/dashboard/manage/ecommerce/orders" },
  { key: "payments", to: "/dashboard/manage/ecommerce/payments" },
] as const;

export function ShopTabs({ active }: { active: (typeof TABS)[number]["key"] }) {
  const { t } = useTranslation();
  return (
    <SectionTabs
      label={t("shop.sections")}
      tabs={TABS.map((tab) => ({ ...tab, label: t(`shop.tabs.${tab.key}`) }))}
      active={active}
    />
  );
}
