// The offer after a paid order (a product's "Offer after purchase", or a funnel's upsell step): what
// the buyer is offered, accepting it in one click and declining it. The answer is one row per
// (original order, offered product) in order_upsells, so a double click or two tabs make one second
// order, and a declined offer is not shown again. The second order is paid through the first one's
// provider where it can charge without the buyer (Stripe's saved card); otherwise it waits for the
// buyer on the provider's page or the offline instructions.
import { and, desc, eq, inArray } from "drizzle-orm";
import { type PaymentProviderName, providersFor } from "../../../core/currency";
import { type ProductPrice, priceOf } from "../../../core/product";
import type { Db, Tx } from "../../db/client";
import {
  courses,
  memberships,
  type OrderItem,
  orders,
  orderUpsells,
  products,
  type UpsellOutcome,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { providerFor } from "../../payments";
import { events } from "../events";
import { orderNumberOf } from "./checkout";
import { fulfil, markOrderPaid } from "./fulfilment";
import { beginPayment, type OrderRow, siteCurrency } from "./orders";
import { paymentSetup } from "./settings";

export type UpsellDecision = {
  productId: string;
  outcome: UpsellOutcome;
  upsellOrderId: string | null;
  decidedAt: string;
};

export type UpsellOffer = {
  orderId: string;
  orderNumber: string;
  currency: string;
  headline: string | null;
  /** What the offer costs; `price` is the product's own. */
  offerPrice: number;
  product: {
    id: string;
    title: string;
    description: string;
    image: string | null;
    price: ProductPrice;
    /** The courses and memberships buying it grants, by title. */
    includes: string[];
  };
  /** Set once the buyer answered: the page goes on instead of asking again. */
  decided: UpsellDecision | null;
};

const notPaid = () => new AppError("conflict", "Only a paid order has an offer after purchase");
const noOffer = () => notFound("Offer");

type OfferTarget = { order: OrderRow; product: typeof products.$inferSelect; price: ProductPrice; offerPrice: number };

/** The buyer's paid order and the product offered after it (`productId`, else the bought product's upsell). */
async function offerTarget(
  tx: Tx,
  accountId: string,
  userId: string,
  orderId: string,
  productId: string | null,
): Promise<OfferTarget & { headline: string | null }> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound("Order");
  if (order.status !== "paid") throw notPaid();
  const bought = order.items.map((i) => i.productId);
  const sources = bought.length
    ? await tx
        .select({
          id: products.id,
          upsellProductId: products.upsellProductId,
          upsellPrice: products.upsellPrice,
          upsellHeadline: products.upsellHeadline,
        })
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, bought)))
    : [];
  const setting = sources.find(
    (p) => bought.includes(p.id) && p.upsellProductId && (!productId || p.upsellProductId === productId),
  );
  const offeredId = productId ?? setting?.upsellProductId ?? null;
  if (!offeredId || bought.includes(offeredId)) throw noOffer();
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.id, offeredId), eq(products.status, "published")));
  const price = product ? priceOf(product.metadata) : null;
  if (!product || !price) throw noOffer();
  const offerPrice =
    setting?.upsellPrice != null && setting.upsellPrice < price.amount ? setting.upsellPrice : price.amount;
  return { order, product, price, offerPrice, headline: setting?.upsellHeadline ?? null };
}

async function decisionOf(tx: Tx, accountId: string, orderId: string, productId?: string | null) {
  const [row] = await tx
    .select()
    .from(orderUpsells)
    .where(
      and(
        eq(orderUpsells.accountId, accountId),
        eq(orderUpsells.orderId, orderId),
        productId ? eq(orderUpsells.productId, productId) : undefined,
      ),
    )
    .orderBy(desc(orderUpsells.decidedAt))
    .limit(1);
  return row
    ? {
        productId: row.productId,
        outcome: row.outcome,
        upsellOrderId: row.upsellOrderId,
        decidedAt: row.decidedAt.toISOString(),
      }
    : null;
}

/** The offer after the buyer's paid order; someone else's order, or no offer, is not found. */
export async function upsellOffer(
  db: Db,
  accountId: string,
  userId: string,
  orderId: string,
  productId: string | null = null,
): Promise<UpsellOffer> {
  return withTenant(db, accountId, async (tx) => {
    const { order, product, price, offerPrice, headline } = await offerTarget(
      tx,
      accountId,
      userId,
      orderId,
      productId,
    );
    return {
      orderId: order.orderId,
      orderNumber: orderNumberOf(order.orderId),
      currency: order.currency,
      headline,
      offerPrice,
      product: {
        id: product.id,
        title: product.title,
        description: product.description,
        image: product.image,
        price,
        includes: await includedTitles(tx, accountId, product),
      },
      decided: await decisionOf(tx, accountId, order.orderId, product.id),
    };
  });
}

async function includedTitles(tx: Tx, accountId: string, product: typeof products.$inferSelect) {
  const c = product.courseIds.length
    ? await tx
        .select({ title: courses.title })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), inArray(courses.id, product.courseIds)))
    : [];
  const m = product.membershipIds.length
    ? await tx
        .select({ title: memberships.title })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, product.membershipIds)))
    : [];
  return [...c, ...m].map((r) => r.title);
}

/** The offer still waiting for the buyer's answer after a paid order, or null (for redirects and notices). */
export async function openUpsell(db: Db, accountId: string, userId: string, orderId: string) {
  try {
    const offer = await upsellOffer(db, accountId, userId, orderId);
    return offer.decided ? null : offer;
  } catch (err) {
    if (err instanceof AppError && (err.code === "not_found" || err.code === "conflict")) return null;
    throw err;
  }
}

/** What the caller reports: the buyer's answer to the order's offer (the newest, or for one product). */
export async function upsellOutcome(
  db: Db,
  accountId: string,
  orderId: string,
  productId: string | null = null,
): Promise<UpsellDecision | null> {
  return withTenant(db, accountId, (tx) => decisionOf(tx, accountId, orderId, productId));
}

export type AcceptInput = { userId: string; orderId: string; productId?: string | null; origin: string };

/**
 * Accepts the offer: one second order for the offered product at the offer price, however often it
 * is asked (the answer's primary key decides which request makes it). Stripe charges the saved card
 * at once; a decline, another provider or no saved card leaves the order pending with a payment page.
 */
export async function acceptUpsell(
  db: Db,
  accountId: string,
  input: AcceptInput,
): Promise<{ order: OrderRow; created: boolean }> {
  const made = await events.transaction(db, accountId, async (tx, out) => {
    const { order, product, price, offerPrice } = await offerTarget(
      tx,
      accountId,
      input.userId,
      input.orderId,
      input.productId ?? null,
    );
    const [claimed] = await tx
      .insert(orderUpsells)
      .values({ accountId, orderId: order.orderId, productId: product.id, outcome: "accepted" })
      .onConflictDoNothing()
      .returning();
    if (!claimed) {
      const decided = await decisionOf(tx, accountId, order.orderId, product.id);
      if (decided?.outcome !== "accepted" || !decided.upsellOrderId)
        throw new AppError("conflict", "The offer was declined");
      const [existing] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.orderId, decided.upsellOrderId)));
      return { order: existing, created: false, original: order };
    }
    const item: OrderItem = {
      productId: product.id,
      title: product.title,
      amount: offerPrice,
      quantity: 1,
      type: price.type === "subscription" ? "subscription" : "oneTime",
      frequency: price.type === "subscription" ? (price.duration ?? null) : null,
    };
    const provider = await providerForOffer(tx, accountId, order.provider, item);
    const [row] = await tx
      .insert(orders)
      .values({
        accountId,
        userId: order.userId,
        items: [item],
        subtotal: offerPrice,
        totalAmount: offerPrice,
        currency: order.currency,
        provider,
        idempotencyKey: `upsell:${order.orderId}:${product.id}`,
      })
      .returning();
    await tx
      .update(orderUpsells)
      .set({ upsellOrderId: row.orderId })
      .where(
        and(
          eq(orderUpsells.accountId, accountId),
          eq(orderUpsells.orderId, order.orderId),
          eq(orderUpsells.productId, product.id),
        ),
      );
    const placed = row.totalAmount === 0 ? ((await fulfil(tx, accountId, row, { source: "free" }, out)) ?? row) : row;
    return { order: placed, created: true, original: order };
  });
  if (!made.created || made.order.status !== "pending") {
    return { order: made.order, created: made.created };
  }
  try {
    return { order: await payOffer(db, accountId, made.order, made.original, input.origin), created: true };
  } catch (err) {
    // The provider could not start the payment (the order is cancelled): the offer can be accepted again.
    await withTenant(db, accountId, (tx) =>
      tx
        .delete(orderUpsells)
        .where(and(eq(orderUpsells.accountId, accountId), eq(orderUpsells.upsellOrderId, made.order.orderId))),
    );
    throw err;
  }
}

/** The first order's provider when it can take the offer (currency, subscription), else the site's first that can. */
async function providerForOffer(tx: Tx, accountId: string, first: string, item: OrderItem) {
  const setup = await paymentSetup(tx, accountId);
  const currency = await siteCurrency(tx, accountId);
  const choices = providersFor(currency, setup.enabled, {
    subscription: item.type === "subscription" ? (item.frequency ?? true) : false,
  });
  if (choices.includes(first as PaymentProviderName)) return first;
  if (!choices[0]) throw new AppError("payment_failed", "No payment method on this site takes this offer");
  return choices[0];
}

async function payOffer(db: Db, accountId: string, order: OrderRow, original: OrderRow, origin: string) {
  const provider = providerFor(order.provider);
  const oneTime = order.items.every((i) => i.type === "oneTime");
  if (provider?.chargeSaved && oneTime && order.provider === original.provider && original.providerRef) {
    const settings = await withTenant(db, accountId, async (tx) =>
      (await paymentSetup(tx, accountId)).settingsOf(order.provider),
    );
    try {
      const charge = await provider.chargeSaved(settings, {
        accountId,
        orderId: order.orderId,
        currency: order.currency,
        amount: order.totalAmount,
        description: `Order ${orderNumberOf(order.orderId)}`,
        fromRef: original.providerRef,
        idempotencyKey: `upsell-${order.orderId}`,
      });
      if (charge.status === "paid") {
        const { order: paid } = await markOrderPaid(db, accountId, order.orderId, {
          source: "provider",
          providerRef: charge.providerRef,
        });
        return paid;
      }
    } catch (err) {
      // The buyer can still pay on the provider's page.
      console.error(`[upsell] saved-card charge for ${order.orderId} failed:`, (err as Error).message);
    }
  }
  return beginPayment(db, accountId, order, origin);
}

/** Declines the offer: recorded once; the offer is not shown again for this order. */
export async function declineUpsell(
  db: Db,
  accountId: string,
  input: { userId: string; orderId: string; productId?: string | null },
): Promise<UpsellDecision> {
  return withTenant(db, accountId, async (tx) => {
    const { order, product } = await offerTarget(tx, accountId, input.userId, input.orderId, input.productId ?? null);
    await tx
      .insert(orderUpsells)
      .values({ accountId, orderId: order.orderId, productId: product.id, outcome: "declined" })
      .onConflictDoNothing();
    return (await decisionOf(tx, accountId, order.orderId, product.id)) as UpsellDecision;
  });
}
