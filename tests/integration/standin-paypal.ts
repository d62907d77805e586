// A local stand-in for PayPal's REST API: OAuth (client credentials, then Bearer tokens it issued),
// Orders v2, catalog products, billing plans and subscriptions, sale refunds, and webhook
// verification. It refuses what PayPal refuses: unknown tokens, missing required fields, plans of a
// product that does not exist, intervals PayPal does not bill, and signatures it never made.
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { ServerResponse } from "node:http";
import { json, type Obj, type RecordedRequest, standinId as id } from "./standin-http";

const SECONDS = { DAY: 86400, WEEK: 604800, MONTH: 2592000, YEAR: 31536000 } as const;
const MAX_COUNT = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 } as const;
type Unit = keyof typeof SECONDS;

export type PayPalStandIn = {
  orders: Map<string, Obj>;
  plans: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** The buyer approved the order on PayPal. */
  approve(orderId: string): void;
  /** The buyer approved the subscription and PayPal took the first payment. */
  activateSubscription(subscriptionId: string): Obj;
  /** PayPal billed the next cycle: answers the sale (the PAYMENT.SALE.COMPLETED resource). */
  renewSubscription(subscriptionId: string): Obj;
  /** Transmission headers PayPal's verify endpoint answers SUCCESS for, for this body and webhook id only. */
  signedHeaders(event: unknown, webhookId: string): Record<string, string>;
  /** Headers that look right but PayPal never sent. */
  forgedHeaders(): Record<string, string>;
};

const missing = (res: ServerResponse, field: string) =>
  json(res, 400, {
    name: "INVALID_REQUEST",
    message: "Request is not well-formed, syntactically incorrect, or violates schema.",
    details: [{ field: `/${field}`, issue: "MISSING_REQUIRED_PARAMETER" }],
  });
const unprocessable = (res: ServerResponse, issue: string) =>
  json(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] });

export function paypalStandIn(url: () => string) {
  const tokens = new Set<string>();
  const orders = new Map<string, Obj>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const valid = new Map<string, { webhookId: string; event: unknown }>();
  const products = new Map<string, Obj>();
  const plans = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const sales = new Map<string, Obj>();

  const periodOf = (plan: Obj) => {
    const cycles = plan.billing_cycles as Obj[];
    const f = cycles[cycles.length - 1].frequency as { interval_unit: Unit; interval_count: number };
    return SECONDS[f.interval_unit] * f.interval_count * 1000;
  };
  /** The price of payment n (1 = first): trial cycles first, then the regular one. */
  const priceOf = (plan: Obj, n: number) => {
    let seen = 0;
    for (const c of [...(plan.billing_cycles as Obj[])].sort((a, b) => Number(a.sequence) - Number(b.sequence))) {
      const total = Number(c.total_cycles ?? 0);
      if (total === 0 || n <= seen + total) return (c.pricing_scheme as Obj).fixed_price as Obj;
      seen += total;
    }
    throw new Error("plan has no regular cycle");
  };
  const cycleExecutions = (plan: Obj, payments: number) => {
    let left = payments;
    return (plan.billing_cycles as Obj[]).map((c) => {
      const total = Number(c.total_cycles ?? 0);
      const done = total === 0 ? left : Math.min(left, total);
      left -= done;
      return { tenure_type: c.tenure_type, sequence: c.sequence, cycles_completed: done, total_cycles: total };
    });
  };
  function pay(sub: Obj): Obj {
    const plan = plans.get(String(sub.plan_id)) as Obj;
    const payments = Number(sub.payments ?? 0) + 1;
    const price = priceOf(plan, payments);
    const now = Date.now();
    const next = payments === 1 ? now + periodOf(plan) : Date.parse(String(sub.next)) + periodOf(plan);
    sub.payments = payments;
    sub.next = new Date(next).toISOString();
    sub.status = "ACTIVE";
    const sale = {
      id: id("SALE").toUpperCase(),
      state: "completed",
      billing_agreement_id: sub.id,
      amount: { total: price.value, currency: price.currency_code },
      create_time: new Date(now).toISOString(),
    };
    sales.set(String(sale.id), sale);
    (sub.sales as Obj[]).push(sale);
    return sale;
  }
  const view = (sub: Obj) => {
    const plan = plans.get(String(sub.plan_id)) as Obj;
    const payments = Number(sub.payments ?? 0);
    const last = (sub.sales as Obj[]).at(-1) as Obj | undefined;
    return {
      id: sub.id,
      plan_id: sub.plan_id,
      status: sub.status,
      custom_id: sub.custom_id,
      create_time: sub.create_time,
      start_time: sub.create_time,
      billing_info:
        payments > 0
          ? {
              outstanding_balance: { currency_code: priceOf(plan, 1).currency_code, value: "0.00" },
              cycle_executions: cycleExecutions(plan, payments),
              last_payment: {
                amount: (last as { amount: { total: string; currency: string } }).amount,
                time: last?.create_time,
              },
              next_billing_time: sub.next,
              failed_payments_count: 0,
            }
          : undefined,
      links: [
        ...(sub.status === "APPROVAL_PENDING"
          ? [
              {
                href: `${url()}/paypal/webapps/billing/subscriptions?ba_token=${sub.id}`,
                rel: "approve",
                method: "GET",
              },
            ]
          : []),
        { href: `${url()}/v1/billing/subscriptions/${sub.id}`, rel: "self", method: "GET" },
      ],
    };
  };

  function handle(req: RecordedRequest, res: ServerResponse) {
    if (req.path === "/v1/oauth2/token") {
      if (!req.headers.authorization?.startsWith("Basic ")) return json(res, 401, { error: "invalid_client" });
      const token = `A21-${randomBytes(6).toString("hex")}`;
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 32400, scope: "openid" });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokens.has(bearer))
      return json(res, 401, { error: "invalid_token", error_description: "Token signature verification failed" });
    const b = req.body;
    if (req.path === "/v1/notifications/verify-webhook-signature") {
      for (const f of [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
        "webhook_event",
      ])
        if (!b[f]) return missing(res, f);
      const known = valid.get(String(b.transmission_id));
      const ok = known && known.webhookId === b.webhook_id && isDeepStrictEqual(known.event, b.webhook_event);
      return json(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    const requestId = req.headers["paypal-request-id"];
    const remembered = requestId ? byRequestId.get(`${req.path}|${requestId}`) : undefined;
    if (remembered) return json(res, remembered.status, remembered.body);
    const remember = (status: number, body: unknown) => {
      if (requestId) byRequestId.set(`${req.path}|${requestId}`, { status, body });
      return json(res, status, body);
    };

    if (req.path === "/v2/checkout/orders" && req.method === "POST") {
      const oid = randomBytes(8).toString("hex").toUpperCase();
      const order: Obj = {
        id: oid,
        intent: b.intent,
        status: "PAYER_ACTION_REQUIRED",
        purchase_units: ((b.purchase_units ?? []) as Obj[]).map((u) => ({ ...u })),
        links: [
          { href: `${url()}/v2/checkout/orders/${oid}`, rel: "self", method: "GET" },
          { href: `${url()}/paypal/checkoutnow?token=${oid}`, rel: "payer-action", method: "GET" },
        ],
      };
      orders.set(oid, order);
      return remember(201, order);
    }
    const m = req.path.match(/^\/v2\/checkout\/orders\/([^/?]+)(\/capture)?$/);
    if (m) {
      const order = orders.get(m[1]);
      if (!order) return json(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The order does not exist" });
      if (!m[2]) return json(res, 200, order);
      if (order.status !== "APPROVED") return unprocessable(res, "ORDER_NOT_APPROVED");
      order.status = "COMPLETED";
      const unit = (order.purchase_units as Obj[])[0];
      unit.payments = {
        captures: [
          { id: id("CAP").toUpperCase(), status: "COMPLETED", amount: unit.amount, custom_id: unit.custom_id },
        ],
      };
      return remember(201, order);
    }
    if (/^\/v2\/payments\/captures\/[^/]+\/refund$/.test(req.path))
      return json(res, 201, { id: id("REF").toUpperCase(), status: "COMPLETED" });

    if (req.path === "/v1/catalogs/products" && req.method === "POST") {
      if (!b.name) return missing(res, "name");
      if (!["PHYSICAL", "DIGITAL", "SERVICE"].includes(String(b.type))) return missing(res, "type");
      const pid = String(b.id ?? id("PROD").toUpperCase());
      if (pid.length < 6 || pid.length > 50) return unprocessable(res, "INVALID_PARAMETER_VALUE");
      if (products.has(pid)) return unprocessable(res, "DUPLICATE_RESOURCE_IDENTIFIER");
      const product = { id: pid, name: b.name, type: b.type };
      products.set(pid, product);
      return remember(201, product);
    }
    if (req.path === "/v1/billing/plans" && req.method === "POST") {
      if (!b.product_id) return missing(res, "product_id");
      if (!products.has(String(b.product_id))) return unprocessable(res, "INVALID_PRODUCT_ID");
      if (!b.name) return missing(res, "name");
      if (!b.payment_preferences) return missing(res, "payment_preferences");
      const cycles = (b.billing_cycles ?? []) as Obj[];
      if (!cycles.length) return missing(res, "billing_cycles");
      for (const c of cycles) {
        const f = (c.frequency ?? {}) as { interval_unit?: Unit; interval_count?: number };
        if (!f.interval_unit || !(f.interval_unit in SECONDS))
          return missing(res, "billing_cycles/frequency/interval_unit");
        if ((f.interval_count ?? 1) > MAX_COUNT[f.interval_unit]) return unprocessable(res, "INVALID_INTERVAL_COUNT");
        if (!["REGULAR", "TRIAL"].includes(String(c.tenure_type))) return missing(res, "billing_cycles/tenure_type");
        if (typeof c.sequence !== "number") return missing(res, "billing_cycles/sequence");
        const fixed = (c.pricing_scheme as Obj | undefined)?.fixed_price as Obj | undefined;
        if (c.tenure_type === "REGULAR" && !fixed?.value)
          return missing(res, "billing_cycles/pricing_scheme/fixed_price");
      }
      if (cycles.filter((c) => c.tenure_type === "REGULAR").length !== 1)
        return unprocessable(res, "INVALID_BILLING_CYCLES");
      const plan = { ...b, id: `P-${randomBytes(10).toString("hex").toUpperCase()}`, status: b.status ?? "CREATED" };
      plans.set(String(plan.id), plan);
      return remember(201, plan);
    }
    if (req.path === "/v1/billing/subscriptions" && req.method === "POST") {
      if (!b.plan_id) return missing(res, "plan_id");
      const plan = plans.get(String(b.plan_id));
      if (!plan) return json(res, 404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
      if (plan.status !== "ACTIVE") return unprocessable(res, "PLAN_STATUS_INVALID");
      const ctx = (b.application_context ?? {}) as Obj;
      if (!ctx.return_url || !ctx.cancel_url) return missing(res, "application_context/return_url");
      const sub: Obj = {
        id: `I-${randomBytes(6).toString("hex").toUpperCase()}`,
        plan_id: plan.id,
        status: "APPROVAL_PENDING",
        custom_id: b.custom_id ?? null,
        create_time: new Date().toISOString(),
        payments: 0,
        sales: [],
      };
      subscriptions.set(String(sub.id), sub);
      return remember(201, view(sub));
    }
    const s = req.path.match(/^\/v1\/billing\/subscriptions\/([^/?]+)(\/cancel|\/transactions)?$/);
    if (s) {
      const sub = subscriptions.get(s[1]);
      if (!sub) return json(res, 404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
      if (!s[2] && req.method === "GET") return json(res, 200, view(sub));
      if (s[2] === "/cancel" && req.method === "POST") {
        if (!b.reason) return missing(res, "reason");
        if (!["ACTIVE", "SUSPENDED"].includes(String(sub.status)))
          return unprocessable(res, "SUBSCRIPTION_STATUS_INVALID");
        sub.status = "CANCELLED";
        res.writeHead(204);
        return res.end();
      }
      if (s[2] === "/transactions" && req.method === "GET") {
        if (!req.query.start_time || !req.query.end_time) return missing(res, "start_time");
        return json(res, 200, {
          transactions: (
            sub.sales as { id: string; amount: { total: string; currency: string }; create_time: string }[]
          ).map((x) => ({
            id: x.id,
            status: "COMPLETED",
            amount_with_breakdown: { gross_amount: { currency_code: x.amount.currency, value: x.amount.total } },
            time: x.create_time,
          })),
        });
      }
    }
    const refund = req.path.match(/^\/v1\/payments\/sale\/([^/?]+)\/refund$/);
    if (refund && req.method === "POST") {
      const sale = sales.get(refund[1]);
      if (!sale) return json(res, 404, { name: "INVALID_RESOURCE_ID" });
      const amount = (b.amount ?? {}) as Obj;
      const paid = sale.amount as Obj;
      if (amount.total && (Number(amount.total) > Number(paid.total) || amount.currency !== paid.currency))
        return json(res, 400, { name: "REFUND_EXCEEDED_TRANSACTION_AMOUNT" });
      return remember(201, { id: id("REF").toUpperCase(), state: "completed", sale_id: sale.id, amount: b.amount });
    }
    return json(res, 404, { name: "NOT_FOUND" });
  }

  const api: PayPalStandIn = {
    orders,
    plans,
    subscriptions,
    approve(orderId) {
      const o = orders.get(orderId);
      if (!o) throw new Error(`no order ${orderId}`);
      o.status = "APPROVED";
    },
    activateSubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (sub?.status !== "APPROVAL_PENDING") throw new Error(`no pending subscription ${subscriptionId}`);
      pay(sub as Obj);
      return view(sub as Obj);
    },
    renewSubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (sub?.status !== "ACTIVE") throw new Error(`no active subscription ${subscriptionId}`);
      return pay(sub as Obj);
    },
    signedHeaders(event, webhookId) {
      const tid = randomBytes(8).toString("hex");
      // What PayPal signed: this very message, for this webhook.
      valid.set(tid, { webhookId, event: JSON.parse(JSON.stringify(event)) });
      return headers(tid, url());
    },
    forgedHeaders: () => headers(randomBytes(8).toString("hex"), url()),
  };
  return { handle, api };
}

function headers(tid: string, base: string) {
  return {
    "content-type": "application/json",
    "paypal-transmission-id": tid,
    "paypal-transmission-time": new Date().toISOString(),
    "paypal-transmission-sig": randomBytes(32).toString("base64"),
    "paypal-cert-url": `${base}/v1/notifications/certs/CERT-1`,
    "paypal-auth-algo": "SHA256withRSA",
  };
}
