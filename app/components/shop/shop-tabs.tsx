// Links between the owner's shop screens.
import { Group } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { NavLink } from "react-router";

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
    <nav aria-label={t("shop.sections")}>
      <Group gap="md" mb="md" wrap="wrap">
        {TABS.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            end
            aria-current={tab.key === active ? "page" : undefined}
            style={{ fontWeight: tab.key === active ? 700 : 400 }}
          >
            {t(`shop.tabs.${tab.key}`)}
          </NavLink>
        ))}
      </Group>
    </nav>
  );
}
