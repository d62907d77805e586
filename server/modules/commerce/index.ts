// Commerce (spec §3, §4, §5, §9): products and memberships, coupons, orders and their payment,
// subscriptions, and the affiliate programme. Every amount is integer minor units.
export * from "./orders";
export * from "./fulfilment";
export * from "./settings";
export * from "./checkout";
export * from "./receipts";
export * from "./subscriptions";
export * from "./subscription-list";
export * from "./admin-orders";
export * from "./payment-settings";
export * from "./catalog";
export * from "./abandoned-carts";
export * from "./affiliates";
export * from "./member-access";
export * from "./reconcile";
export * from "./webhooks";
export * from "./course-offers";
export * from "./upsell";
export * from "./sales";
export * from "./sale-price";
