// What the buyer's screens call from loaders and actions: what /checkout offers, placing an order,
// the return from a provider, and the signed-in member's own orders. The buyer is always the
// request's user; someone else's order is not found.
import type { Context } from "hono";
import { AppError, notAuthenticated } from "../../errors";
import {
  acceptUpsell,
  checkCartCoupon,
  checkoutOptions,
  confirmReturn,
  declineUpsell,
  myOrder,
  myOrders,
  nextStep,
  openUpsell,
  orderView,
  placeOrder,
  upsellOffer,
} from "../../modules/commerce";
import type { AppEnv } from "../env";

export function checkoutServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const accountId = c.get("site").accountId;
  const user = c.get("user");
  const member = c.get("member");
  const buyer = () => {
    if (!user) throw notAuthenticated();
    if (!member) throw new AppError("forbidden", "Join this site to buy");
    return user.id;
  };
  const viewer = () => {
    if (!user) throw notAuthenticated();
    return user.id;
  };

  return {
    checkout: {
      options: () => checkoutOptions(db, accountId),
      checkCoupon: (input: { name: string; productIds: string[] }) =>
        checkCartCoupon(db, accountId, { ...input, userId: member ? (user?.id ?? null) : null }),
      place: async (input: {
        productIds: string[];
        coupon?: string | null;
        provider?: string | null;
        idempotencyKey: string;
      }) => {
        const { order, created } = await placeOrder(db, accountId, {
          ...input,
          userId: buyer(),
          origin: c.get("origin"),
        });
        // A paid order whose product has an offer after purchase goes to the offer first.
        const offer = order.status === "paid" ? await openUpsell(db, accountId, order.userId, order.orderId) : null;
        return { order: orderView(order), next: nextStep(order), created, offer: Boolean(offer) };
      },
      confirmReturn: (orderId: string) => confirmReturn(db, accountId, viewer(), orderId),
    },
    upsell: {
      offer: (orderId: string, productId: string | null) => upsellOffer(db, accountId, viewer(), orderId, productId),
      /** The offer still waiting for an answer after this paid order, or null. */
      open: (orderId: string) => openUpsell(db, accountId, viewer(), orderId),
      accept: async (orderId: string, productId: string | null) => {
        const { order, created } = await acceptUpsell(db, accountId, {
          userId: viewer(),
          orderId,
          productId,
          origin: c.get("origin"),
        });
        return { order: orderView(order), next: nextStep(order), created };
      },
      decline: (orderId: string, productId: string | null) =>
        declineUpsell(db, accountId, { userId: viewer(), orderId, productId }),
    },
    myOrders: {
      list: (page = 1, perPage = 20) => myOrders(db, accountId, viewer(), { page, perPage }),
      get: (orderId: string) => myOrder(db, accountId, { userId: viewer() }, orderId),
    },
  };
}
