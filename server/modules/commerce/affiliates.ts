// The affiliate programme (spec §3 Referral / Commission / Affiliate, §4 reward_status, §8): members
// with an affiliate record share a link with ?ref=<code>; a visitor who signs up with it becomes their
// referral; the referral's first-time purchases earn the affiliate a commission. A failed commission
// is logged and never undoes or retries the payment (spec §8 "logged only").
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { commissionAmount, commissionKind, referralStatusAfterCommission } from "../../../core/commission";
import type { CommissionType } from "../../../core/commission";
import { planAllows } from "../../../core/plans";
import type { Db, Tx } from "../../db/client";
import { accounts, affiliates, commissions, members, orders, referrals } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { type DomainEvent, events } from "../events";
import { orderNumberOf } from "./checkout";

export type AffiliateRow = typeof affiliates.$inferSelect;

export type AffiliateInput = {
  code?: string | null;
  commissionType?: CommissionType;
  commissionValue?: number;
  autoApprove?: boolean;
  oneTimePayout?: boolean;
  status?: AffiliateRow["status"];
};

/** 8 lowercase letters and digits: short enough to read out, long enough not to be guessed. */
export const newAffiliateCode = () =>
  randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")
    .slice(0, 8);

const affiliateView = (a: AffiliateRow, m?: { name: string | null; email: string | null }) => ({
  id: a.id,
  userId: a.userId,
  code: a.code,
  status: a.status,
  commissionType: a.commissionType,
  commissionValue: a.commissionValue,
  autoApprove: a.settings.autoApprove,
  oneTimePayout: a.settings.oneTimePayout,
  createdAt: a.createdAt.toISOString(),
  memberName: m?.name ?? null,
  memberEmail: m?.email ?? null,
});
export type AffiliateView = ReturnType<typeof affiliateView>;

async function affiliateByUser(tx: Tx, accountId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.accountId, accountId), eq(affiliates.userId, userId)));
  return row ?? null;
}

/** The member's affiliate record, or null (spec §7: affiliates where user_id is the current user). */
export async function myAffiliate(db: Db, accountId: string, userId: string) {
  const row = await withTenant(db, accountId, (tx) => affiliateByUser(tx, accountId, userId));
  return row ? affiliateView(row) : null;
}

/** Whether the member has an affiliate record (the profile menu's affiliate link). */
export async function hasAffiliate(db: Db, accountId: string, userId: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ id: affiliates.id })
      .from(affiliates)
      .where(and(eq(affiliates.accountId, accountId), eq(affiliates.userId, userId)))
      .limit(1),
  );
  return Boolean(row);
}

/** The people the member referred: name, when, and whether they still earn commissions. */
export async function myReferrals(db: Db, accountId: string, userId: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ r: referrals, name: members.name })
      .from(referrals)
      .leftJoin(members, and(eq(members.accountId, referrals.accountId), eq(members.userId, referrals.referredUserId)))
      .where(and(eq(referrals.accountId, accountId), eq(referrals.referrerUserId, userId)))
      .orderBy(desc(referrals.createdAt))
      .limit(500);
    return rows.map(({ r, name }) => ({
      id: r.id,
      referredName: name ?? "",
      rewardStatus: r.rewardStatus,
      createdAt: r.createdAt.toISOString(),
    }));
  });
}

const commissionView = (c: typeof commissions.$inferSelect, affiliateName?: string | null) => ({
  id: c.id,
  userId: c.userId,
  orderId: c.orderId,
  orderNumber: orderNumberOf(c.orderId),
  amount: c.amount,
  currency: c.currency,
  type: c.type,
  approved: c.type === "referral",
  paidAt: c.paidAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
  affiliateName: affiliateName ?? null,
});
export type CommissionView = ReturnType<typeof commissionView>;

/** Earnings per currency: approved and unpaid, waiting for approval, and paid out. */
export function earningsTotals(list: { amount: number; currency: string; type: string; paidAt: string | null }[]) {
  const by = new Map<string, { currency: string; approved: number; pending: number; paid: number }>();
  for (const c of list) {
    const t = by.get(c.currency) ?? { currency: c.currency, approved: 0, pending: 0, paid: 0 };
    if (c.paidAt) t.paid += c.amount;
    else if (c.type === "referral") t.approved += c.amount;
    else t.pending += c.amount;
    by.set(c.currency, t);
  }
  return [...by.values()];
}

/** The member's commissions, newest first, with their totals. */
export async function myCommissions(db: Db, accountId: string, userId: string) {
  const items = await withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.accountId, accountId), eq(commissions.userId, userId)))
      .orderBy(desc(commissions.createdAt))
      .limit(500);
    return rows.map((c) => commissionView(c));
  });
  return { items, totals: earningsTotals(items) };
}

/** Every affiliate of the site, with the member's name and e-mail. */
export async function listAffiliates(db: Db, accountId: string) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ a: affiliates, name: members.name, email: members.email })
      .from(affiliates)
      .leftJoin(members, and(eq(members.accountId, affiliates.accountId), eq(members.userId, affiliates.userId)))
      .where(eq(affiliates.accountId, accountId))
      .orderBy(desc(affiliates.createdAt))
      .limit(500);
    return rows.map(({ a, name, email }) => affiliateView(a, { name, email }));
  });
}

const CODE = /^[A-Za-z0-9_-]{3,40}$/;

function uniqueViolation(err: unknown): never {
  const msg = String((err as Error)?.message ?? "") + String((err as { cause?: Error })?.cause?.message ?? "");
  if (/affiliates_account_code_idx/.test(msg)) throw fieldError("conflict", "code", "Another affiliate uses this code");
  if (/affiliates_account_user_idx/.test(msg))
    throw fieldError("conflict", "email", "This member is already an affiliate");
  throw err;
}

/** Makes a member of the site (by e-mail) an affiliate; the code is generated unless given. */
export async function createAffiliate(db: Db, accountId: string, input: AffiliateInput & { email: string }) {
  const code = input.code?.trim() || newAffiliateCode();
  if (!CODE.test(code)) throw fieldError("validation_failed", "code", "3-40 letters, digits, - or _");
  try {
    return await withTenant(db, accountId, async (tx) => {
      const [m] = await tx
        .select({ userId: members.userId, name: members.name, email: members.email })
        .from(members)
        .where(and(eq(members.accountId, accountId), sql`lower(${members.email}) = lower(${input.email.trim()})`));
      if (!m) throw fieldError("validation_failed", "email", "No member of this site has this e-mail");
      if (await affiliateByUser(tx, accountId, m.userId)) {
        throw fieldError("conflict", "email", "This member is already an affiliate");
      }
      const [row] = await tx
        .insert(affiliates)
        .values({
          accountId,
          userId: m.userId,
          code,
          status: input.status ?? "approved",
          commissionType: input.commissionType ?? "percentage",
          commissionValue: input.commissionValue ?? 10,
          settings: { autoApprove: input.autoApprove ?? true, oneTimePayout: input.oneTimePayout ?? false },
        })
        .returning();
      return affiliateView(row, m);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    uniqueViolation(err);
  }
}

export async function updateAffiliate(db: Db, accountId: string, id: string, input: AffiliateInput) {
  if (input.code != null && !CODE.test(input.code.trim())) {
    throw fieldError("validation_failed", "code", "3-40 letters, digits, - or _");
  }
  try {
    return await withTenant(db, accountId, async (tx) => {
      const [current] = await tx
        .select()
        .from(affiliates)
        .where(and(eq(affiliates.accountId, accountId), eq(affiliates.id, id)))
        .for("update");
      if (!current) throw notFound("Affiliate");
      const [row] = await tx
        .update(affiliates)
        .set({
          code: input.code?.trim() || current.code,
          status: input.status ?? current.status,
          commissionType: input.commissionType ?? current.commissionType,
          commissionValue: input.commissionValue ?? current.commissionValue,
          settings: {
            autoApprove: input.autoApprove ?? current.settings.autoApprove,
            oneTimePayout: input.oneTimePayout ?? current.settings.oneTimePayout,
          },
        })
        .where(and(eq(affiliates.accountId, accountId), eq(affiliates.id, id)))
        .returning();
      return affiliateView(row);
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    uniqueViolation(err);
  }
}

/** Removes the affiliate record; referrals and commissions already earned stay on record. */
export async function deleteAffiliate(db: Db, accountId: string, id: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .delete(affiliates)
      .where(and(eq(affiliates.accountId, accountId), eq(affiliates.id, id)))
      .returning({ id: affiliates.id }),
  );
  if (!row) throw notFound("Affiliate");
  return { deleted: true };
}

/** The site's commissions, newest first, with the affiliate's name. */
export async function listCommissions(db: Db, accountId: string, opts: { page?: number; perPage?: number } = {}) {
  const page = opts.page ?? 1;
  const perPage = opts.perPage ?? 20;
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({ c: commissions, name: members.name })
      .from(commissions)
      .leftJoin(members, and(eq(members.accountId, commissions.accountId), eq(members.userId, commissions.userId)))
      .where(eq(commissions.accountId, accountId))
      .orderBy(desc(commissions.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(commissions)
      .where(eq(commissions.accountId, accountId));
    return { items: rows.map(({ c, name }) => commissionView(c, name)), total: Number(n), page, perPage };
  });
}

/** Approves a pending commission (pendingReferral → referral). */
export async function approveCommission(db: Db, accountId: string, id: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .update(commissions)
      .set({ type: "referral" })
      .where(and(eq(commissions.accountId, accountId), eq(commissions.id, id)))
      .returning();
    if (!row) throw notFound("Commission");
    return commissionView(row);
  });
}

/** Records that the commission was paid out to the affiliate (once; a second call keeps the first date). */
export async function payCommission(db: Db, accountId: string, id: string, now = new Date()) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(commissions)
      .where(and(eq(commissions.accountId, accountId), eq(commissions.id, id)))
      .for("update");
    if (!row) throw notFound("Commission");
    if (row.type !== "referral") throw new AppError("conflict", "Approve the commission before paying it");
    if (row.paidAt) return commissionView(row);
    const [paid] = await tx
      .update(commissions)
      .set({ paidAt: now })
      .where(and(eq(commissions.accountId, accountId), eq(commissions.id, id), isNull(commissions.paidAt)))
      .returning();
    return commissionView(paid);
  });
}

/**
 * A new member signed up with a stored referral code: when the code is an approved affiliate's of
 * this site, and not the member's own, they become that affiliate's referral (once). A code that
 * matches nothing is ignored: the sign-up never fails because of it.
 */
export async function recordReferral(db: Db, accountId: string, referredUserId: string, code: string | null) {
  const clean = code?.trim();
  if (!clean || clean.length > 100) return null;
  try {
    return await withTenant(db, accountId, async (tx) => {
      const [a] = await tx
        .select()
        .from(affiliates)
        .where(
          and(
            eq(affiliates.accountId, accountId),
            sql`lower(${affiliates.code}) = lower(${clean})`,
            eq(affiliates.status, "approved"),
          ),
        );
      if (!a || a.userId === referredUserId) return null;
      const [m] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, referredUserId)));
      if (!m) return null;
      const [row] = await tx
        .insert(referrals)
        .values({ accountId, affiliateId: a.id, referrerUserId: a.userId, referredUserId, rewardStatus: "pending" })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    });
  } catch (err) {
    console.error(`[affiliates] referral for ${referredUserId} not recorded:`, (err as Error).message);
    return null;
  }
}

/**
 * payment_success → the buyer's referrer earns a commission on the order (once per order). Renewals
 * of a subscription do not earn: a commission belongs to an order, and a renewal is not a new order.
 */
export async function commissionForPayment(db: Db, event: DomainEvent): Promise<void> {
  const p = event.payload as { orderId?: string; renewal?: boolean };
  if (p.renewal || !p.orderId) return;
  const orderId = p.orderId;
  try {
    await withTenant(db, event.accountId, async (tx) => {
      // Commissions are a plan feature (§6): a site whose plan lacks it records none.
      const [site] = await tx
        .select({ plan: sql<string | null>`${accounts.settings}->>'plan'` })
        .from(accounts)
        .where(eq(accounts.accountId, event.accountId));
      if (!planAllows(site?.plan, "commissions")) return;
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, event.accountId), eq(orders.orderId, orderId), eq(orders.status, "paid")));
      if (!order) return;
      const [found] = await tx
        .select({ r: referrals, a: affiliates })
        .from(referrals)
        .innerJoin(
          affiliates,
          and(eq(affiliates.accountId, referrals.accountId), eq(affiliates.id, referrals.affiliateId)),
        )
        .where(
          and(
            eq(referrals.accountId, event.accountId),
            eq(referrals.referredUserId, order.userId),
            ne(referrals.rewardStatus, "complete"),
            eq(affiliates.status, "approved"),
          ),
        )
        .limit(1);
      if (!found) return;
      const { r, a } = found;
      const amount = commissionAmount(a.commissionType, a.commissionValue, order.totalAmount);
      if (amount <= 0) return;
      const [inserted] = await tx
        .insert(commissions)
        .values({
          accountId: event.accountId,
          userId: a.userId,
          orderId: order.orderId,
          currency: order.currency,
          info: { order_id: order.orderId, affiliate_id: a.id, referral_id: r.id, type: a.commissionType },
          amount,
          type: commissionKind(a),
        })
        .onConflictDoNothing({ target: [commissions.accountId, commissions.orderId] })
        .returning({ id: commissions.id });
      if (!inserted) return;
      const next = referralStatusAfterCommission(a, r.rewardStatus);
      if (next !== r.rewardStatus) {
        await tx
          .update(referrals)
          .set({ rewardStatus: next })
          .where(and(eq(referrals.accountId, event.accountId), eq(referrals.id, r.id)));
      }
    });
  } catch (err) {
    console.error(`[affiliates] commission for order ${orderId} not recorded:`, (err as Error).message);
  }
}

events.on("payment_success", commissionForPayment);
