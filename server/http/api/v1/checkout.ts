// Checkout, the coupon check, the buyer's orders with their PDF receipts, and the signed-in
// member's cart mirrored on the server. Every order route answers 404 for someone else's order.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { hasCap } from "../../../../core/roles";
import {
  checkCartCoupon,
  myOrder,
  myOrders,
  nextStep,
  orderReceipt,
  orderRow,
  orderView,
  placeOrder,
  saveMemberCart,
} from "../../../modules/commerce";
import type { AppEnv } from "../../env";
import { learningCtx } from "../../learning-context";
import { requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const tags = ["Checkout"];

const ZFrequency = z.object({ value: z.number().int().min(1), parameter: z.number().int().min(1) });
const ZOrderItem = z.object({
  productId: z.string(),
  title: z.string(),
  amount: z.number().int(),
  quantity: z.number().int(),
  type: z.enum(["oneTime", "subscription"]),
  frequency: ZFrequency.nullable().optional(),
});
export const ZOrder = z
  .object({
    id: z.string().uuid(),
    number: z.string().openapi({ description: "The first 8 characters of the id, upper-cased" }),
    status: z.enum(["pending", "paid", "refunded", "cancelled", "failed"]),
    items: z.array(ZOrderItem),
    coupon: z.string().nullable(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    total: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .openapi("BuyerOrder");
const ZOrderDetail = ZOrder.extend({
  courses: z.array(z.object({ id: z.string().uuid(), title: z.string(), slug: z.string() })),
  instructions: z.string().nullable(),
}).openapi("BuyerOrderDetail");

export const ZCheckout = z
  .object({
    productIds: z.array(z.string().uuid()).min(1).max(50),
    coupon: z.string().trim().max(100).nullish(),
    provider: z.enum(["offline", "paypal", "stripe", "razorpay"]).nullish(),
  })
  .openapi("Checkout");
export type Checkout = z.infer<typeof ZCheckout>;
const ZNext = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("redirect"), url: z.string() }),
  z.object({ kind: z.literal("pending") }),
  z.object({ kind: z.literal("paid") }),
]);

export const ZCouponCheck = z
  .object({
    name: z.string().trim().min(1).max(100),
    total: z.number().int().min(0).optional(),
    productIds: z.array(z.string().uuid()).max(50).optional(),
  })
  .openapi("CouponCheck");
export type CouponCheckBody = z.infer<typeof ZCouponCheck>;

export const ZCartLine = z.object({
  id: z.string().uuid(),
  title: z.string().max(300),
  image: z.string().max(2000).nullish(),
  quantity: z.number().int().min(1).max(100),
  amount: z.number().int().min(0),
  type: z.enum(["oneTime", "subscription"]),
  frequency: ZFrequency.nullish(),
});
const ZCart = z.object({ items: z.array(ZCartLine).max(50) }).openapi("MemberCart");

const checkout = createRoute({
  method: "post",
  path: "/checkout",
  tags,
  summary: "Place an order for products (the coupon is re-checked and its use counted atomically)",
  description:
    "With an Idempotency-Key already used by this member, answers 200 with the order that key created. A zero total is paid at once.",
  middleware: [requireSession()],
  request: {
    headers: z.object({ "idempotency-key": z.string().max(200).optional() }),
    body: jsonBody(ZCheckout),
  },
  responses: {
    201: ok(z.object({ order: ZOrder, next: ZNext }), "Order placed"),
    200: ok(z.object({ order: ZOrder, next: ZNext }), "The order this Idempotency-Key already placed"),
    ...errorResponses,
  },
});
const couponCheck = createRoute({
  method: "post",
  path: "/coupons/check",
  tags,
  summary: "Check a coupon against the cart (spec §5 order); nothing is counted",
  description:
    "422 coupon_rejected with details [{field:'coupon', message: key}] where key is cart.couponInvalid, cart.couponLimit, cart.couponUnavailable or cart.couponExpired.",
  request: { body: jsonBody(ZCouponCheck) },
  responses: {
    200: ok(
      z.object({
        valid: z.literal(true),
        key: z.string(),
        name: z.string(),
        discount: z.number().int(),
        total: z.number().int(),
      }),
      "The coupon applies",
    ),
    ...errorResponses,
  },
});
const listOrders = createRoute({
  method: "get",
  path: "/me/orders",
  tags,
  summary: "The signed-in member's orders, newest first",
  middleware: [requireSession()],
  request: { query: ZPage },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZOrder),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
      "A page of orders",
    ),
    ...errorResponses,
  },
});
const getOrder = createRoute({
  method: "get",
  path: "/me/orders/{id}",
  tags,
  summary: "One of my orders with the courses it granted",
  middleware: [requireSession()],
  request: { params: ZUuidParam },
  responses: { 200: ok(ZOrderDetail, "The order"), ...errorResponses },
});
const receipt = createRoute({
  method: "get",
  path: "/me/orders/{id}/receipt.pdf",
  tags,
  summary: "The PDF receipt of an order (its buyer, or a manager of the site)",
  middleware: [requireSession()],
  request: { params: ZUuidParam },
  responses: {
    200: { content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } }, description: "PDF" },
    ...errorResponses,
  },
});
const putCart = createRoute({
  method: "put",
  path: "/cart",
  tags,
  summary: "Mirror the signed-in member's cart (an empty list removes it)",
  middleware: [requireSession()],
  request: { body: jsonBody(ZCart) },
  responses: { 204: { description: "Saved" }, ...errorResponses },
});

const isManager = (c: Context<AppEnv>) => {
  const m = c.get("member");
  return Boolean(m && (m.isOwner || hasCap(m.caps, "manage_options")));
};

export const checkoutRoutes = newRouter()
  .openapi(checkout, async (c) => {
    const ctx = learningCtx(c);
    const body = c.req.valid("json");
    const { order, created } = await placeOrder(ctx.db, ctx.accountId, {
      userId: ctx.userId,
      productIds: body.productIds,
      coupon: body.coupon ?? null,
      provider: body.provider ?? null,
      idempotencyKey: c.req.valid("header")["idempotency-key"] ?? null,
      origin: c.get("origin"),
    });
    return c.json({ order: orderView(order), next: nextStep(order) }, created ? 201 : 200);
  })
  .openapi(couponCheck, async (c) => {
    const body = c.req.valid("json");
    const result = await checkCartCoupon(c.get("platform").database.db, c.get("site").accountId, {
      ...body,
      userId: c.get("member") ? (c.get("user")?.id ?? null) : null,
    });
    return c.json(result, 200);
  })
  .openapi(listOrders, async (c) => {
    const ctx = learningCtx(c, { anyone: true });
    const q = c.req.valid("query");
    return c.json(await myOrders(ctx.db, ctx.accountId, ctx.userId, { page: q.page, perPage: q.per_page }), 200);
  })
  .openapi(getOrder, async (c) => {
    const ctx = learningCtx(c, { anyone: true });
    return c.json(await myOrder(ctx.db, ctx.accountId, { userId: ctx.userId }, c.req.valid("param").id), 200);
  })
  .openapi(receipt, async (c) => {
    const ctx = learningCtx(c, { anyone: true });
    const order = await orderRow(
      ctx.db,
      ctx.accountId,
      { userId: ctx.userId, manager: isManager(c) },
      c.req.valid("param").id,
    );
    const { bytes, filename } = await orderReceipt(ctx.db, ctx.accountId, order);
    return c.body(Buffer.from(bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    });
  })
  .openapi(putCart, async (c) => {
    const ctx = learningCtx(c);
    await saveMemberCart(ctx.db, ctx.accountId, ctx.userId, c.req.valid("json").items);
    return c.body(null, 204);
  });
