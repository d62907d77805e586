// The owner's side of commerce (spec §9): every order of the site with its buyer and what it
// granted, confirming an offline payment, refunding (which takes the access back) and cancelling;
// and the payment provider settings, whose secret keys never leave the server: the owner sees only
// whether each one is set, and an empty field keeps the stored key.
import { and, eq, ilike, inArray, or, sql } from "drizzle-orm";
import {
  CURRENCIES,
  defaultProvider,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  providersFor,
} from "../../../core/currency";
import type { Db, Tx } from "../../db/client";
import { courses, members, type OrderStatus, orders, paymentSettings } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { cancelOrder, type OrderRow, pageOfOrders, siteCurrency } from "./orders";
import { markOrderPaid, refundOrder } from "./fulfilment";
import { enabledProviders } from "./settings";

export const ORDER_STATUSES: readonly OrderStatus[] = ["pending", "paid", "refunded", "cancelled", "failed"];

export type AdminOrder = {
  orderId: string;
  number: string;
  buyer: { userId: string; name: string; email: string };
  items: OrderRow["items"];
  coupon: string | null;
  subtotal: number;
  discount: number;
  totalAmount: number;
  currency: string;
  status: OrderStatus;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  grants: {
    courses: { id: string; title: string }[];
    memberships: string[];
    errors: { courseId: string; title: string; code: string }[];
  };
};

/** The short order number buyers and owners quote: the first 8 characters of its id, upper-case. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase();

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function present(tx: Tx, accountId: string, rows: OrderRow[]): Promise<AdminOrder[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const buyers = await tx
    .select({ userId: members.userId, name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, userIds)));
  const byUser = new Map(buyers.map((b) => [b.userId, b]));
  const courseIds = [
    ...new Set(rows.flatMap((r) => [...r.grants.courses, ...(r.grants.errors ?? []).map((e) => e.courseId)])),
  ];
  const titles = new Map<string, string>();
  if (courseIds.length) {
    const cs = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), inArray(courses.id, courseIds)));
    for (const c of cs) titles.set(c.id, c.title);
  }
  return rows.map((r) => ({
    orderId: r.orderId,
    number: orderNumber(r.orderId),
    buyer: byUser.get(r.userId) ?? { userId: r.userId, name: "", email: "" },
    items: r.items,
    coupon: r.coupon,
    subtotal: r.subtotal,
    discount: r.discount,
    totalAmount: r.totalAmount,
    currency: r.currency,
    status: r.status,
    provider: r.provider,
    createdAt: r.createdAt.toISOString(),
    paidAt: iso(r.paidAt),
    refundedAt: iso(r.refundedAt),
    grants: {
      courses: r.grants.courses.map((id) => ({ id, title: titles.get(id) ?? "" })),
      memberships: r.grants.memberships,
      errors: (r.grants.errors ?? []).map((e) => ({ ...e, title: titles.get(e.courseId) ?? "" })),
    },
  }));
}

export type OrderListQuery = { status?: OrderStatus | null; search?: string | null; page?: number; perPage?: number };

/** A page of the site's orders, newest first; search matches the buyer's e-mail or name, or an order number prefix. */
export async function listOrders(db: Db, accountId: string, q: OrderListQuery = {}) {
  const page = Math.max(1, q.page ?? 1);
  const perPage = Math.min(100, Math.max(1, q.perPage ?? 20));
  const term = q.search?.trim() ?? "";
  return withTenant(db, accountId, async (tx) => {
    const conds = [eq(orders.accountId, accountId)];
    if (q.status) conds.push(eq(orders.status, q.status));
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const buyers = tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), or(ilike(members.email, like), ilike(members.name, like))));
      const prefix = term.toLowerCase().replace(/[^0-9a-f-]/g, "");
      const match = [inArray(orders.userId, buyers)];
      if (prefix && prefix === term.toLowerCase()) match.push(sql`${orders.orderId}::text like ${`${prefix}%`}`);
      const any = or(...match);
      if (any) conds.push(any);
    }
    const where = and(...conds);
    const { rows, count } = await pageOfOrders(tx, where, page, perPage);
    return { orders: await present(tx, accountId, rows), count, page, perPage };
  });
}

async function orderRow(tx: Tx, accountId: string, orderId: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId)));
  if (!row) throw notFound("Order");
  return row;
}

/** One order of the site (another site's id is not found). */
export async function getOrder(db: Db, accountId: string, orderId: string): Promise<AdminOrder> {
  return withTenant(
    db,
    accountId,
    async (tx) => (await present(tx, accountId, [await orderRow(tx, accountId, orderId)]))[0],
  );
}

/** The owner confirms an offline payment arrived: the order is paid and grants its access (once). */
export async function ownerMarkPaid(db: Db, accountId: string, orderId: string, actorId: string) {
  const row = await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  if (row.status === "paid") return getOrder(db, accountId, orderId);
  if (row.status !== "pending" || row.provider !== "offline") {
    throw new AppError("conflict", "Only a pending offline order can be marked as paid");
  }
  await markOrderPaid(db, accountId, orderId, { source: "owner", actorId });
  return getOrder(db, accountId, orderId);
}

/** Refunds a paid order and takes back what it granted. */
export async function ownerRefund(db: Db, accountId: string, orderId: string, actorId: string) {
  await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  await refundOrder(db, accountId, orderId, actorId);
  return getOrder(db, accountId, orderId);
}

/** Cancels a pending order; its coupon use is given back. */
export async function ownerCancel(db: Db, accountId: string, orderId: string) {
  const row = await withTenant(db, accountId, (tx) => orderRow(tx, accountId, orderId));
  if (row.status === "cancelled") return getOrder(db, accountId, orderId);
  if (row.status !== "pending") throw new AppError("conflict", "Only a pending order can be cancelled");
  await cancelOrder(db, accountId, orderId);
  return getOrder(db, accountId, orderId);
}

// ---- Payment settings ----

/** Per provider: the public fields and the secret ones the owner fills in. */
export const PROVIDER_FIELDS: Record<PaymentProviderName, { config: string[]; secrets: string[] }> = {
  offline: { config: ["instructions"], secrets: [] },
  paypal: { config: ["clientId", "mode"], secrets: ["clientSecret", "webhookId"] },
  stripe: { config: ["publishableKey"], secrets: ["secretKey", "webhookSecret"] },
  razorpay: { config: ["keyId"], secrets: ["keySecret", "webhookSecret"] },
};

export type ProviderSettingsView = {
  provider: PaymentProviderName;
  enabled: boolean;
  config: Record<string, string>;
  secretsSet: Record<string, boolean>;
  currencies: string[];
};

export type PaymentSettingsView = {
  currency: string;
  providers: ProviderSettingsView[];
  /** Enabled providers that take the site's currency (what a buyer can choose). */
  available: PaymentProviderName[];
  defaultProvider: PaymentProviderName | null;
};

/** Every provider's settings for the owner, secrets reduced to "set or not". */
export async function paymentSettingsView(db: Db, accountId: string): Promise<PaymentSettingsView> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId));
    const byName = new Map(rows.map((r) => [r.provider, r]));
    const currency = await siteCurrency(tx, accountId);
    const enabled = await enabledProviders(tx, accountId);
    const providers = PAYMENT_PROVIDERS.map((provider) => {
      const row = byName.get(provider);
      const fields = PROVIDER_FIELDS[provider];
      const config: Record<string, string> = {};
      for (const k of fields.config) config[k] = row?.config[k] ?? "";
      const secretsSet: Record<string, boolean> = {};
      for (const k of fields.secrets) secretsSet[k] = Boolean(row?.secrets[k]);
      return {
        provider,
        enabled: row ? row.enabled : provider === "offline",
        config,
        secretsSet,
        currencies: CURRENCIES.filter((c) => c.providers.includes(provider)).map((c) => c.code),
      };
    });
    return {
      currency,
      providers,
      available: providersFor(currency, enabled),
      defaultProvider: defaultProvider(currency, enabled),
    };
  });
}

export type ProviderSettingsInput = {
  enabled: boolean;
  config?: Record<string, string>;
  secrets?: Record<string, string>;
};

function validate(
  provider: PaymentProviderName,
  enabled: boolean,
  config: Record<string, string>,
  secrets: Record<string, string>,
) {
  const bad = (field: string, message: string) => fieldError("validation_failed", field, message);
  if (provider === "stripe") {
    if (secrets.secretKey && !secrets.secretKey.startsWith("sk_"))
      throw bad("secrets.secretKey", "A Stripe secret key starts with sk_");
    if (secrets.webhookSecret && !secrets.webhookSecret.startsWith("whsec_"))
      throw bad("secrets.webhookSecret", "A Stripe webhook signing secret starts with whsec_");
  }
  if (provider === "paypal" && enabled && !config.clientId) throw bad("config.clientId", "Enter the PayPal client id");
  if (provider === "razorpay" && (enabled || config.keyId) && !config.keyId?.startsWith("rzp_"))
    throw bad("config.keyId", "A Razorpay key id starts with rzp_");
  if (provider === "offline" && (config.instructions ?? "").length > 2000)
    throw bad("config.instructions", "Keep the instructions under 2000 characters");
}

/** Saves a provider's settings; a secret left out or empty keeps the stored one. */
export async function savePaymentSettings(
  db: Db,
  accountId: string,
  provider: string,
  input: ProviderSettingsInput,
): Promise<ProviderSettingsView> {
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) throw notFound("Payment provider");
  const name = provider as PaymentProviderName;
  const fields = PROVIDER_FIELDS[name];
  const config: Record<string, string> = {};
  for (const k of fields.config) {
    const v = input.config?.[k];
    if (typeof v === "string") config[k] = v.trim();
  }
  const given: Record<string, string> = {};
  for (const k of fields.secrets) {
    const v = input.secrets?.[k];
    if (typeof v === "string" && v.trim()) given[k] = v.trim();
  }
  validate(name, input.enabled, config, given);
  await withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentSettings)
      .where(and(eq(paymentSettings.accountId, accountId), eq(paymentSettings.provider, name)))
      .for("update");
    const secrets = { ...(row?.secrets ?? {}), ...given };
    await tx
      .insert(paymentSettings)
      .values({ accountId, provider: name, enabled: input.enabled, config, secrets })
      .onConflictDoUpdate({
        target: [paymentSettings.accountId, paymentSettings.provider],
        set: { enabled: input.enabled, config, secrets, updatedAt: new Date() },
      });
  });
  const view = await paymentSettingsView(db, accountId);
  return view.providers.find((p) => p.provider === name) as ProviderSettingsView;
}
