// Affiliates, referrals, commissions and subscriptions.
import { newRouter } from "./router";

export const affiliateRoutes = newRouter();
