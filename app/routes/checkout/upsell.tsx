import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Image,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../../core/currency";
import { FunnelTracker } from "../../components/funnels/funnel-tracker";
import { useTranslation } from "../../i18n/use-translation";
import { safeRedirect } from "../../lib/auth-response.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { safeImageSrc } from "../../lib/safe-url";
import type { Route } from "./+types/upsell";

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: d?.title ?? "Checkout" },
  { name: "robots", content: "noindex" },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new Response("Not found", { status: 404 });

/** The offer's order, product and where the buyer goes on to (a path on this site). */
function params(request: Request, orderId: string) {
  const url = new URL(request.url);
  if (!UUID.test(orderId)) throw notFound();
  const product = url.searchParams.get("product");
  if (product && !UUID.test(product)) throw notFound();
  return {
    url,
    productId: product || null,
    next: safeRedirect(url.searchParams.get("next"), `/dashboard/orders/${orderId}`),
  };
}

/** /checkout/upsell/:orderId (outside the site layout): the offer after a paid order, to its buyer only. */
export async function loader({ context, request, params: p }: Route.LoaderArgs) {
  const { url, productId, next } = params(request, p.orderId);
  if (!context.user) throw redirect(`/login?redirectedFrom=${encodeURIComponent(url.pathname + url.search)}`);
  const offer = await context.services.upsell.offer(p.orderId, productId).catch((err: { code?: string }) => {
    // Someone else's order, no offer, or an order not paid (yet): nothing to see here.
    if (err?.code === "not_found" || err?.code === "conflict") throw notFound();
    throw err;
  });
  if (offer.decided?.outcome === "declined") throw redirect(next);
  if (offer.decided?.upsellOrderId) throw redirect(`/dashboard/orders/${offer.decided.upsellOrderId}`);
  return {
    title: pageTitle(translatorFor(context, request), "upsell.title", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    offer,
    next,
  };
}

export async function action({ context, request, params: p }: Route.ActionArgs) {
  const { productId, next } = params(request, p.orderId);
  if (!context.user) throw notFound();
  const intent = String((await request.formData()).get("intent") ?? "");
  try {
    if (intent === "decline") {
      await context.services.upsell.decline(p.orderId, productId);
      return redirect(next);
    }
    if (intent !== "accept") return data({ error: "upsell.errorGeneric" }, { status: 400 });
    const { order, next: step } = await context.services.upsell.accept(p.orderId, productId);
    // Paid at once (a saved card): on to the next step. Otherwise the buyer pays the new order.
    if (step.kind === "paid") return redirect(next);
    if (step.kind === "redirect") return redirect(step.url);
    return redirect(`/dashboard/orders/${order.id}`);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "not_found") throw notFound();
    if (code === "conflict") return redirect(next);
    if (code === "payment_failed") return data({ error: "upsell.errorPayment" }, { status: 402 });
    throw err;
  }
}

export default function Upsell({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { offer } = loaderData;
  const money = (n: number) => formatMoney(n, offer.currency, i18n.language, { decimals: true });
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const image = safeImageSrc(offer.product.image);
  const discounted = offer.offerPrice < offer.product.price.amount;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="checkout-page">
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
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck size={24} color="var(--mantine-color-green-7)" aria-hidden />
            <Text>{t("upsell.paid", { number: offer.orderNumber })}</Text>
          </Group>
          <Title order={1}>{offer.headline || t("upsell.heading")}</Title>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {image ? <Image src={image} alt="" radius="sm" mah={280} fit="cover" /> : null}
              <Title order={2} size="h3">
                {offer.product.title}
              </Title>
              <Group gap="sm" align="baseline">
                <Text fw={700} size="xl" data-testid="upsell-price">
                  {money(offer.offerPrice)}
                </Text>
                {discounted ? (
                  <>
                    <Text td="line-through" c="dimmed" aria-hidden>
                      {money(offer.product.price.amount)}
                    </Text>
                    <VisuallyHidden>
                      {t("upsell.insteadOf", { price: money(offer.product.price.amount) })}
                    </VisuallyHidden>
                    <Badge color="green" variant="light">
                      {t("upsell.onlyNow")}
                    </Badge>
                  </>
                ) : null}
                {offer.product.price.type === "subscription" ? (
                  <Text c="dimmed">{t("upsell.subscription")}</Text>
                ) : null}
              </Group>
              {offer.product.includes.length ? (
                <Stack gap={4}>
                  <Text fw={600}>{t("upsell.includes")}</Text>
                  <List size="sm">
                    {offer.product.includes.map((title) => (
                      <List.Item key={title}>{title}</List.Item>
                    ))}
                  </List>
                </Stack>
              ) : null}
              {offer.product.description ? (
                <Text style={{ whiteSpace: "pre-line" }}>{offer.product.description}</Text>
              ) : null}
            </Stack>
          </Paper>
          {error ? (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          ) : null}
          <Form method="post">
            <Group gap="sm" wrap="wrap">
              <Button
                type="submit"
                name="intent"
                value="accept"
                size="md"
                loading={busy === "accept"}
                disabled={Boolean(busy)}
              >
                {t("upsell.accept")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                size="md"
                variant="subtle"
                loading={busy === "decline"}
                disabled={Boolean(busy)}
              >
                {t("upsell.decline")}
              </Button>
            </Group>
          </Form>
          <Text size="sm" c="dimmed">
            {t("upsell.hint")}
          </Text>
        </Stack>
      </Container>
      <FunnelTracker />
    </div>
  );
}
