// What the owner's order and payment screens call from loaders and actions: the site's orders,
// confirming, refunding and cancelling them, and the payment provider settings (secrets only as
// "set or not"). Only the owner and manage_options holders get anything.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import {
  getOrder,
  listOrders,
  type OrderListQuery,
  ownerCancel,
  ownerCancelSubscription,
  ownerMarkPaid,
  ownerRefund,
  paymentSettingsView,
  type ProviderSettingsInput,
  savePaymentSettings,
} from "../../modules/commerce";
import type { AppEnv } from "../env";

export function ordersAdminServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const accountId = c.get("site").accountId;
  const user = c.get("user");
  const member = c.get("member");
  const canManage = Boolean(user && member && (member.isOwner || hasCap(member.caps, "manage_options")));
  const manager = () => {
    if (!user) throw notAuthenticated();
    if (!canManage) throw new AppError("forbidden", "This needs the manage_options capability on this site");
    return user.id;
  };
  /** The manager's id; a malformed order id is refused before any query (400). */
  const managerFor = (orderId: string) => {
    const by = manager();
    requireUuid(orderId, "Order");
    return by;
  };

  return {
    ordersAdmin: {
      canManage,
      list: (q: OrderListQuery) => {
        manager();
        return listOrders(db, accountId, q);
      },
      get: (orderId: string) => {
        managerFor(orderId);
        return getOrder(db, accountId, orderId);
      },
      markPaid: (orderId: string) => ownerMarkPaid(db, accountId, orderId, managerFor(orderId)),
      refund: (orderId: string) => ownerRefund(db, accountId, orderId, managerFor(orderId)),
      cancel: (orderId: string) => {
        managerFor(orderId);
        return ownerCancel(db, accountId, orderId);
      },
      /** Stops the subscription an order started from renewing. */
      cancelSubscription: (orderId: string) => {
        managerFor(orderId);
        return ownerCancelSubscription(db, accountId, orderId);
      },
      settings: () => {
        manager();
        return paymentSettingsView(db, accountId);
      },
      saveSettings: (provider: string, input: ProviderSettingsInput) => {
        manager();
        return savePaymentSettings(db, accountId, provider, input);
      },
    },
  };
}
