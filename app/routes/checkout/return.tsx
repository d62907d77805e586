import { Alert, Anchor, Button, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconClockHour4 } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { redirect } from "react-router";
import { clearCart } from "../../lib/cart";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { FunnelTracker } from "../../components/funnels/funnel-tracker";
import type { Route } from "./+types/return";

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: d?.title ?? "Checkout" },
  { name: "robots", content: "noindex" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Back from the provider's page: the order is confirmed with the provider if the webhook is late. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw redirect(`/login?redirectedFrom=${encodeURIComponent(url.pathname + url.search)}`);
  const id = url.searchParams.get("order") ?? "";
  if (!UUID.test(id)) throw new Response("Not found", { status: 404 });
  const order = await context.services.checkout.confirmReturn(id).catch((err: { code?: string }) => {
    if (err?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  });
  // Paid, and the product has an offer after purchase: the buyer sees it before the confirmation.
  if (order.status === "paid" && (await context.services.upsell.open(order.id))) {
    throw redirect(`/checkout/upsell/${order.id}`);
  }
  return {
    title: pageTitle(translatorFor(context, request), "checkout.returnTitle", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    order,
  };
}

export default function CheckoutReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order } = loaderData;
  const paid = order.status === "paid";
  useEffect(() => {
    if (paid) clearCart();
  }, [paid]);
  return (
    <div className="checkout-page">
      <FunnelTracker />
      <header className="checkout-top" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Container size="lg">
          <Group py="sm">
            <Anchor href="/" fw={700} c="inherit" underline="never">
              {loaderData.sitetitle}
            </Anchor>
          </Group>
        </Container>
      </header>
      <Container size="sm" py="xl" component="main" id="main">
        <Stack gap="md" align="flex-start">
          {paid ? (
            <>
              <Group gap="xs">
                <IconCircleCheck size={32} color="var(--mantine-color-green-7)" aria-hidden />
                <Title order={1}>{t("checkout.thanks")}</Title>
              </Group>
              <Text>{t("checkout.paidFor", { number: order.number })}</Text>
              {order.courses.length ? (
                <>
                  <Text fw={600}>{t("orders.granted")}</Text>
                  <List>
                    {order.courses.map((c) => (
                      <List.Item key={c.id}>
                        <Anchor href={`/dashboard/courses/${c.id}`}>{c.title}</Anchor>
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : null}
            </>
          ) : (
            <>
              <Group gap="xs">
                <IconClockHour4 size={32} aria-hidden />
                <Title order={1}>{t("checkout.processing")}</Title>
              </Group>
              <Alert color="yellow">{t("checkout.processingHint")}</Alert>
            </>
          )}
          <Button component="a" href={`/dashboard/orders/${order.id}`} variant="light">
            {t("orders.view")}
          </Button>
        </Stack>
      </Container>
    </div>
  );
}
