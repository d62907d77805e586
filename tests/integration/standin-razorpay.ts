// A local stand-in for Razorpay's API: payment links, plans, subscriptions, invoices and refunds,
// behind Basic authentication with the key pair. It refuses what Razorpay refuses: missing or
// invalid fields, daily plans under 7 days, subscriptions on unknown plans, cancelling one twice.
import { createHmac } from "node:crypto";
import type { ServerResponse } from "node:http";
import { json, type Obj, type RecordedRequest, standinId as id } from "./standin-http";

const PERIOD_SECONDS = { daily: 86400, weekly: 604800, monthly: 2592000, yearly: 31536000 } as const;

export type RazorpayStandIn = {
  links: Map<string, Obj>;
  plans: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  pay(linkId: string): Obj;
  /** Razorpay charged the subscription's next payment (the first one too): answers the payment. */
  chargeSubscription(subscriptionId: string): { subscription: Obj; payment: Obj };
  sign(event: Obj, secret: string, eventId?: string): { body: string; headers: Record<string, string> };
};

const bad = (res: ServerResponse, description: string, field?: string) =>
  json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description, ...(field ? { field } : {}) } });

export function razorpayStandIn(url: () => string, keys: { keyId: string; keySecret: string }) {
  const links = new Map<string, Obj>();
  const plans = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  function handle(req: RecordedRequest, res: ServerResponse) {
    const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString("base64")}`;
    if (req.headers.authorization !== basic)
      return json(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    const b = req.body;
    if (req.path === "/v1/payment_links" && req.method === "POST") {
      const ref = b.reference_id;
      if (ref && [...links.values()].some((l) => l.reference_id === ref))
        return bad(res, "reference_id already attempted");
      const lid = id("plink");
      const link: Obj = {
        id: lid,
        amount: b.amount,
        amount_paid: 0,
        currency: b.currency,
        reference_id: ref ?? null,
        notes: b.notes ?? {},
        status: "created",
        short_url: `${url()}/rzp/${lid}`,
        payments: null,
      };
      links.set(lid, link);
      return json(res, 200, link);
    }
    const m = req.path.match(/^\/v1\/payment_links\/([^/?]+)$/);
    if (m && req.method === "GET") {
      const link = links.get(m[1]);
      return link ? json(res, 200, link) : bad(res, "The id provided does not exist");
    }
    if (req.path === "/v1/plans" && req.method === "POST") {
      if (!(String(b.period) in PERIOD_SECONDS)) return bad(res, "The period field is invalid", "period");
      const interval = Number(b.interval);
      if (!Number.isInteger(interval) || interval < 1) return bad(res, "The interval must be at least 1", "interval");
      if (b.period === "daily" && interval < 7)
        return bad(res, "Interval should be at least 7 for daily plans", "interval");
      const item = (b.item ?? {}) as Obj;
      if (!item.name) return bad(res, "The item name field is required", "item.name");
      if (!Number.isInteger(item.amount) || Number(item.amount) < 100)
        return bad(res, "The amount must be at least 100", "item.amount");
      if (!item.currency) return bad(res, "The currency field is required", "item.currency");
      const plan = {
        id: id("plan"),
        entity: "plan",
        period: b.period,
        interval,
        item,
        notes: b.notes ?? {},
        created_at: now(),
      };
      plans.set(String(plan.id), plan);
      return json(res, 200, plan);
    }
    if (req.path === "/v1/subscriptions" && req.method === "POST") {
      const plan = plans.get(String(b.plan_id ?? ""));
      if (!plan) return bad(res, "The id provided does not exist", "plan_id");
      if (!Number.isInteger(b.total_count) || Number(b.total_count) < 1)
        return bad(res, "The total count field is required", "total_count");
      const sid = id("sub");
      const sub: Obj = {
        id: sid,
        entity: "subscription",
        plan_id: plan.id,
        status: "created",
        quantity: b.quantity ?? 1,
        total_count: b.total_count,
        paid_count: 0,
        remaining_count: b.total_count,
        current_start: null,
        current_end: null,
        notes: b.notes ?? {},
        short_url: `${url()}/rzp/sub/${sid}`,
        created_at: now(),
      };
      subscriptions.set(sid, sub);
      return json(res, 200, sub);
    }
    const s = req.path.match(/^\/v1\/subscriptions\/([^/?]+)(\/cancel)?$/);
    if (s) {
      const sub = subscriptions.get(s[1]);
      if (!sub) return bad(res, "The id provided does not exist");
      if (!s[2] && req.method === "GET") return json(res, 200, sub);
      if (s[2] && req.method === "POST") {
        if (["cancelled", "completed", "expired"].includes(String(sub.status)))
          return bad(res, `Subscription is not cancellable in ${sub.status} status.`);
        if (b.cancel_at_cycle_end === 1) sub.has_scheduled_changes = true;
        else {
          sub.status = "cancelled";
          sub.ended_at = now();
        }
        sub.cancel_at_cycle_end = b.cancel_at_cycle_end === 1;
        return json(res, 200, sub);
      }
    }
    if (req.path === "/v1/invoices" && req.method === "GET") {
      const items = invoices.filter(
        (i) => !req.query.subscription_id || i.subscription_id === req.query.subscription_id,
      );
      return json(res, 200, { entity: "collection", count: items.length, items });
    }
    const refund = req.path.match(/^\/v1\/payments\/([^/?]+)\/refund$/);
    if (refund && req.method === "POST") {
      return json(res, 200, { id: id("rfnd"), payment_id: refund[1], amount: b.amount, status: "processed" });
    }
    return bad(res, "The requested URL was not found on the server.");
  }

  const api: RazorpayStandIn = {
    links,
    plans,
    subscriptions,
    pay(linkId) {
      const l = links.get(linkId);
      if (!l) throw new Error(`no link ${linkId}`);
      l.status = "paid";
      l.amount_paid = l.amount;
      l.payments = [{ payment_id: id("pay"), status: "captured", amount: l.amount }];
      return l;
    },
    chargeSubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub || ["cancelled", "completed"].includes(String(sub.status)))
        throw new Error(`cannot charge ${subscriptionId}`);
      const plan = plans.get(String(sub.plan_id)) as Obj;
      const period = PERIOD_SECONDS[plan.period as keyof typeof PERIOD_SECONDS] * Number(plan.interval);
      const start = typeof sub.current_end === "number" ? sub.current_end : now();
      sub.status = "active";
      sub.paid_count = Number(sub.paid_count) + 1;
      sub.remaining_count = Number(sub.total_count) - Number(sub.paid_count);
      sub.current_start = start;
      sub.current_end = start + period;
      const item = plan.item as Obj;
      const payment = {
        id: id("pay"),
        entity: "payment",
        amount: item.amount,
        currency: item.currency,
        status: "captured",
      };
      invoices.push({
        id: id("inv"),
        entity: "invoice",
        subscription_id: sub.id,
        payment_id: payment.id,
        amount: item.amount,
        status: "paid",
        created_at: now() + invoices.length,
      });
      return { subscription: { ...sub }, payment };
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
  };
  return { handle, api };
}
