// Local stand-ins for the payment providers' APIs (Stripe, PayPal, Razorpay) on 127.0.0.1: the
// official SDKs are pointed here through each site's `apiBase` setting, so tests never reach the
// internet. Every request is recorded; tests mark a checkout paid the way a buyer would, and sign
// webhooks with the providers' own schemes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { json, type Obj, type RecordedRequest, standinId as id } from "./standin-http";
import { type PayPalStandIn, paypalStandIn } from "./standin-paypal";
import { type RazorpayStandIn, razorpayStandIn } from "./standin-razorpay";

export type { RecordedRequest } from "./standin-http";

export type StandIns = {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix` (and method, when given). */
  calls(prefix: string, method?: string): RecordedRequest[];
  stripe: {
    sessions: Map<string, Obj>;
    /** The buyer paid on Stripe's page (a subscription checkout also gets a subscription id). */
    pay(sessionId: string): Obj;
    /** PaymentIntents by id (a paid session's, and off-session charges). */
    intents: Map<string, Obj>;
    /** How the next off-session charges answer: paid, declined, or the bank asks for authentication. */
    charges: "succeed" | "decline" | "authenticate";
    /** A signed webhook body and its Stripe-Signature header. */
    sign(event: Obj, secret: string): { body: string; headers: Record<string, string> };
  };
  paypal: PayPalStandIn;
  razorpay: RazorpayStandIn;
  close(): Promise<void>;
};

const RAZORPAY_PATHS = /^\/v1\/(payment_links|plans|subscriptions|invoices|payments\/(?!sale\/))/;

function parseForm(raw: string): Obj {
  const out: Obj = {};
  for (const [k, v] of new URLSearchParams(raw)) out[k] = v;
  return out;
}

export async function startStandIns(opts: { razorpay?: { keyId: string; keySecret: string } } = {}): Promise<StandIns> {
  const requests: RecordedRequest[] = [];
  const stripeSessions = new Map<string, Obj>();
  const stripeByKey = new Map<string, string>();
  const stripeIntents = new Map<string, Obj>();
  const intentByKey = new Map<string, string>();
  const stripeApi = { charges: "succeed" as "succeed" | "decline" | "authenticate" };
  let url = "";
  const paypal = paypalStandIn(() => url);
  const razorpay = razorpayStandIn(() => url, opts.razorpay ?? { keyId: "rzp_test_key", keySecret: "rzp_secret" });

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
        customer: null,
        customer_creation: f.customer_creation ?? null,
        setup_future_usage: f["payment_intent_data[setup_future_usage]"] ?? null,
      };
      stripeSessions.set(sid, session);
      if (key) stripeByKey.set(key, sid);
      return json(res, 200, session);
    }
    if (m?.[1] && req.method === "GET") {
      const s = stripeSessions.get(m[1]);
      return s ? json(res, 200, s) : stripeError(res, 404, "No such checkout.session");
    }
    const pi = req.path.match(/^\/v1\/payment_intents(?:\/([^/?]+))?$/);
    if (pi?.[1] && req.method === "GET") {
      const intent = stripeIntents.get(pi[1]);
      return intent ? json(res, 200, intent) : stripeError(res, 404, "No such payment_intent");
    }
    if (pi && !pi[1] && req.method === "POST") {
      const key = req.headers["idempotency-key"];
      const known = key ? intentByKey.get(key) : undefined;
      if (known) return json(res, 200, stripeIntents.get(known));
      const outcome = stripeApi.charges;
      const intent: Obj = {
        id: id("pi"),
        object: "payment_intent",
        amount: Number(req.body.amount),
        currency: req.body.currency,
        customer: req.body.customer,
        payment_method: req.body.payment_method,
        metadata: { order_id: req.body["metadata[order_id]"] ?? null },
        status:
          outcome === "succeed" ? "succeeded" : outcome === "decline" ? "requires_payment_method" : "requires_action",
      };
      stripeIntents.set(intent.id as string, intent);
      if (key) intentByKey.set(key, intent.id as string);
      if (outcome === "succeed") return json(res, 200, intent);
      const code = outcome === "decline" ? "card_declined" : "authentication_required";
      return json(res, 402, {
        error: { type: "card_error", code, message: "Your card was declined.", payment_intent: intent },
      });
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

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")]),
    );
    const [path, search = ""] = (req.url ?? "/").split("?");
    const query = Object.fromEntries(new URLSearchParams(search));
    const type = headers["content-type"] ?? "";
    let body: Obj = {};
    if (raw && type.includes("json")) body = JSON.parse(raw) as Obj;
    else if (raw) body = parseForm(raw);
    const rec: RecordedRequest = { method: req.method ?? "GET", path, query, headers, body, raw };
    requests.push(rec);
    const auth = headers.authorization ?? "";
    if (auth.startsWith("Bearer sk_")) return stripeHandler(rec, res);
    if (auth.startsWith("Basic ") && RAZORPAY_PATHS.test(path)) return razorpay.handle(rec, res);
    return paypal.handle(rec, res);
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
      intents: stripeIntents,
      get charges() {
        return stripeApi.charges;
      },
      set charges(v) {
        stripeApi.charges = v;
      },
      pay(sessionId) {
        const s = stripeSessions.get(sessionId);
        if (!s) throw new Error(`no session ${sessionId}`);
        s.status = "complete";
        s.payment_status = "paid";
        if (s.mode === "subscription") s.subscription = id("sub");
        else {
          // A card kept for off-session use belongs to a customer, as on Stripe.
          const saved = s.setup_future_usage === "off_session";
          const customer = saved || s.customer_creation === "always" ? id("cus") : null;
          const intent: Obj = {
            id: id("pi"),
            object: "payment_intent",
            status: "succeeded",
            amount: s.amount_total,
            customer,
            payment_method: id("pm"),
            setup_future_usage: s.setup_future_usage,
          };
          stripeIntents.set(intent.id as string, intent);
          s.payment_intent = intent.id;
          s.customer = customer;
        }
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
    paypal: paypal.api,
    razorpay: razorpay.api,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function stripeError(res: ServerResponse, status: number, message: string) {
  json(res, status, { error: { type: "invalid_request_error", message } });
}
