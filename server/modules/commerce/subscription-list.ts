// Subscriptions as lists: the member's own and the whole site's, with the product's title and the
// member's name for the owner.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { members, products, subscriptions } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { SubscriptionRow } from "./subscriptions";

export type SubscriptionView = {
  id: string;
  productId: string;
  productTitle: string;
  status: SubscriptionRow["status"];
  amount: number;
  currency: string;
  frequency: { value: number; parameter: number };
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  payments: number;
  provider: string;
  createdAt: string;
  userId: string;
  memberName: string | null;
  memberEmail: string | null;
};

async function listSubscriptions(tx: Tx, accountId: string, userId: string | null, page = 1, perPage = 50) {
  const where = userId
    ? and(eq(subscriptions.accountId, accountId), eq(subscriptions.userId, userId))
    : eq(subscriptions.accountId, accountId);
  const rows = await tx
    .select({
      s: subscriptions,
      productTitle: products.title,
      memberName: members.name,
      memberEmail: members.email,
    })
    .from(subscriptions)
    .leftJoin(products, and(eq(products.accountId, subscriptions.accountId), eq(products.id, subscriptions.productId)))
    .leftJoin(members, and(eq(members.accountId, subscriptions.accountId), eq(members.userId, subscriptions.userId)))
    .where(where)
    .orderBy(desc(subscriptions.createdAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(where);
  const items: SubscriptionView[] = rows.map(({ s, productTitle, memberName, memberEmail }) => ({
    id: s.id,
    productId: s.productId,
    productTitle: productTitle ?? "",
    status: s.status,
    amount: s.amount,
    currency: s.currency,
    frequency: s.frequency,
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    payments: s.payments,
    provider: s.provider,
    createdAt: s.createdAt.toISOString(),
    userId: s.userId,
    memberName: memberName ?? null,
    memberEmail: memberEmail ?? null,
  }));
  return { items, total: Number(n), page, perPage };
}

/** The member's own subscriptions, newest first. */
export const mySubscriptions = (db: Db, accountId: string, userId: string) =>
  withTenant(db, accountId, (tx) => listSubscriptions(tx, accountId, userId, 1, 100));

/** Every subscription of the site, for its owner. */
export const siteSubscriptions = (db: Db, accountId: string, page = 1, perPage = 20) =>
  withTenant(db, accountId, (tx) => listSubscriptions(tx, accountId, null, page, perPage));
