// Coupons (owner CRUD).
import { newRouter } from "./router";

export const couponRoutes = newRouter();
