// What the commerce screens call from loaders and actions: the owner's catalogue (products,
// memberships, coupons; manage_options) and the public product page. Owner calls by anyone else are
// refused here too, not only by the screens' guards.
import type { Context } from "hono";
import { currencyOf } from "../../../core/currency";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import {
  type CouponInput,
  catalogChoices,
  createCoupon,
  createMembership,
  createProduct,
  deleteCoupon,
  deleteMembership,
  deleteProduct,
  getMembership,
  getProduct,
  listCoupons,
  listMemberships,
  listProducts,
  type MembershipInput,
  type ProductInput,
  type ProductListQuery,
  productPage,
  updateCoupon,
  updateMembership,
  updateProduct,
} from "../../modules/commerce";
import type { AppEnv } from "../env";

export function shopServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  const user = c.get("user");
  const member = c.get("member");
  const canManage = Boolean(user && member && (member.isOwner || hasCap(member.caps, "manage_options")));
  const owner = () => {
    if (!user) throw notAuthenticated();
    if (!canManage) throw new AppError("forbidden", "This needs the manage_options capability on this site");
  };
  const guarded =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) => {
      owner();
      return fn(...args);
    };

  return {
    shop: {
      /** Whether the viewer manages the site's catalogue (manage_options). */
      canManage,
      /** The site's currency code (spec §9: default USD). */
      currency: currencyOf(site.settings.currency).code,
      /** The public product page: published only; anything else is not found. */
      productPage: (slug: string) => productPage(db, accountId, slug),
      products: {
        list: guarded((q: ProductListQuery) => listProducts(db, accountId, q)),
        get: guarded((id: string) => getProduct(db, accountId, requireUuid(id, "Product"))),
        create: guarded((input: ProductInput) => createProduct(db, site, input)),
        update: guarded((id: string, input: ProductInput) =>
          updateProduct(db, site, requireUuid(id, "Product"), input),
        ),
        remove: guarded((id: string) => deleteProduct(db, accountId, requireUuid(id, "Product"))),
      },
      memberships: {
        list: guarded((q: { page?: number; perPage?: number }) => listMemberships(db, accountId, q)),
        get: guarded((id: string) => getMembership(db, accountId, requireUuid(id, "Membership"))),
        create: guarded((input: MembershipInput) => createMembership(db, accountId, input)),
        update: guarded((id: string, input: MembershipInput) =>
          updateMembership(db, accountId, requireUuid(id, "Membership"), input),
        ),
        remove: guarded((id: string) => deleteMembership(db, accountId, requireUuid(id, "Membership"))),
      },
      coupons: {
        list: guarded((q: { page?: number; perPage?: number; search?: string }) => listCoupons(db, accountId, q)),
        create: guarded((input: CouponInput) => createCoupon(db, accountId, input)),
        update: guarded((id: string, input: CouponInput) =>
          updateCoupon(db, accountId, requireUuid(id, "Coupon"), input),
        ),
        remove: guarded((id: string) => deleteCoupon(db, accountId, requireUuid(id, "Coupon"))),
      },
      /** The site's courses, pages, products and memberships for the editors' pickers. */
      choices: guarded(() => catalogChoices(db, accountId)),
    },
  };
}
