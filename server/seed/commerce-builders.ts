// Builders for commerce: products, memberships, coupons, affiliates and payment settings. Used by
// tests, the demo seed and benchmarks. Amounts are minor units.
import { slugify } from "../../core/slug";
import type { CouponScope, DiscountType } from "../../core/coupon";
import type { CommissionType } from "../../core/commission";
import type { ProductMetadata } from "../../core/product";
import type { Db } from "../db/client";
import { affiliates, coupons, memberships, paymentSettings, products } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";

type Site = Pick<SiteAccount, "accountId">;

export type BuildProductInput = {
  title: string;
  slug?: string;
  description?: string;
  image?: string | null;
  /** One-time by default; minor units. Omit (or 0) for a product with no price ('private'). */
  amount?: number;
  subscription?: { value: number; parameter: number } | null;
  featured?: boolean;
  cross?: string[];
  courseIds?: string[];
  membershipIds?: string[];
  status?: "draft" | "published";
  /** Offer after purchase: the offered product, its offer price and headline. */
  upsell?: { productId: string; price?: number | null; headline?: string | null } | null;
};

export async function buildProduct(db: Db, site: Site, input: BuildProductInput) {
  const metadata: ProductMetadata = {
    price: input.amount
      ? input.subscription
        ? { type: "subscription", amount: input.amount, duration: input.subscription }
        : { type: "onetime", amount: input.amount }
      : null,
    featured: input.featured ?? false,
    cross: (input.cross ?? []).map((id) => ({ id, value: id })),
  };
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        accountId: site.accountId,
        title: input.title,
        slug: input.slug ?? slugify(input.title),
        description: input.description ?? "",
        image: input.image ?? null,
        metadata,
        courseIds: input.courseIds ?? [],
        membershipIds: input.membershipIds ?? [],
        status: input.status ?? "published",
        upsellProductId: input.upsell?.productId ?? null,
        upsellPrice: input.upsell?.price ?? null,
        upsellHeadline: input.upsell?.headline ?? null,
      })
      .returning();
    return row;
  });
}

export async function buildMembership(
  db: Db,
  site: Site,
  input: { title: string; description?: string; courseIds?: string[]; pageIds?: string[] },
) {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .insert(memberships)
      .values({
        accountId: site.accountId,
        title: input.title,
        description: input.description ?? "",
        courseIds: input.courseIds ?? [],
        pageIds: input.pageIds ?? [],
      })
      .returning();
    return row;
  });
}

export type BuildCouponInput = {
  name: string;
  discountType?: DiscountType;
  /** Minor units for flat; percent for percentage. */
  amount?: number;
  usageLimit?: number;
  usageCount?: number;
  perUserLimit?: number;
  dateStart?: Date | null;
  dateEnd?: Date | null;
  scope?: CouponScope;
  payments?: number | null;
};

export async function buildCoupon(db: Db, site: Site, input: BuildCouponInput) {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({
        accountId: site.accountId,
        name: input.name,
        discountType: input.discountType ?? "percentage",
        couponAmount: input.amount ?? 10,
        usageLimit: input.usageLimit ?? 0,
        usageCount: input.usageCount ?? 0,
        perUserLimit: input.perUserLimit ?? 0,
        dateStart: input.dateStart ?? null,
        dateEnd: input.dateEnd ?? null,
        scope: input.scope ?? "first",
        payments: input.payments ?? null,
      })
      .returning();
    return row;
  });
}

export async function buildAffiliate(
  db: Db,
  site: Site,
  userId: string,
  input: {
    code?: string;
    commissionType?: CommissionType;
    commissionValue?: number;
    autoApprove?: boolean;
    oneTimePayout?: boolean;
  } = {},
) {
  return withTenant(db, site.accountId, async (tx) => {
    const [row] = await tx
      .insert(affiliates)
      .values({
        accountId: site.accountId,
        userId,
        code: input.code ?? `ref${Math.random().toString(36).slice(2, 8)}`,
        commissionType: input.commissionType ?? "percentage",
        commissionValue: input.commissionValue ?? 10,
        settings: { autoApprove: input.autoApprove ?? true, oneTimePayout: input.oneTimePayout ?? false },
      })
      .returning();
    return row;
  });
}

/** Turns a provider on for a site with the given keys (stripe: secretKey, webhookSecret, apiBase …). */
export async function buildPaymentSettings(
  db: Db,
  site: Site,
  provider: string,
  input: { config?: Record<string, string>; secrets?: Record<string, string>; enabled?: boolean } = {},
) {
  return withTenant(db, site.accountId, (tx) =>
    tx
      .insert(paymentSettings)
      .values({
        accountId: site.accountId,
        provider,
        enabled: input.enabled ?? true,
        config: input.config ?? {},
        secrets: input.secrets ?? {},
      })
      .onConflictDoUpdate({
        target: [paymentSettings.accountId, paymentSettings.provider],
        set: { enabled: input.enabled ?? true, config: input.config ?? {}, secrets: input.secrets ?? {} },
      }),
  );
}
