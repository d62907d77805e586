// Affiliates, referrals, commissions and subscriptions: the member's own (/me/…) and the owner's
// (manage_options). Another site's ids answer 404.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, notFound } from "../../../errors";
import {
  approveCommission,
  cancelMySubscription,
  cancelSiteSubscription,
  createAffiliate,
  deleteAffiliate,
  listAffiliates,
  listCommissions,
  myAffiliate,
  myCommissions,
  myReferrals,
  mySubscriptions,
  payCommission,
  recordOfflineRenewal,
  siteSubscriptions,
  updateAffiliate,
} from "../../../modules/commerce";
import type { AppEnv } from "../../env";
import { requireCap, requirePlanFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const tags = ["Affiliates"];
const subTags = ["Subscriptions"];
const own = [requireSession()];
const owner = [requireCap("manage_options")];
/** The affiliate programme is the `commissions` plan feature (§6). */
const programme = [...owner, requirePlanFeature("commissions")];

export const ZAffiliate = z
  .object({
    id: z.string().uuid(),
    userId: z.string(),
    code: z.string(),
    status: z.enum(["pending", "approved", "suspended"]),
    commissionType: z.enum(["flat", "percentage"]),
    commissionValue: z.number().int(),
    autoApprove: z.boolean(),
    oneTimePayout: z.boolean(),
    createdAt: z.string(),
    memberName: z.string().nullable(),
    memberEmail: z.string().nullable(),
  })
  .openapi("Affiliate");

const affiliateFields = {
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, "3-40 letters, digits, - or _")
    .optional(),
  commissionType: z.enum(["flat", "percentage"]).optional(),
  /** Percent for percentage; minor units for flat. */
  commissionValue: z.number().int().min(0).max(100_000_000).optional(),
  autoApprove: z.boolean().optional(),
  oneTimePayout: z.boolean().optional(),
  status: z.enum(["pending", "approved", "suspended"]).optional(),
};
export const ZCreateAffiliate = z
  .object({ email: z.string().trim().email().max(320), ...affiliateFields })
  .refine((v) => v.commissionType !== "percentage" || (v.commissionValue ?? 10) <= 100, {
    message: "A percentage is at most 100",
    path: ["commissionValue"],
  })
  .openapi("CreateAffiliate");
export type CreateAffiliate = z.infer<typeof ZCreateAffiliate>;
export const ZPatchAffiliate = z.object(affiliateFields).openapi("PatchAffiliate");

export const ZReferral = z
  .object({ id: z.string().uuid(), referredName: z.string(), rewardStatus: z.string(), createdAt: z.string() })
  .openapi("Referral");

export const ZCommission = z
  .object({
    id: z.string().uuid(),
    userId: z.string(),
    orderId: z.string().uuid(),
    orderNumber: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    type: z.enum(["referral", "pendingReferral"]),
    approved: z.boolean(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    affiliateName: z.string().nullable(),
  })
  .openapi("Commission");

const ZTotals = z.array(
  z.object({ currency: z.string(), approved: z.number().int(), pending: z.number().int(), paid: z.number().int() }),
);

export const ZSubscription = z
  .object({
    id: z.string().uuid(),
    productId: z.string().uuid(),
    productTitle: z.string(),
    status: z.enum(["active", "past_due", "cancelled", "ended"]),
    amount: z.number().int(),
    currency: z.string(),
    frequency: z.object({ value: z.number(), parameter: z.number() }),
    currentPeriodEnd: z.string(),
    cancelAtPeriodEnd: z.boolean(),
    payments: z.number().int(),
    provider: z.string(),
    createdAt: z.string(),
    userId: z.string(),
    memberName: z.string().nullable(),
    memberEmail: z.string().nullable(),
  })
  .openapi("Subscription");

const subscriptionSummary = (s: {
  id: string;
  status: "active" | "past_due" | "cancelled" | "ended";
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  payments: number;
}) => ({
  id: s.id,
  status: s.status,
  currentPeriodEnd: s.currentPeriodEnd.toISOString(),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  payments: s.payments,
});
const ZSubscriptionSummary = z.object({
  id: z.string().uuid(),
  status: z.enum(["active", "past_due", "cancelled", "ended"]),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  payments: z.number().int(),
});

const ctx = (c: Context<AppEnv>) => {
  const user = c.get("user");
  if (!c.get("member") || !user) throw new AppError("forbidden", "Only members of this site can do this");
  return { db: c.get("platform").database.db, accountId: c.get("site").accountId, userId: user.id };
};

const meAffiliate = createRoute({
  method: "get",
  path: "/me/affiliate",
  tags,
  summary: "The signed-in member's affiliate record (404 when they are not an affiliate)",
  middleware: own,
  responses: { 200: ok(ZAffiliate, "Affiliate"), ...errorResponses },
});
const meReferrals = createRoute({
  method: "get",
  path: "/me/referrals",
  tags,
  summary: "The members the signed-in affiliate referred",
  middleware: own,
  responses: { 200: ok(z.object({ items: z.array(ZReferral) }), "Referrals"), ...errorResponses },
});
const meCommissions = createRoute({
  method: "get",
  path: "/me/commissions",
  tags,
  summary: "The signed-in affiliate's commissions and earnings totals per currency",
  middleware: own,
  responses: {
    200: ok(z.object({ items: z.array(ZCommission), totals: ZTotals }), "Commissions"),
    ...errorResponses,
  },
});
const listAff = createRoute({
  method: "get",
  path: "/affiliates",
  tags,
  summary: "The site's affiliates (manage_options)",
  middleware: programme,
  responses: { 200: ok(z.object({ items: z.array(ZAffiliate) }), "Affiliates"), ...errorResponses },
});
const createAff = createRoute({
  method: "post",
  path: "/affiliates",
  tags,
  summary: "Make a member an affiliate by e-mail; the code is generated unless given (manage_options)",
  middleware: programme,
  request: { body: jsonBody(ZCreateAffiliate) },
  responses: { 201: ok(ZAffiliate, "Created"), 409: ok(z.object({}), "Code or member taken"), ...errorResponses },
});
const patchAff = createRoute({
  method: "patch",
  path: "/affiliates/{id}",
  tags,
  summary: "Change an affiliate's code, terms or status (manage_options)",
  middleware: programme,
  request: { params: ZUuidParam, body: jsonBody(ZPatchAffiliate) },
  responses: { 200: ok(ZAffiliate, "Updated"), ...errorResponses },
});
const deleteAff = createRoute({
  method: "delete",
  path: "/affiliates/{id}",
  tags,
  summary: "Remove an affiliate; commissions already earned stay (manage_options)",
  middleware: programme,
  request: { params: ZUuidParam },
  responses: { 200: ok(z.object({ deleted: z.boolean() }), "Removed"), ...errorResponses },
});
const listComm = createRoute({
  method: "get",
  path: "/commissions",
  tags,
  summary: "The site's commissions, newest first (manage_options)",
  middleware: programme,
  request: { query: ZPage },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZCommission),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
      "Commissions",
    ),
    ...errorResponses,
  },
});
const approveComm = createRoute({
  method: "post",
  path: "/commissions/{id}/approve",
  tags,
  summary: "Approve a pending commission (pendingReferral → referral) (manage_options)",
  middleware: programme,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZCommission, "Approved"), ...errorResponses },
});
const payComm = createRoute({
  method: "post",
  path: "/commissions/{id}/pay",
  tags,
  summary: "Record that an approved commission was paid out (manage_options)",
  middleware: programme,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZCommission, "Paid"), 409: ok(z.object({}), "Not approved yet"), ...errorResponses },
});
const meSubs = createRoute({
  method: "get",
  path: "/me/subscriptions",
  tags: subTags,
  summary: "The signed-in member's subscriptions",
  middleware: own,
  responses: { 200: ok(z.object({ items: z.array(ZSubscription) }), "Subscriptions"), ...errorResponses },
});
const cancelSub = createRoute({
  method: "post",
  path: "/me/subscriptions/{id}/cancel",
  tags: subTags,
  summary: "Stop renewing; access lasts until the end of the paid period",
  middleware: own,
  request: { params: ZUuidParam },
  responses: {
    200: ok(ZSubscriptionSummary, "Cancelled"),
    402: ok(z.object({}), "The provider refused"),
    409: ok(z.object({}), "Already ended"),
    ...errorResponses,
  },
});
const listSubs = createRoute({
  method: "get",
  path: "/subscriptions",
  tags: subTags,
  summary: "The site's subscriptions (manage_options)",
  middleware: owner,
  request: { query: ZPage },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZSubscription),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
      "Subscriptions",
    ),
    ...errorResponses,
  },
});
const ownerCancelSub = createRoute({
  method: "post",
  path: "/subscriptions/{id}/cancel",
  tags: subTags,
  summary: "Stop a member's subscription renewing; they keep the paid period (manage_options)",
  middleware: owner,
  request: { params: ZUuidParam },
  responses: {
    200: ok(ZSubscriptionSummary, "Cancelled"),
    402: ok(z.object({}), "The provider refused"),
    409: ok(z.object({}), "Already ended"),
    ...errorResponses,
  },
});
const renewSub = createRoute({
  method: "post",
  path: "/subscriptions/{id}/renew",
  tags: subTags,
  summary: "Record an offline renewal payment: the period moves on from its current end (manage_options)",
  middleware: owner,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZSubscriptionSummary, "Renewed"), 409: ok(z.object({}), "Not renewable"), ...errorResponses },
});

export const affiliateRoutes = newRouter()
  .openapi(meAffiliate, async (c) => {
    const { db, accountId, userId } = ctx(c);
    const a = await myAffiliate(db, accountId, userId);
    if (!a) throw notFound("Affiliate");
    return c.json(a, 200);
  })
  .openapi(meReferrals, async (c) => {
    const { db, accountId, userId } = ctx(c);
    return c.json({ items: await myReferrals(db, accountId, userId) }, 200);
  })
  .openapi(meCommissions, async (c) => {
    const { db, accountId, userId } = ctx(c);
    return c.json(await myCommissions(db, accountId, userId), 200);
  })
  .openapi(listAff, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json({ items: await listAffiliates(db, accountId) }, 200);
  })
  .openapi(createAff, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(await createAffiliate(db, accountId, c.req.valid("json")), 201);
  })
  .openapi(patchAff, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(await updateAffiliate(db, accountId, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(deleteAff, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(await deleteAffiliate(db, accountId, c.req.valid("param").id), 200);
  })
  .openapi(listComm, async (c) => {
    const { db, accountId } = ctx(c);
    const q = c.req.valid("query");
    return c.json(await listCommissions(db, accountId, { page: q.page, perPage: q.per_page }), 200);
  })
  .openapi(approveComm, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(await approveCommission(db, accountId, c.req.valid("param").id), 200);
  })
  .openapi(payComm, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(await payCommission(db, accountId, c.req.valid("param").id), 200);
  })
  .openapi(meSubs, async (c) => {
    const { db, accountId, userId } = ctx(c);
    return c.json({ items: (await mySubscriptions(db, accountId, userId)).items }, 200);
  })
  .openapi(cancelSub, async (c) => {
    const { db, accountId, userId } = ctx(c);
    return c.json(subscriptionSummary(await cancelMySubscription(db, accountId, userId, c.req.valid("param").id)), 200);
  })
  .openapi(listSubs, async (c) => {
    const { db, accountId } = ctx(c);
    const q = c.req.valid("query");
    return c.json(await siteSubscriptions(db, accountId, q.page, q.per_page), 200);
  })
  .openapi(ownerCancelSub, async (c) => {
    const { db, accountId } = ctx(c);
    return c.json(subscriptionSummary(await cancelSiteSubscription(db, accountId, c.req.valid("param").id)), 200);
  })
  .openapi(renewSub, async (c) => {
    const { db, accountId, userId } = ctx(c);
    return c.json(subscriptionSummary(await recordOfflineRenewal(db, accountId, c.req.valid("param").id, userId)), 200);
  });
