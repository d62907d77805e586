// Commerce (spec §3, §4, §9): products and memberships, coupons, orders with the access they
// granted, subscriptions, provider settings and received provider events, server-side carts of known
// members (for cart_abandoned), and the affiliate programme (affiliates, referrals, commissions).
// Every amount is integer minor units of the row's currency.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CouponScope, DiscountType } from "../../../core/coupon";
import type { ProductMetadata } from "../../../core/product";
import type { CommissionType } from "../../../core/commission";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export type ProductStatus = "draft" | "published";

/** Spec §3 products. A product grants courses and/or memberships when its order is paid. */
export const products = pgTable(
  "products",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    /** price {type onetime|subscription, amount, duration {value, parameter}}, featured, cross. */
    metadata: jsonb("metadata").$type<ProductMetadata>().notNull().default({}),
    courseIds: jsonb("course_ids").$type<string[]>().notNull().default([]),
    membershipIds: jsonb("membership_ids").$type<string[]>().notNull().default([]),
    /** "Offer after purchase": another product of the site offered once this one is paid. */
    upsellProductId: uuid("upsell_product_id"),
    upsellHeadline: text("upsell_headline"),
    /** The offer's price, minor units, below the offered product's own; null: its own price. */
    upsellPrice: integer("upsell_price"),
    status: text("status").$type<ProductStatus>().notNull().default("draft"),
    /** A scheduled sale (minor units of the price's currency), charged from saleStartsAt until saleEndsAt. */
    salePrice: integer("sale_price"),
    saleStartsAt: timestamp("sale_starts_at", { withTimezone: true }),
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    /** The start of the last sale window announced (course_on_sale): once per product and window. */
    saleAnnouncedFor: timestamp("sale_announced_for", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql.raw(`to_tsvector('simple', coalesce(title, ''))`)),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("products_account_slug_idx").on(t.accountId, t.slug),
    index("products_account_created_idx").on(t.accountId, t.createdAt),
    index("products_search_idx").using("gin", t.search),
    index("products_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    check("products_sale_check", sql`sale_price is null or (sale_price >= 0 and sale_starts_at < sale_ends_at)`),
    ...tenantPolicies(),
  ],
);

/** A membership: a set of courses and member-only pages, held for as long as it lasts. */
export const memberships = pgTable(
  "memberships",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    courseIds: jsonb("course_ids").$type<string[]>().notNull().default([]),
    pageIds: jsonb("page_ids").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

export type MemberMembershipStatus = "active" | "ended" | "revoked";

/** A member's hold on a membership; endsAt null = for life, else until then (renewals move it). */
export const memberMemberships = pgTable(
  "member_memberships",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    membershipId: uuid("membership_id").notNull(),
    userId: text("user_id").notNull(),
    status: text("status").$type<MemberMembershipStatus>().notNull().default("active"),
    orderId: uuid("order_id"),
    subscriptionId: uuid("subscription_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.membershipId, t.userId] }),
    index("member_memberships_user_idx").on(t.accountId, t.userId),
    ...tenantPolicies(),
  ],
);

/** Spec §3 coupons. usage_limit / per_user_limit 0 = unlimited; coupon_amount is minor units (flat) or percent. */
export const coupons = pgTable(
  "coupons",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    usageLimit: integer("usage_limit").notNull().default(0),
    usageCount: integer("usage_count").notNull().default(0),
    dateStart: timestamp("date_start", { withTimezone: true }),
    dateEnd: timestamp("date_end", { withTimezone: true }),
    perUserLimit: integer("per_user_limit").notNull().default(0),
    discountType: text("discount_type").$type<DiscountType>().notNull(),
    couponAmount: integer("coupon_amount").notNull(),
    /** On a subscription: the first payment only, `payments` payments, or forever. */
    scope: text("scope").$type<CouponScope>().notNull().default("first"),
    payments: integer("payments"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("coupons_account_name_idx").on(t.accountId, sql`lower(${t.name})`),
    check("coupons_usage_check", sql`usage_limit >= 0 and usage_count >= 0 and per_user_limit >= 0`),
    check("coupons_amount_check", sql`coupon_amount >= 0`),
    ...tenantPolicies(),
  ],
);

export type OrderStatus = "pending" | "paid" | "refunded" | "cancelled" | "failed";
export type OrderItem = {
  productId: string;
  title: string;
  amount: number;
  quantity: number;
  type: "oneTime" | "subscription";
  frequency?: { value: number; parameter: number } | null;
};
/** What a paid order granted, so a refund takes back exactly that. */
export type OrderGrants = { courses: string[]; memberships: string[]; errors?: { courseId: string; code: string }[] };

/** Spec §3 orders: order_id, account_id, coupon, user_id, total_amount, currency (+ status and the rest). */
export const orders = pgTable(
  "orders",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id").notNull(),
    /** The coupon's name as applied (spec), and its row. */
    coupon: text("coupon"),
    couponId: uuid("coupon_id"),
    items: jsonb("items").$type<OrderItem[]>().notNull(),
    subtotal: integer("subtotal").notNull(),
    discount: integer("discount").notNull().default(0),
    totalAmount: integer("total_amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    /** The provider's checkout session / order / payment id. */
    providerRef: text("provider_ref"),
    /** Where the buyer pays (a provider's hosted page); null for offline. */
    checkoutUrl: text("checkout_url"),
    idempotencyKey: text("idempotency_key"),
    grants: jsonb("grants").$type<OrderGrants>().notNull().default({ courses: [], memberships: [] }),
    subscriptionId: uuid("subscription_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.orderId] }),
    uniqueIndex("orders_idempotency_idx").on(t.accountId, t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.accountId, t.userId, t.createdAt),
    index("orders_account_created_idx").on(t.accountId, t.createdAt),
    index("orders_coupon_user_idx").on(t.accountId, t.couponId, t.userId),
    index("orders_provider_ref_idx").on(t.provider, t.providerRef),
    check("orders_amounts_check", sql`subtotal >= 0 and discount >= 0 and total_amount >= 0`),
    ...tenantPolicies(),
  ],
);

export type UpsellOutcome = "accepted" | "declined";

/**
 * The buyer's answer to an offer after a paid order: one row per (original order, offered product),
 * so a double click or two tabs make one second order; a decline keeps the offer from showing again.
 */
export const orderUpsells = pgTable(
  "order_upsells",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    orderId: uuid("order_id").notNull(),
    productId: uuid("product_id").notNull(),
    outcome: text("outcome").$type<UpsellOutcome>().notNull(),
    /** The second order an accepted offer made. */
    upsellOrderId: uuid("upsell_order_id"),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.orderId, t.productId] }),
    index("order_upsells_decided_idx").on(t.accountId, t.decidedAt),
    ...tenantPolicies(),
  ],
);

export type SubscriptionStatus = "active" | "past_due" | "cancelled" | "ended";

/** A subscription product bought by a member: renewals move currentPeriodEnd; access lasts until it. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id").notNull(),
    productId: uuid("product_id").notNull(),
    orderId: uuid("order_id").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    frequency: jsonb("frequency").$type<{ value: number; parameter: number }>().notNull(),
    couponId: uuid("coupon_id"),
    /** Discounted renewals still to come; null = none (or forever when the coupon says so). */
    couponPaymentsLeft: integer("coupon_payments_left"),
    payments: integer("payments").notNull().default(1),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("subscriptions_user_idx").on(t.accountId, t.userId),
    index("subscriptions_provider_ref_idx").on(t.provider, t.providerRef),
    index("subscriptions_period_idx").on(t.status, t.currentPeriodEnd),
    ...tenantPolicies(),
  ],
);

/**
 * A site's payment provider settings: which providers are on and their keys. Secret keys never leave
 * the server (the API answers whether a key is set, not the key).
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Public settings (publishable key, client id, offline instructions). */
    config: jsonb("config").$type<Record<string, string>>().notNull().default({}),
    /** Secret keys and webhook secrets. */
    secrets: jsonb("secrets").$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.provider] }), ...tenantPolicies()],
);

/**
 * A provider's recurring plan for one product price (PayPal and Razorpay bill subscriptions against
 * plans): made the first time someone subscribes at that price, then reused. The key names the
 * product, currency, amount, period and any discounted first payments, so a new price gets a new plan.
 */
export const paymentPlans = pgTable(
  "payment_plans",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    planKey: text("plan_key").notNull(),
    /** The provider's plan id (PayPal P-…, Razorpay plan_…). */
    planRef: text("plan_ref").notNull(),
    productId: uuid("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.provider, t.planKey] }), ...tenantPolicies()],
);

/** Provider events already handled: a replayed webhook finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.provider, t.eventId] }), ...tenantPolicies()],
);

/** A known member's cart, mirrored from local storage so a left cart can raise cart_abandoned. */
export const memberCarts = pgTable(
  "member_carts",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    items: jsonb("items").$type<OrderItem[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    abandonedAt: timestamp("abandoned_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index("member_carts_pending_idx").on(t.updatedAt).where(sql`abandoned_at is null`),
    ...tenantPolicies(),
  ],
);

export type AffiliateSettings = { autoApprove: boolean; oneTimePayout: boolean };
export type AffiliateStatus = "pending" | "approved" | "suspended";

/** Spec §3 Affiliate: a member who refers buyers, with their commission terms. */
export const affiliates = pgTable(
  "affiliates",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id").notNull(),
    /** The value of the `ref` query parameter in the affiliate's link. */
    code: text("code").notNull(),
    status: text("status").$type<AffiliateStatus>().notNull().default("approved"),
    commissionType: text("commission_type").$type<CommissionType>().notNull().default("percentage"),
    commissionValue: integer("commission_value").notNull().default(10),
    settings: jsonb("settings")
      .$type<AffiliateSettings>()
      .notNull()
      .default({ autoApprove: true, oneTimePayout: false }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("affiliates_account_user_idx").on(t.accountId, t.userId),
    uniqueIndex("affiliates_account_code_idx").on(t.accountId, t.code),
    ...tenantPolicies(),
  ],
);

/** Spec §3 Referral: one per referred member; reward_status 'complete' once paid out for good. */
export const referrals = pgTable(
  "referrals",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    affiliateId: uuid("affiliate_id").notNull(),
    referrerUserId: text("referrer_user_id").notNull(),
    referredUserId: text("referred_user_id").notNull(),
    rewardStatus: text("reward_status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("referrals_referred_idx").on(t.accountId, t.referredUserId),
    index("referrals_affiliate_idx").on(t.accountId, t.affiliateId),
    ...tenantPolicies(),
  ],
);

export type CommissionInfo = { order_id: string; affiliate_id: string; referral_id: string; type: CommissionType };

/** Spec §3 Commission: type 'referral' (approved) or 'pendingReferral'; paidAt once the owner pays it out. */
export const commissions = pgTable(
  "commissions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id").notNull(),
    orderId: uuid("order_id").notNull(),
    currency: text("currency").notNull(),
    info: jsonb("info").$type<CommissionInfo>().notNull(),
    amount: integer("amount").notNull(),
    type: text("type").$type<"referral" | "pendingReferral">().notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("commissions_order_idx").on(t.accountId, t.orderId),
    index("commissions_user_idx").on(t.accountId, t.userId, t.createdAt),
    ...tenantPolicies(),
  ],
);
