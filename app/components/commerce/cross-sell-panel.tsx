// Spec §4 Cart, §9: cross-sell suggestions appear CROSS_SELL_DELAY_MS after the cart has items:
// the cart's products' `cross` entries (read from the products API), each with an Add button and
// dismissable one by one.
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useRouteLoaderData } from "react-router";
import { CROSS_SELL_DELAY_MS, type CartProduct, crossSells } from "../../../core/cart-rules";
import { formatMoney } from "../../../core/currency";
import { priceOf } from "../../../core/product";
import { addProduct } from "../../lib/cart";

/** Published products by id, through the public products API. */
export async function fetchProducts(ids: readonly string[], fetcher: typeof fetch = fetch): Promise<CartProduct[]> {
  if (!ids.length) return [];
  const res = await fetcher(`/api/v1/products?ids=${ids.map(encodeURIComponent).join(",")}&per_page=100`, {
    credentials: "same-origin",
  });
  if (!res.ok) return [];
  const body = (await res.json()) as { products?: CartProduct[] };
  return Array.isArray(body.products) ? body.products : [];
}

export function CrossSellPanel({ cartIds, currency }: { cartIds: string[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const root = useRouteLoaderData("root") as { accountId?: string } | undefined;
  const [suggestions, setSuggestions] = useState<CartProduct[] | null>(null);
  const [dismissed, setDismissed] = useState<string[]>([]);
  const key = cartIds.join(",");

  useEffect(() => {
    const ids = key ? key.split(",") : [];
    if (!ids.length) return;
    let live = true;
    const timer = setTimeout(async () => {
      const inCart = await fetchProducts(ids);
      const suggested = crossSells(ids, inCart);
      const found = (await fetchProducts(suggested)).filter((p) => priceOf(p.metadata));
      if (live) setSuggestions(found);
    }, CROSS_SELL_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);

  const shown = (suggestions ?? []).filter((p) => !dismissed.includes(p.id) && !cartIds.includes(p.id));
  if (suggestions === null || shown.length === 0) return null;
  return (
    <section aria-label={t("cart.crossSellTitle")} className="cross-sell">
      <Text fw={600} mb="xs">
        {t("cart.crossSellTitle")}
      </Text>
      <Stack gap="xs">
        {shown.map((p) => {
          const price = priceOf(p.metadata);
          return (
            <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="cross-sell-item">
              <div>
                <Text size="sm" fw={500}>
                  {p.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {price ? formatMoney(price.amount, currency, i18n.language) : ""}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t("cart.crossSellAdd", { title: p.title })}
                  onClick={() => addProduct(p, { tenantId: root?.accountId ?? "", currency })}
                >
                  {t("cart.add")}
                </Button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t("cart.crossSellDismiss", { title: p.title })}
                  onClick={() => setDismissed((d) => [...d, p.id])}
                >
                  <IconX size={16} aria-hidden />
                </button>
              </Group>
            </Group>
          );
        })}
      </Stack>
    </section>
  );
}
