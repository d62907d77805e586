// Local stand-ins for the payment providers' APIs (Stripe, PayPal, Razorpay) on 127.0.0.1: the
// official SDKs are pointed here through each site's `apiBase` setting, so tests never reach the
// internet. Every request is recorded; tests mark a checkout paid the way a buyer would, and sign
// webhooks with the providers' own schemes.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Form fields (Stripe), JSON (PayPal, Razorpay) or raw text. */
  body: Record<string, unknown>;
  raw: string;
};

type Obj = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export type StandIns = {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix` (and method, when given). */
  calls(prefix: string, method?: string): RecordedRequest[];
  stripe: {
    sessions: Map<string, Obj>;
    /** The buyer paid on Stripe's page (a subscription checkout also gets a subscription id). */
    pay(sessionId: string): Obj;
    /** A signed webhook body and its Stripe-Signature header. */
    sign(event: Obj, secret: string): { body: string; headers: Record<string, string> };
  };
  paypal: {
    orders: Map<string, Obj>;
    /** The buyer approved the order on PayPal. */
    approve(orderId: string): void;
    /** Transmission headers PayPal's verify endpoint here answers SUCCESS for. */
    signedHeaders(): Record<string, string>;
    /** Headers that look right but PayPal never sent. */
    forgedHeaders(): Record<string, string>;
  };
  razorpay: {
    links: Map<string, Obj>;
    pay(linkId: string): Obj;
    sign(event: Obj, secret: string, eventId?: string): { body: string; headers: Record<string, string> };
  };
  close(): Promise<void>;
};

function parseForm(raw: string): Obj {
  const out: Obj = {};
  for (const [k, v] of new URLSearchParams(raw)) out[k] = v;
  return out;
}

export async function startStandIns(): Promise<StandIns> {
  const requests: RecordedRequest[] = [];
  const stripeSessions = new Map<string, Obj>();
  const stripeByKey = new Map<string, string>();
  const paypalOrders = new Map<string, Obj>();
  const paypalByRequestId = new Map<string, unknown>();
  const paypalValid = new Set<string>();
  const links = new Map<string, Obj>();
  let url = "";

  const stripeHandler = (req: RecordedRequest, res: ServerResponse) => {
    const m = req.path.match(/^\/v1\/checkout\/sessions(?:\/([^/?]+))?/);
    if (m && req.method === "POST" && !m[1]) {
      const key = req.headers["idempotency-key"];
      const known = key ? stripeByKey.get(key) : undefined;
      if (known) return json(res, 200, stripeSessions.get(known));
      const sid = id("cs_test");
      const f = req.body;
      const session: Obj = {
        id: sid,
        object: "checkout.session",
        mode: f.mode,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: f.client_reference_id ?? null,
        metadata: { order_id: f["metadata[order_id]"] ?? null },
        amount_total: Number(f["line_items[0][price_data][unit_amount]"] ?? 0),
        currency: f["line_items[0][price_data][currency]"] ?? null,
        url: `${url}/stripe/pay/${sid}`,
        payment_intent: null,
        subscription: null,
        invoice: null,
      };
      stripeSessions.set(sid, session);
      if (key) stripeByKey.set(key, sid);
      return json(res, 200, session);
    }
    if (m?.[1] && req.method === "GET") {
      const s = stripeSessions.get(m[1]);
      return s ? json(res, 200, s) : stripeError(res, 404, "No such checkout.session");
    }
    if (req.path === "/v1/coupons" && req.method === "POST") {
      return json(res, 200, { id: id("co"), object: "coupon", amount_off: Number(req.body.amount_off) });
    }
    if (req.path === "/v1/refunds" && req.method === "POST") {
      return json(res, 200, { id: id("re"), object: "refund", status: "succeeded", amount: Number(req.body.amount) });
    }
    const sub = req.path.match(/^\/v1\/subscriptions\/([^/?]+)/);
    if (sub) {
      return json(res, 200, {
        id: sub[1],
        object: "subscription",
        status: req.method === "DELETE" ? "canceled" : "active",
        cancel_at_period_end: req.body.cancel_at_period_end === "true",
      });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${req.path})`);
  };

  const paypalHandler = (req: RecordedRequest, res: ServerResponse) => {
    if (req.path === "/v1/oauth2/token") {
      return json(res, 200, {
        access_token: `A21-${randomBytes(6).toString("hex")}`,
        token_type: "Bearer",
        expires_in: 32400,
        scope: "https://uri.paypal.com/services/payments",
      });
    }
    if (req.path === "/v1/notifications/verify-webhook-signature") {
      const ok =
        paypalValid.has(String(req.body.transmission_id)) &&
        typeof req.body.webhook_id === "string" &&
        req.body.webhook_id;
      return json(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    const requestId = req.headers["paypal-request-id"];
    const remembered = requestId ? paypalByRequestId.get(`${req.path}|${requestId}`) : undefined;
    if (remembered) return json(res, 201, remembered);
    if (req.path === "/v2/checkout/orders" && req.method === "POST") {
      const oid = randomBytes(8).toString("hex").toUpperCase();
      const units = (req.body.purchase_units ?? []) as Obj[];
      const order: Obj = {
        id: oid,
        intent: req.body.intent,
        status: "PAYER_ACTION_REQUIRED",
        purchase_units: units.map((u) => ({ ...u })),
        links: [
          { href: `${url}/v2/checkout/orders/${oid}`, rel: "self", method: "GET" },
          { href: `${url}/paypal/checkoutnow?token=${oid}`, rel: "payer-action", method: "GET" },
        ],
      };
      paypalOrders.set(oid, order);
      if (requestId) paypalByRequestId.set(`${req.path}|${requestId}`, order);
      return json(res, 201, order);
    }
    const m = req.path.match(/^\/v2\/checkout\/orders\/([^/?]+)(\/capture)?$/);
    if (m) {
      const order = paypalOrders.get(m[1]);
      if (!order) return json(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The order does not exist" });
      if (!m[2]) return json(res, 200, order);
      if (order.status !== "APPROVED") {
        return json(res, 422, { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_NOT_APPROVED" }] });
      }
      order.status = "COMPLETED";
      const unit = (order.purchase_units as Obj[])[0];
      unit.payments = {
        captures: [
          { id: id("CAP").toUpperCase(), status: "COMPLETED", amount: unit.amount, custom_id: unit.custom_id },
        ],
      };
      if (requestId) paypalByRequestId.set(`${req.path}|${requestId}`, order);
      return json(res, 201, order);
    }
    const refund = req.path.match(/^\/v2\/payments\/captures\/([^/?]+)\/refund$/);
    if (refund) return json(res, 201, { id: id("REF").toUpperCase(), status: "COMPLETED" });
    return json(res, 404, { name: "NOT_FOUND" });
  };

  const razorpayHandler = (req: RecordedRequest, res: ServerResponse) => {
    if (req.path === "/v1/payment_links" && req.method === "POST") {
      const ref = req.body.reference_id;
      if (ref && [...links.values()].some((l) => l.reference_id === ref)) {
        return json(res, 400, {
          error: { code: "BAD_REQUEST_ERROR", description: "reference_id already attempted" },
        });
      }
      const lid = id("plink");
      const link: Obj = {
        id: lid,
        amount: req.body.amount,
        amount_paid: 0,
        currency: req.body.currency,
        reference_id: ref ?? null,
        notes: req.body.notes ?? {},
        status: "created",
        short_url: `${url}/rzp/${lid}`,
        payments: null,
      };
      links.set(lid, link);
      return json(res, 200, link);
    }
    const m = req.path.match(/^\/v1\/payment_links\/([^/?]+)$/);
    if (m && req.method === "GET") {
      const link = links.get(m[1]);
      return link
        ? json(res, 200, link)
        : json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } });
    }
    const refund = req.path.match(/^\/v1\/payments\/([^/?]+)\/refund$/);
    if (refund && req.method === "POST") {
      return json(res, 200, { id: id("rfnd"), payment_id: refund[1], amount: req.body.amount, status: "processed" });
    }
    return json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found" } });
  };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]),
    );
    const path = (req.url ?? "/").split("?")[0];
    const type = headers["content-type"] ?? "";
    let body: Obj = {};
    if (raw && type.includes("json")) body = JSON.parse(raw) as Obj;
    else if (raw) body = parseForm(raw);
    const rec: RecordedRequest = { method: req.method ?? "GET", path, headers, body, raw };
    requests.push(rec);
    const auth = headers.authorization ?? "";
    if (auth.startsWith("Bearer sk_")) return stripeHandler(rec, res);
    if (path.startsWith("/v1/payment_links") || (path.startsWith("/v1/payments/") && auth.startsWith("Basic ")))
      return razorpayHandler(rec, res);
    return paypalHandler(rec, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe("sk_test_signer");

  return {
    url,
    requests,
    calls: (prefix, method) => requests.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method)),
    stripe: {
      sessions: stripeSessions,
      pay(sessionId) {
        const s = stripeSessions.get(sessionId);
        if (!s) throw new Error(`no session ${sessionId}`);
        s.status = "complete";
        s.payment_status = "paid";
        if (s.mode === "subscription") s.subscription = id("sub");
        else s.payment_intent = id("pi");
        return s;
      },
      sign(event, secret) {
        const body = JSON.stringify({
          object: "event",
          api_version: "2025-01-01",
          created: 0,
          livemode: false,
          ...event,
        });
        return {
          body,
          headers: {
            "content-type": "application/json",
            "stripe-signature": signer.webhooks.generateTestHeaderString({ payload: body, secret }),
          },
        };
      },
    },
    paypal: {
      orders: paypalOrders,
      approve(orderId) {
        const o = paypalOrders.get(orderId);
        if (!o) throw new Error(`no order ${orderId}`);
        o.status = "APPROVED";
      },
      signedHeaders() {
        const tid = randomBytes(8).toString("hex");
        paypalValid.add(tid);
        return paypalHeaders(tid, url);
      },
      forgedHeaders: () => paypalHeaders(randomBytes(8).toString("hex"), url),
    },
    razorpay: {
      links,
      pay(linkId) {
        const l = links.get(linkId);
        if (!l) throw new Error(`no link ${linkId}`);
        l.status = "paid";
        l.amount_paid = l.amount;
        l.payments = [{ payment_id: id("pay"), status: "captured", amount: l.amount }];
        return l;
      },
      sign(event, secret, eventId = id("evt")) {
        const body = JSON.stringify(event);
        return {
          body,
          headers: {
            "content-type": "application/json",
            "x-razorpay-event-id": eventId,
            "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"),
          },
        };
      },
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function paypalHeaders(tid: string, url: string) {
  return {
    "content-type": "application/json",
    "paypal-transmission-id": tid,
    "paypal-transmission-time": new Date().toISOString(),
    "paypal-transmission-sig": randomBytes(32).toString("base64"),
    "paypal-cert-url": `${url}/v1/notifications/certs/CERT-1`,
    "paypal-auth-algo": "SHA256withRSA",
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, message: string) {
  json(res, status, { error: { type: "invalid_request_error", message } });
}
