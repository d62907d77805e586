// Products and memberships (owner CRUD, the §7 list).
import { newRouter } from "./router";

export const productRoutes = newRouter();
