// Checkout, the coupon check, the buyer's orders and cart sync.
import { newRouter } from "./router";

export const checkoutRoutes = newRouter();
