// The owner's orders (mark paid, refund) and payment settings.
import { newRouter } from "./router";

export const orderAdminRoutes = newRouter();
