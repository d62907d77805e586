import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconShoppingCart } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { data, Form, redirect, useNavigate, useNavigation } from "react-router";
import { defaultProvider, formatMoney, providersFor } from "../../../core/currency";
import { CheckoutAccount } from "../../components/commerce/checkout-account";
import { type AppliedCoupon, CouponField } from "../../components/commerce/coupon-field";
import { useCart } from "../../hooks/use-cart";
import { cartTotal, clearCart, setCartSync } from "../../lib/cart";
import { authErrorKey, cookieHeaders } from "../../lib/auth-response.server";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { safeImageSrc } from "../../lib/safe-url";
import { FunnelTracker } from "../../components/funnels/funnel-tracker";
import type { Route } from "./+types/checkout";

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: d?.title ?? "Checkout" },
  { name: "robots", content: "noindex" },
];

/** /checkout (spec §2): outside the site layout; the cart itself lives in the browser. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const options = await context.services.checkout.options();
  const url = new URL(request.url);
  return {
    title: pageTitle(translatorFor(context, request), "checkout.title", context.site.settings.sitetitle),
    sitetitle: context.site.settings.sitetitle,
    signedIn: Boolean(context.user && context.member),
    userName: context.user?.name ?? null,
    options,
    cancelled: url.searchParams.has("cancelled"),
    // One key per checkout view: a double submit places one order.
    idempotencyKey: crypto.randomUUID(),
  };
}

type ActionResult =
  | { intent: "pay"; placed: { orderId: string; next: { kind: string; url?: string }; offer: boolean } }
  | { intent: "pay"; couponRejected: string }
  | { intent: "pay"; error: string }
  | { intent: "signin" | "signup"; error: string; fields?: Record<string, string>; email?: string; name?: string };

const ERROR_KEYS: Record<string, string> = {
  seats: "checkout.errorSeats",
  payment_failed: "checkout.errorPayment",
  not_authenticated: "checkout.errorSignIn",
  forbidden: "checkout.errorSignIn",
};

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (intent === "signin" || intent === "signup") {
    const name = String(form.get("name") ?? "").trim();
    const fields: Record<string, string> = {};
    if (intent === "signup" && !name) fields.name = "errors.required";
    if (!email) fields.email = "errors.required";
    if (intent === "signup" ? password.length < 8 : !password)
      fields.password = intent === "signup" ? "errors.passwordTooShort" : "errors.required";
    if (Object.keys(fields).length)
      return data<ActionResult>({ intent, error: "", fields, email, name }, { status: 422 });
    const res =
      intent === "signin"
        ? await context.services.auth.signIn({ email, password })
        : await context.services.auth.signUp({ name, email, password });
    if (!res.ok) return data<ActionResult>({ intent, error: await authErrorKey(res), email, name }, { status: 400 });
    // Signing in or up on the site makes the person its member; back to the same cart.
    const headers = cookieHeaders(res);
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect) throw redirect("/login/two-factor?redirectedFrom=%2Fcheckout", { headers });
    throw redirect("/checkout", { headers });
  }
  let productIds: string[] = [];
  try {
    productIds = JSON.parse(String(form.get("productIds") ?? "[]"));
  } catch {
    productIds = [];
  }
  try {
    const placed = await context.services.checkout.place({
      productIds: Array.isArray(productIds) ? productIds.map(String) : [],
      coupon: String(form.get("coupon") ?? "") || null,
      provider: String(form.get("provider") ?? "") || null,
      idempotencyKey: String(form.get("idempotencyKey") ?? ""),
    });
    return data<ActionResult>({
      intent: "pay",
      placed: { orderId: placed.order.id, next: placed.next, offer: placed.offer },
    });
  } catch (err) {
    const e = err as { code?: string; details?: { field?: string; message?: string }[] };
    if (e.code === "coupon_rejected") {
      return data<ActionResult>(
        { intent: "pay", couponRejected: e.details?.[0]?.message ?? "cart.couponInvalid" },
        { status: 422 },
      );
    }
    if (e.code === "validation_failed") {
      const field = e.details?.[0]?.field;
      const key =
        field === "provider"
          ? "checkout.errorProvider"
          : field === "productIds"
            ? "checkout.errorProductGone"
            : "checkout.errorGeneric";
      return data<ActionResult>({ intent: "pay", error: key }, { status: 422 });
    }
    if (e.code && ERROR_KEYS[e.code])
      return data<ActionResult>({ intent: "pay", error: ERROR_KEYS[e.code] }, { status: 400 });
    if (e.code === "not_found")
      return data<ActionResult>({ intent: "pay", error: "checkout.errorProductGone" }, { status: 404 });
    throw err;
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [ready, setReady] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const subscriptionItem = cart.cartItems.find((i) => i.type === "subscription");
  const subscription = subscriptionItem ? (subscriptionItem.frequency ?? true) : null;
  const options = useMemo(() => {
    const o = loaderData.options;
    if (!subscription) return o;
    // A subscription is offered only the providers that can bill its period again, and a discounted
    // one not Razorpay, whose API cannot lower a subscription's payment.
    const enabled = coupon && coupon.discount > 0 ? o.enabled.filter((p) => p !== "razorpay") : o.enabled;
    return {
      ...o,
      providers: providersFor(o.currency, enabled, { subscription }),
      defaultProvider: defaultProvider(o.currency, enabled, { subscription }),
    };
  }, [loaderData.options, subscription, coupon]);
  const [provider, setProvider] = useState(loaderData.options.defaultProvider ?? "");
  useEffect(() => {
    if (!options.providers.includes(provider as never)) setProvider(options.defaultProvider ?? "");
  }, [options, provider]);
  const result = actionData as ActionResult | undefined;
  const money = (n: number) => formatMoney(n, options.currency, i18n.language);
  const productIds = useMemo(() => cart.cartItems.map((i) => i.id), [cart]);
  const subtotal = cartTotal(cart);
  const discount = coupon ? coupon.discount : 0;

  useEffect(() => setReady(true), []);
  useEffect(() => setCartSync(loaderData.signedIn), [loaderData.signedIn]);

  const placed = result && "placed" in result ? result.placed : null;
  useEffect(() => {
    if (!placed) return;
    if (placed.next.kind === "redirect" && placed.next.url) {
      window.location.assign(placed.next.url);
      return;
    }
    clearCart();
    // Paid at once (a free order) and the product has an offer after purchase: the offer comes first.
    navigate(placed.offer ? `/checkout/upsell/${placed.orderId}` : `/dashboard/orders/${placed.orderId}`, {
      replace: true,
    });
  }, [placed, navigate]);

  const paying = navigation.state !== "idle" && navigation.formData?.get("intent") === "pay";
  const couponRejected = result && "couponRejected" in result ? result.couponRejected : null;
  const payError = result?.intent === "pay" && "error" in result ? result.error : null;

  return (
    <div className="checkout-page">
      <FunnelTracker />
      <header className="checkout-top" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Container size="lg">
          <Group justify="space-between" py="sm">
            <Anchor href="/" fw={700} c="inherit" underline="never">
              {loaderData.sitetitle}
            </Anchor>
            <Anchor href="/course" size="sm">
              <Group gap={4}>
                <IconArrowLeft size={16} aria-hidden />
                {t("checkout.back")}
              </Group>
            </Anchor>
          </Group>
        </Container>
      </header>
      <Container size="lg" py="lg" component="main" id="main">
        <Title order={1} mb="md">
          {t("checkout.heading")}
        </Title>
        {loaderData.cancelled ? (
          <Alert color="yellow" mb="md">
            {t("checkout.cancelled")}
          </Alert>
        ) : null}
        {!ready ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t("checkout.loading")} />
          </Group>
        ) : cart.cartItems.length === 0 && !placed ? (
          <Stack align="center" py="xl" gap="sm">
            <IconShoppingCart size={40} aria-hidden className="muted" />
            <Text>{t("cart.empty")}</Text>
            <Button component="a" href="/course" variant="light">
              {t("checkout.browse")}
            </Button>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder p="md" radius="md">
              <Title order={2} size="h4" mb="sm">
                {t("checkout.summary")}
              </Title>
              <ul className="cart-list">
                {cart.cartItems.map((item) => {
                  const image = safeImageSrc(item.image);
                  return (
                    <li key={item.id}>
                      {image ? <img src={image} alt="" width={48} height={48} /> : <span className="cart-thumb" />}
                      <div className="cart-item-text">
                        <strong>{item.title}</strong>
                        <span className="muted">
                          {item.quantity} × {money(item.amount)}
                          {item.type === "subscription" ? ` · ${t("cart.subscription")}` : ""}
                        </span>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Stack gap="xs" mt="md">
                <CouponField
                  key={couponRejected ?? "coupon"}
                  productIds={productIds}
                  initial={cart.coupon}
                  rejectedKey={couponRejected}
                  onChange={setCoupon}
                />
                <Group justify="space-between">
                  <Text>{t("checkout.subtotal")}</Text>
                  <Text data-testid="checkout-subtotal">{money(subtotal)}</Text>
                </Group>
                {discount ? (
                  <Group justify="space-between">
                    <Text>{t("checkout.discount")}</Text>
                    <Text c="green.8" data-testid="checkout-discount">
                      −{money(discount)}
                    </Text>
                  </Group>
                ) : null}
                <Group justify="space-between">
                  <Text fw={700}>{t("cart.total")}</Text>
                  <Text fw={700} data-testid="checkout-total">
                    {money(Math.max(0, subtotal - discount))}
                  </Text>
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              {!loaderData.signedIn ? (
                <CheckoutAccount result={result && result.intent !== "pay" ? result : undefined} />
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
                  <input type="hidden" name="productIds" value={JSON.stringify(productIds)} />
                  <input type="hidden" name="coupon" value={coupon?.name ?? ""} />
                  <Stack gap="md">
                    <Text size="sm" c="dimmed">
                      {t("checkout.signedInAs", { name: loaderData.userName ?? "" })}
                    </Text>
                    {options.providers.length === 0 ? (
                      <Alert color="red">{t("checkout.noProvider")}</Alert>
                    ) : (
                      <Radio.Group
                        name="provider"
                        label={t("checkout.paymentMethod")}
                        value={provider}
                        onChange={setProvider}
                      >
                        <Stack gap="xs" mt="xs">
                          {options.providers.map((p) => (
                            <Radio key={p} value={p} label={t(`checkout.provider.${p}`)} />
                          ))}
                        </Stack>
                      </Radio.Group>
                    )}
                    {provider === "offline" ? (
                      <Alert color="gray" title={t("checkout.offlineTitle")}>
                        <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                          {options.offlineInstructions || t("checkout.offlineDefault")}
                        </Text>
                      </Alert>
                    ) : null}
                    {payError ? (
                      <Alert color="red" role="alert">
                        {t(payError)}
                      </Alert>
                    ) : null}
                    <Button
                      type="submit"
                      size="md"
                      loading={paying || Boolean(placed)}
                      disabled={!provider}
                      aria-describedby={provider === "offline" ? "place-order-hint" : undefined}
                    >
                      {t(provider === "offline" ? "checkout.placeOrder" : "checkout.pay", {
                        total: money(Math.max(0, subtotal - discount)),
                      })}
                    </Button>
                    {provider === "offline" ? (
                      <Text id="place-order-hint" size="sm" c="dimmed">
                        {t("checkout.placeOrderHint")}
                      </Text>
                    ) : null}
                  </Stack>
                </Form>
              )}
            </Paper>
          </SimpleGrid>
        )}
      </Container>
    </div>
  );
}
