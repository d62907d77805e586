// The demo site's shop: a one-time product for one course, a monthly subscription, an "All-access"
// membership sold by a yearly subscription, cross-sells between them, coupons showing every rule
// (percentage, flat, usage limit, scheduled, expired, once per member, discounted renewals), the
// demo instructor as an affiliate, and offline payment with instructions.
import { and, eq } from "drizzle-orm";
import { DAY } from "../../core/course-duration";
import type { ProductMetadata } from "../../core/product";
import type { Db } from "../db/client";
import { products } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { buildAffiliate, buildCoupon, buildMembership, buildPaymentSettings, buildProduct } from "./commerce-builders";

type Site = Pick<SiteAccount, "accountId">;

export const DEMO_COUPONS = ["WELCOME10", "SAVE5", "LAUNCH", "SPRING", "OLDDEAL", "ONCE", "LOYAL"] as const;

export async function seedDemoCommerce(db: Db, site: Site, instructor: { id: string }, courseIds: string[]) {
  const existing = await withTenant(db, site.accountId, (tx) =>
    tx.select({ id: products.id }).from(products).where(eq(products.accountId, site.accountId)).limit(1),
  );
  if (existing.length) return { created: false };

  const [first, ...rest] = courseIds;
  const oneTime = await buildProduct(db, site, {
    title: "Wheel Throwing Foundations — lifetime access",
    slug: "wheel-throwing-lifetime",
    description: "Buy once, keep the course and its updates for good.",
    amount: 4900,
    featured: true,
    courseIds: [first],
  });
  const monthly = await buildProduct(db, site, {
    title: "Studio pass — monthly",
    slug: "studio-pass-monthly",
    description: "The hand-building and glazing courses while you subscribe; cancel any time.",
    amount: 1500,
    subscription: { value: 30, parameter: DAY },
    courseIds: rest,
  });
  const allAccess = await buildMembership(db, site, {
    title: "All-access",
    description: "Every course of the school, and everything we add while you are a member.",
    courseIds,
  });
  const yearly = await buildProduct(db, site, {
    title: "All-access — yearly",
    slug: "all-access-yearly",
    description: "Every course for a year, renewed yearly.",
    amount: 12900,
    subscription: { value: 365, parameter: DAY },
    featured: true,
    membershipIds: [allAccess.id],
  });
  const cross: [string, string[]][] = [
    [oneTime.id, [yearly.id, monthly.id]],
    [monthly.id, [yearly.id]],
    [yearly.id, [oneTime.id]],
  ];
  await withTenant(db, site.accountId, async (tx) => {
    for (const [id, ids] of cross) {
      const [row] = await tx
        .select({ metadata: products.metadata })
        .from(products)
        .where(and(eq(products.accountId, site.accountId), eq(products.id, id)));
      const metadata: ProductMetadata = { ...row.metadata, cross: ids.map((x) => ({ id: x, value: x })) };
      await tx
        .update(products)
        .set({ metadata })
        .where(and(eq(products.accountId, site.accountId), eq(products.id, id)));
    }
  });

  const day = 86_400_000;
  const now = Date.now();
  await buildCoupon(db, site, { name: "WELCOME10", discountType: "percentage", amount: 10 });
  await buildCoupon(db, site, { name: "SAVE5", discountType: "flat", amount: 500 });
  await buildCoupon(db, site, { name: "LAUNCH", discountType: "percentage", amount: 20, usageLimit: 100 });
  await buildCoupon(db, site, {
    name: "SPRING",
    discountType: "percentage",
    amount: 15,
    dateStart: new Date(now + 30 * day),
    dateEnd: new Date(now + 60 * day),
  });
  await buildCoupon(db, site, {
    name: "OLDDEAL",
    discountType: "percentage",
    amount: 50,
    dateStart: new Date(now - 60 * day),
    dateEnd: new Date(now - 30 * day),
  });
  await buildCoupon(db, site, { name: "ONCE", discountType: "flat", amount: 1000, perUserLimit: 1 });
  await buildCoupon(db, site, { name: "LOYAL", discountType: "percentage", amount: 25, scope: "count", payments: 3 });

  await buildAffiliate(db, site, instructor.id, {
    code: "instructor",
    commissionType: "percentage",
    commissionValue: 20,
  });
  await buildPaymentSettings(db, site, "offline", {
    config: {
      instructions:
        "Pay by bank transfer to Demo Academy, IBAN DE00 1234 5678 9000 0000 00, quoting your order number. We confirm within one working day.",
    },
  });
  return { created: true, products: [oneTime, monthly, yearly], membership: allAccess };
}
