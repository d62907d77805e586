// PayPal through its official server SDK: Orders v2 (intent CAPTURE, our order id as custom_id),
// the buyer approves on PayPal and the return page or the webhook captures it (PayPal-Request-Id makes
// the capture safe to repeat); webhooks are verified by PayPal itself (verify-webhook-signature).
// `config.apiBase` is "sandbox" (default), "live", or a URL (a local stand-in in tests).
import { createHash } from "node:crypto";
import {
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
} from "@paypal/paypal-server-sdk";
import { toMajor, currencyOf } from "../../core/currency";
import { AppError } from "../errors";
import type { CheckoutInput, PaymentProvider, ProviderEvent, ProviderSettings } from "./types";

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

const LIVE = "https://api-m.paypal.com";
const SANDBOX = "https://api-m.sandbox.paypal.com";

/** Where this site's PayPal API lives. */
export function paypalBase(settings: ProviderSettings): string {
  const base = settings.config.apiBase?.trim() ?? "";
  if (base === "live" || base === "production") return LIVE;
  if (!base || base === "sandbox") return SANDBOX;
  return base.replace(/\/$/, "");
}

/** The amount PayPal reads: major units with the currency's digits ("19.99", "1999" for JPY). */
export const paypalValue = (minor: number, code: string) => toMajor(minor, code).toFixed(currencyOf(code).digits);

/**
 * An HTTP adapter for the SDK's client that sends its requests to a custom base URL: the SDK only
 * knows PayPal's two hosts, so the path and query are kept and the origin replaced.
 */
function rebasedAdapter(base: string) {
  return async (config: {
    url?: string;
    method?: string;
    headers?: { toJSON?: () => Record<string, unknown> } & Record<string, unknown>;
    data?: unknown;
    auth?: { username: string; password: string };
  }) => {
    const from = new URL(config.url ?? "/");
    const target = new URL(`${base}${from.pathname}${from.search}`);
    const raw = (config.headers?.toJSON ? config.headers.toJSON() : (config.headers ?? {})) as Record<string, unknown>;
    const headers = new Headers();
    for (const [k, v] of Object.entries(raw))
      if (v !== undefined && v !== null && v !== false) headers.set(k, String(v));
    if (config.auth) {
      const basic = Buffer.from(`${config.auth.username}:${config.auth.password}`).toString("base64");
      headers.set("authorization", `Basic ${basic}`);
    }
    const method = (config.method ?? "get").toUpperCase();
    const res = await fetch(target, {
      method,
      headers,
      body: method === "GET" || config.data == null ? undefined : String(config.data),
    });
    return {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: Object.fromEntries(res.headers.entries()),
      config,
      request: {},
    };
  };
}

type Controllers = { orders: OrdersController; payments: PaymentsController };
/** One SDK client per site's credentials, so its OAuth token is reused until it expires. */
const clients = new Map<string, Controllers>();

function client(settings: ProviderSettings): Controllers {
  const clientId = settings.config.clientId;
  const clientSecret = settings.secrets.clientSecret;
  if (!clientId || !clientSecret) throw new AppError("payment_failed", "PayPal is not set up on this site");
  const base = paypalBase(settings);
  const key = `${base}|${clientId}|${createHash("sha256").update(clientSecret).digest("hex")}`;
  const known = clients.get(key);
  if (known) return known;
  const custom = base !== LIVE && base !== SANDBOX;
  const c = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
    environment: base === LIVE ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(custom ? { unstable_httpClientOptions: { adapter: rebasedAdapter(base) } } : {}),
  });
  const made = { orders: new OrdersController(c), payments: new PaymentsController(c) };
  if (clients.size >= 200) clients.delete(clients.keys().next().value as string);
  clients.set(key, made);
  return made;
}

/** The SDK's ApiError carries the status and PayPal's body; a readable reason for the logs. */
function reason(err: unknown): string {
  const e = err as { statusCode?: number; body?: unknown; message?: string };
  return `${e?.statusCode ?? ""} ${typeof e?.body === "string" ? e.body.slice(0, 300) : (e?.message ?? "")}`.trim();
}

async function startCheckout(settings: ProviderSettings, input: CheckoutInput) {
  if (input.subscription) {
    throw new AppError("validation_failed", "PayPal cannot take subscriptions here; choose another method");
  }
  const { orders } = client(settings);
  try {
    const { result } = await orders.createOrder({
      paypalRequestId: input.idempotencyKey,
      prefer: "return=representation",
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: input.orderId,
            customId: input.orderId,
            description:
              input.items
                .map((i) => i.title)
                .join(", ")
                .slice(0, 127) || undefined,
            amount: { currencyCode: input.currency, value: paypalValue(input.totalAmount, input.currency) },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: input.successUrl,
              cancelUrl: input.cancelUrl,
              userAction: PaypalExperienceUserAction.PayNow,
            },
          },
        },
      },
    });
    const link = result.links?.find((l) => l.rel === "payer-action" || l.rel === "approve");
    if (!result.id || !link?.href) throw new Error("no approval link");
    return { kind: "redirect" as const, url: link.href, providerRef: result.id };
  } catch (err) {
    throw new AppError("payment_failed", `PayPal refused the order: ${reason(err)}`);
  }
}

/** Captures an approved order (the same request id makes a second capture answer the first). */
async function capture(settings: ProviderSettings, orderRef: string) {
  const { result } = await client(settings).orders.captureOrder({
    id: orderRef,
    paypalRequestId: `capture-${orderRef}`,
    prefer: "return=representation",
  });
  return result;
}

async function status(settings: ProviderSettings, orderRef: string) {
  const { orders } = client(settings);
  let { result } = await orders.getOrder({ id: orderRef });
  if (result.status === "APPROVED") result = await capture(settings, orderRef);
  return result;
}

async function accessToken(settings: ProviderSettings): Promise<string> {
  const basic = Buffer.from(`${settings.config.clientId}:${settings.secrets.clientSecret}`).toString("base64");
  const res = await fetch(`${paypalBase(settings)}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token ${res.status}`);
  const json = (await res.json()) as { access_token?: string };
  if (!json.access_token) throw new Error("no access token");
  return json.access_token;
}

/** Asks PayPal whether a webhook delivery is genuine. */
async function verifiedByPayPal(settings: ProviderSettings, event: unknown, headers: Headers): Promise<boolean> {
  const h = (name: string) => headers.get(name) ?? "";
  if (!h("paypal-transmission-id") || !h("paypal-transmission-sig") || !settings.config.webhookId) return false;
  const token = await accessToken(settings);
  const res = await fetch(`${paypalBase(settings)}/v1/notifications/verify-webhook-signature`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      auth_algo: h("paypal-auth-algo"),
      cert_url: h("paypal-cert-url"),
      transmission_id: h("paypal-transmission-id"),
      transmission_sig: h("paypal-transmission-sig"),
      transmission_time: h("paypal-transmission-time"),
      webhook_id: settings.config.webhookId,
      webhook_event: event,
    }),
  });
  if (!res.ok) return false;
  const json = (await res.json()) as { verification_status?: string };
  return json.verification_status === "SUCCESS";
}

/** A verified PayPal event → what it means for us (an approved order is captured first). */
async function readPayPalEvent(settings: ProviderSettings, body: Obj): Promise<ProviderEvent> {
  const id = str(body.id) ?? "";
  const resource = (body.resource ?? {}) as Obj;
  switch (body.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const related = ((resource.supplementary_data as Obj | undefined)?.related_ids ?? {}) as Obj;
      return {
        id,
        type: "payment_succeeded",
        orderId: str(resource.custom_id),
        providerRef: str(related.order_id),
      };
    }
    case "CHECKOUT.ORDER.APPROVED": {
      const orderRef = str(resource.id);
      const units = (resource.purchase_units ?? []) as Obj[];
      if (!orderRef) return { id, type: "ignored" };
      const order = await capture(settings, orderRef);
      if (order.status !== "COMPLETED") return { id, type: "ignored" };
      return {
        id,
        type: "payment_succeeded",
        orderId: str(units[0]?.custom_id) ?? order.purchaseUnits?.[0]?.customId ?? null,
        providerRef: orderRef,
      };
    }
    case "PAYMENT.CAPTURE.REFUNDED":
      return { id, type: "refunded" };
    default:
      return { id, type: "ignored" };
  }
}

export const paypalProvider: PaymentProvider = {
  name: "paypal",
  configured: (s) => Boolean(s.config.clientId && s.secrets.clientSecret && s.config.webhookId),
  startCheckout,
  async paymentStatus(settings, providerRef) {
    const order = await status(settings, providerRef);
    return { paid: order.status === "COMPLETED", providerRef };
  },
  async verifyWebhook(settings, rawBody, headers) {
    let body: Obj;
    try {
      body = JSON.parse(rawBody) as Obj;
    } catch {
      throw new AppError("invalid_signature", "PayPal message is not JSON");
    }
    let ok = false;
    try {
      ok = await verifiedByPayPal(settings, body, headers);
    } catch (err) {
      throw new AppError("invalid_signature", `PayPal verification failed: ${(err as Error).message}`);
    }
    if (!ok) throw new AppError("invalid_signature", "PayPal did not verify the message");
    return readPayPalEvent(settings, body);
  },
  async refund(settings, providerRef, amount) {
    const { orders, payments } = client(settings);
    const { result } = await orders.getOrder({ id: providerRef });
    const captureId = result.purchaseUnits?.[0]?.payments?.captures?.[0]?.id;
    const currency = result.purchaseUnits?.[0]?.amount?.currencyCode;
    if (!captureId || !currency) throw new AppError("payment_failed", "PayPal has no capture for this order");
    await payments.refundCapturedPayment({
      captureId,
      paypalRequestId: `refund-${providerRef}`,
      body: { amount: { currencyCode: currency, value: paypalValue(amount, currency) } },
    });
  },
  async cancelSubscription() {
    // PayPal is used for one-time orders only.
  },
};
