// Coupons of the owner's catalogue (spec §3 coupons): the API's snake_case view, the checks on a
// whole coupon after any change, and CRUD. Names are unique per site ignoring case.
import { and, desc, eq, ilike, ne, sql } from "drizzle-orm";
import type { CouponScope, DiscountType } from "../../../core/coupon";
import { containsPattern } from "../../../core/search-query";
import type { Db, Tx } from "../../db/client";
import { coupons } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A coupon as the API shows it (spec §3 names). */
export type CouponView = {
  id: string;
  name: string;
  discount_type: DiscountType;
  coupon_amount: number;
  usage_limit: number;
  usage_count: number;
  per_user_limit: number;
  date_start: string | null;
  date_end: string | null;
  scope: CouponScope;
  payments: number | null;
  created_at: string;
};
export type CouponInput = Partial<Omit<CouponView, "id" | "usage_count" | "created_at">>;

/** The whole coupon after a change: amounts by type, dates in order, payments for scope count. */
export function validateCoupon(c: Required<CouponInput>): Required<CouponInput> {
  const name = (c.name ?? "").trim();
  if (!name || name.length > 64) throw fieldError("validation_failed", "name", "A name of 1 to 64 characters");
  if (c.discount_type !== "flat" && c.discount_type !== "percentage")
    throw fieldError("validation_failed", "discount_type", "The discount type is flat or percentage");
  const amount = c.coupon_amount;
  if (!Number.isInteger(amount) || amount < 1)
    throw fieldError("validation_failed", "coupon_amount", "The discount is a whole number, 1 or more");
  if (c.discount_type === "percentage" && amount > 100)
    throw fieldError("validation_failed", "coupon_amount", "A percentage is 1 to 100");
  for (const f of ["usage_limit", "per_user_limit"] as const) {
    if (!Number.isInteger(c[f]) || c[f] < 0) throw fieldError("validation_failed", f, "0 (unlimited) or more");
  }
  const start = c.date_start ? new Date(c.date_start) : null;
  const end = c.date_end ? new Date(c.date_end) : null;
  if (start && Number.isNaN(start.getTime())) throw fieldError("validation_failed", "date_start", "Not a valid date");
  if (end && Number.isNaN(end.getTime())) throw fieldError("validation_failed", "date_end", "Not a valid date");
  if (start && end && end.getTime() <= start.getTime())
    throw fieldError("validation_failed", "date_end", "The end comes after the start");
  if (!["first", "count", "forever"].includes(c.scope))
    throw fieldError("validation_failed", "scope", "The scope is first, count or forever");
  if (c.scope === "count" && (!Number.isInteger(c.payments) || (c.payments ?? 0) < 2))
    throw fieldError("validation_failed", "payments", "A number of payments of 2 or more");
  return {
    ...c,
    name,
    date_start: iso(start),
    date_end: iso(end),
    payments: c.scope === "count" ? c.payments : null,
  };
}

const couponView = (r: typeof coupons.$inferSelect): CouponView => ({
  id: r.id,
  name: r.name,
  discount_type: r.discountType,
  coupon_amount: r.couponAmount,
  usage_limit: r.usageLimit,
  usage_count: r.usageCount,
  per_user_limit: r.perUserLimit,
  date_start: iso(r.dateStart),
  date_end: iso(r.dateEnd),
  scope: r.scope,
  payments: r.payments,
  created_at: r.createdAt.toISOString(),
});

const byCoupon = (accountId: string, id: string) => and(eq(coupons.accountId, accountId), eq(coupons.id, id));

const COUPON_DEFAULTS: Required<CouponInput> = {
  name: "",
  discount_type: "percentage",
  coupon_amount: 0,
  usage_limit: 0,
  per_user_limit: 0,
  date_start: null,
  date_end: null,
  scope: "first",
  payments: null,
};

const couponRow = (c: Required<CouponInput>) => ({
  name: c.name,
  discountType: c.discount_type,
  couponAmount: c.coupon_amount,
  usageLimit: c.usage_limit,
  perUserLimit: c.per_user_limit,
  dateStart: c.date_start ? new Date(c.date_start) : null,
  dateEnd: c.date_end ? new Date(c.date_end) : null,
  scope: c.scope,
  payments: c.payments,
});

async function assertFreeName(tx: Tx, accountId: string, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(
        eq(coupons.accountId, accountId),
        sql`lower(${coupons.name}) = lower(${name})`,
        exceptId ? ne(coupons.id, exceptId) : undefined,
      ),
    );
  if (clash) throw fieldError("conflict", "name", `Another coupon is already called "${name}"`);
}

export async function listCoupons(
  db: Db,
  accountId: string,
  q: { page?: number; perPage?: number; search?: string } = {},
) {
  const page = Math.max(1, q.page ?? 1);
  const perPage = Math.min(100, Math.max(1, q.perPage ?? 20));
  return withTenant(db, accountId, async (tx) => {
    const where = and(
      eq(coupons.accountId, accountId),
      q.search?.trim() ? ilike(coupons.name, containsPattern(q.search)) : undefined,
    );
    const rows = await tx
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { coupons: rows.map(couponView), count: await tx.$count(coupons, where) };
  });
}

async function loadCoupon(tx: Tx, accountId: string, id: string) {
  const [row] = await tx.select().from(coupons).where(byCoupon(accountId, id));
  if (!row) throw notFound("Coupon");
  return row;
}

export const getCoupon = (db: Db, accountId: string, id: string) =>
  withTenant(db, accountId, async (tx) => couponView(await loadCoupon(tx, accountId, id)));

export async function createCoupon(db: Db, accountId: string, input: CouponInput) {
  const clean = validateCoupon({ ...COUPON_DEFAULTS, ...input });
  return withTenant(db, accountId, async (tx) => {
    await assertFreeName(tx, accountId, clean.name);
    const [row] = await tx
      .insert(coupons)
      .values({ accountId, ...couponRow(clean) })
      .returning();
    return couponView(row);
  });
}

export async function updateCoupon(db: Db, accountId: string, id: string, input: CouponInput) {
  return withTenant(db, accountId, async (tx) => {
    const { id: _id, usage_count: _uc, created_at: _ca, ...current } = couponView(await loadCoupon(tx, accountId, id));
    const clean = validateCoupon({ ...current, ...input });
    await assertFreeName(tx, accountId, clean.name, id);
    const [row] = await tx.update(coupons).set(couponRow(clean)).where(byCoupon(accountId, id)).returning();
    return couponView(row);
  });
}

/** Orders keep the coupon's name as applied; the coupon itself goes. */
export async function deleteCoupon(db: Db, accountId: string, id: string) {
  await withTenant(db, accountId, async (tx) => {
    await loadCoupon(tx, accountId, id);
    await tx.delete(coupons).where(byCoupon(accountId, id));
  });
}
