// What the affiliate and subscription screens call from loaders and actions: the member's own
// affiliate record, referrals and commissions, the owner's affiliate programme, and recording the
// referral of a member who has just signed up. The viewer is always the request's user.
import type { Context } from "hono";
import { planAllows } from "../../../core/plans";
import { hasCap } from "../../../core/roles";
import { requirePlanFeatureOf } from "../../modules/usage";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import {
  type AffiliateInput,
  approveCommission,
  createAffiliate,
  deleteAffiliate,
  hasAffiliate,
  listAffiliates,
  listCommissions,
  myAffiliate,
  myCommissions,
  myReferrals,
  payCommission,
  recordReferral,
  updateAffiliate,
} from "../../modules/commerce";
import type { AppEnv } from "../env";

export function affiliateServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const accountId = site.accountId;
  const me = () => {
    if (!user) throw notAuthenticated();
    if (!member) throw new AppError("forbidden", "Only members of this site can do this");
    return user.id;
  };
  const manager = () => {
    if (!user) throw notAuthenticated();
    if (!member || !(member.isOwner || hasCap(member.caps, "manage_options"))) {
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    }
    requirePlanFeatureOf(site, "commissions");
  };

  return {
    affiliate: {
      /** The signed-in member's affiliate record, or null. */
      mine: () => myAffiliate(db, accountId, me()),
      has: () => (user && member ? hasAffiliate(db, accountId, user.id) : Promise.resolve(false)),
      referrals: () => myReferrals(db, accountId, me()),
      commissions: () => myCommissions(db, accountId, me()),
      /** After a sign-up: the stored referral code makes the new member the affiliate's referral. */
      recordReferral: (userId: string, code: string) =>
        site.isPlatform || !planAllows(site.settings.plan, "commissions")
          ? Promise.resolve(null)
          : recordReferral(db, accountId, userId, code),
      manage: {
        list: () => {
          manager();
          return listAffiliates(db, accountId);
        },
        create: (input: AffiliateInput & { email: string }) => {
          manager();
          return createAffiliate(db, accountId, input);
        },
        update: (id: string, input: AffiliateInput) => {
          manager();
          return updateAffiliate(db, accountId, requireUuid(id, "Affiliate"), input);
        },
        remove: (id: string) => {
          manager();
          return deleteAffiliate(db, accountId, requireUuid(id, "Affiliate"));
        },
        commissions: (page = 1) => {
          manager();
          return listCommissions(db, accountId, { page, perPage: 20 });
        },
        approve: (id: string) => {
          manager();
          return approveCommission(db, accountId, requireUuid(id, "Commission"));
        },
        pay: (id: string) => {
          manager();
          return payCommission(db, accountId, requireUuid(id, "Commission"));
        },
      },
    },
  };
}
