// The PayPal server SDK, pointed at a site's PayPal: one client per credentials (its OAuth token is
// reused until it expires), with the Orders, Payments and Subscriptions controllers. PayPal's
// catalog products and the refund of a subscription's sale (REST v1) have no controller in the SDK,
// so `paypalRest` calls them with a client-credentials token, as the SDK itself would.
// `config.apiBase` is "sandbox" (default), "live", or a URL (a local stand-in in tests).
import { createHash } from "node:crypto";
import {
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  SubscriptionsController,
} from "@paypal/paypal-server-sdk";
import { currencyOf, toMajor } from "../../core/currency";
import { AppError } from "../errors";
import type { ProviderSettings } from "./types";

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

/** PayPal's "19.99" back to minor units of the currency. */
export const paypalMinor = (value: unknown, code: string) =>
  typeof value === "string" && value ? Math.round(Number(value) * 10 ** currencyOf(code).digits) : null;

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

export type PayPalControllers = {
  orders: OrdersController;
  payments: PaymentsController;
  subscriptions: SubscriptionsController;
};
const clients = new Map<string, PayPalControllers>();

export function paypalClient(settings: ProviderSettings): PayPalControllers {
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
  const made = {
    orders: new OrdersController(c),
    payments: new PaymentsController(c),
    subscriptions: new SubscriptionsController(c),
  };
  if (clients.size >= 200) clients.delete(clients.keys().next().value as string);
  clients.set(key, made);
  return made;
}

/** The SDK's ApiError carries the status and PayPal's body; a readable reason for the logs. */
export function paypalReason(err: unknown): string {
  const e = err as { statusCode?: number; body?: unknown; message?: string };
  return `${e?.statusCode ?? ""} ${typeof e?.body === "string" ? e.body.slice(0, 300) : (e?.message ?? "")}`.trim();
}

export async function paypalAccessToken(settings: ProviderSettings): Promise<string> {
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

export type RestAnswer = { status: number; body: Record<string, unknown> };

/** A PayPal REST call the SDK has no controller for; `requestId` makes a retried POST answer the first. */
export async function paypalRest(
  settings: ProviderSettings,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  requestId?: string,
): Promise<RestAnswer> {
  const token = await paypalAccessToken(settings);
  const res = await fetch(`${paypalBase(settings)}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(requestId ? { "paypal-request-id": requestId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text.slice(0, 300) };
  }
  return { status: res.status, body: parsed };
}
