// Coupons (owner CRUD), with the spec's field names. usage_count is counted by checkout, never set here.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from "../../../modules/commerce";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZCoupon = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    discount_type: z.enum(["flat", "percentage"]),
    coupon_amount: z.number().int().openapi({ description: "Minor units (flat) or percent (percentage)" }),
    usage_limit: z.number().int().openapi({ description: "0 = unlimited" }),
    usage_count: z.number().int(),
    per_user_limit: z.number().int().openapi({ description: "0 = unlimited" }),
    date_start: z.string().nullable(),
    date_end: z.string().nullable(),
    scope: z.enum(["first", "count", "forever"]),
    payments: z.number().int().nullable(),
    created_at: z.string(),
  })
  .openapi("Coupon");

const ZDate = z.string().datetime({ offset: true }).nullable().optional();

export const ZCouponInput = z
  .object({
    name: z.string().trim().min(1).max(64).openapi({ example: "SPRING10" }),
    discount_type: z.enum(["flat", "percentage"]),
    coupon_amount: z.number().int().min(1),
    usage_limit: z.number().int().min(0).optional(),
    per_user_limit: z.number().int().min(0).optional(),
    date_start: ZDate,
    date_end: ZDate,
    scope: z
      .enum(["first", "count", "forever"])
      .optional()
      .openapi({ description: "On a subscription: the first payment, `payments` payments, or every payment" }),
    payments: z.number().int().min(2).nullable().optional(),
  })
  .strict()
  .openapi("CouponInput");
const ZCouponPatch = ZCouponInput.partial().strict().openapi("CouponPatch");

const managers = [requireCap("manage_options")];
const tags = ["Coupons"];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Name taken") };

const r = {
  list: createRoute({
    method: "get",
    path: "/coupons",
    tags,
    summary: "The site's coupons, newest first",
    middleware: managers,
    request: { query: ZPage.extend({ search: z.string().max(64).optional() }) },
    responses: {
      200: ok(z.object({ coupons: z.array(ZCoupon), count: z.number().int() }), "A page of coupons"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/coupons/{id}",
    tags,
    summary: "One coupon",
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZCoupon, "The coupon"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/coupons",
    tags,
    summary: "Create a coupon (names are unique per site, ignoring case)",
    middleware: managers,
    request: { body: jsonBody(ZCouponInput) },
    responses: { 201: ok(ZCoupon, "The new coupon"), ...conflict, ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/coupons/{id}",
    tags,
    summary: "Change a coupon",
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZCouponPatch) },
    responses: { 200: ok(ZCoupon, "The coupon"), ...conflict, ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/coupons/{id}",
    tags,
    summary: "Delete a coupon (orders keep the name they used)",
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const couponRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listCoupons(db(c), account(c), { page: q.page, perPage: q.per_page, search: q.search }), 200);
  })
  .openapi(r.get, async (c) => c.json(await getCoupon(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.create, async (c) => c.json(await createCoupon(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.update, async (c) =>
    c.json(await updateCoupon(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await deleteCoupon(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
