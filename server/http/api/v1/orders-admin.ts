// The owner's orders (mark paid, refund, cancel) and payment settings, for manage_options holders.
// Secret keys are write-only: the API answers whether each one is set, never its value.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PAYMENT_PROVIDERS } from "../../../../core/currency";
import {
  getOrder,
  listOrders,
  ORDER_STATUSES,
  ownerCancel,
  ownerMarkPaid,
  ownerRefund,
  paymentSettingsView,
  savePaymentSettings,
} from "../../../modules/commerce";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZOrderItem = z.object({
  productId: z.string(),
  title: z.string(),
  amount: z.number().int(),
  quantity: z.number().int(),
  type: z.enum(["oneTime", "subscription"]),
  frequency: z.object({ value: z.number(), parameter: z.number() }).nullable().optional(),
});

export const ZAdminOrder = z
  .object({
    orderId: z.string().uuid(),
    number: z.string().openapi({ example: "3F2A9C1B", description: "First 8 characters of the id, upper-case" }),
    buyer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    items: z.array(ZOrderItem),
    coupon: z.string().nullable(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    totalAmount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    status: z.enum(["pending", "paid", "refunded", "cancelled", "failed"]),
    provider: z.string(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
    grants: z.object({
      courses: z.array(z.object({ id: z.string(), title: z.string() })),
      memberships: z.array(z.string()),
      errors: z.array(z.object({ courseId: z.string(), title: z.string(), code: z.string() })),
    }),
    subscription: z
      .object({
        id: z.string().uuid(),
        status: z.enum(["active", "past_due", "cancelled", "ended"]),
        currentPeriodEnd: z.string(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable()
      .openapi({ description: "The subscription this order started, as it stands now" }),
  })
  .openapi("AdminOrder");

const ZOrderQuery = ZPage.extend({
  status: z.enum(ORDER_STATUSES as [string, ...string[]]).optional(),
  search: z.string().max(200).optional().openapi({ description: "Buyer e-mail or name, or an order number prefix" }),
});

const ZProviderName = z.enum(PAYMENT_PROVIDERS as [string, ...string[]]);
const ZProviderSettings = z
  .object({
    provider: ZProviderName,
    enabled: z.boolean(),
    config: z.record(z.string(), z.string()),
    secretsSet: z.record(z.string(), z.boolean()),
    required: z
      .array(z.string())
      .openapi({ description: 'Fields ("config.x", "secrets.y") needed before the provider can be switched on' }),
    currencies: z.array(z.string()),
  })
  .openapi("PaymentProviderSettings");
const ZPaymentSettings = z
  .object({
    currency: z.string(),
    providers: z.array(ZProviderSettings),
    available: z.array(ZProviderName),
    defaultProvider: ZProviderName.nullable(),
  })
  .openapi("PaymentSettings");
export const ZProviderSettingsInput = z
  .object({
    enabled: z.boolean(),
    config: z.record(z.string(), z.string().max(4000)).optional(),
    secrets: z
      .record(z.string(), z.string().max(4000))
      .optional()
      .openapi({ description: "An omitted or empty secret keeps the stored one" }),
  })
  .strict()
  .openapi("PaymentProviderSettingsInput");
const ZProviderParam = z.object({
  provider: z.string().openapi({ param: { name: "provider", in: "path" }, example: "stripe" }),
});

const guard = [requireCap("manage_options")];
const tags = ["Orders"];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Wrong status") };
const action = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    tags,
    summary,
    middleware: guard,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZAdminOrder, "The order"), ...conflict, ...errorResponses },
  });

const r = {
  list: createRoute({
    method: "get",
    path: "/orders",
    tags,
    summary: "The site's orders, newest first",
    middleware: guard,
    request: { query: ZOrderQuery },
    responses: {
      200: ok(z.object({ orders: z.array(ZAdminOrder), count: z.number().int() }), "A page of orders"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/orders/{id}",
    tags,
    summary: "One order",
    middleware: guard,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZAdminOrder, "The order"), ...errorResponses },
  }),
  markPaid: action("/orders/{id}/mark-paid", "Confirm a pending offline order was paid (grants its access)"),
  refund: action("/orders/{id}/refund", "Refund a paid order (takes back the access it granted)"),
  cancel: action("/orders/{id}/cancel", "Cancel a pending order (gives back its coupon use)"),
  settings: createRoute({
    method: "get",
    path: "/payment-settings",
    tags,
    summary: "Payment providers; secrets only as set or not",
    middleware: guard,
    responses: { 200: ok(ZPaymentSettings, "Every provider"), ...errorResponses },
  }),
  saveSettings: createRoute({
    method: "put",
    path: "/payment-settings/{provider}",
    tags,
    summary: "Save a provider's settings",
    middleware: guard,
    request: { params: ZProviderParam, body: jsonBody(ZProviderSettingsInput) },
    responses: { 200: ok(ZProviderSettings, "The provider's settings"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const acct = (c: Context<AppEnv>) => c.get("site").accountId;
const actor = (c: Context<AppEnv>) => c.get("user")?.id ?? "";

export const orderAdminRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const q = c.req.valid("query");
    const res = await listOrders(db(c), acct(c), {
      status: (q.status as (typeof ORDER_STATUSES)[number] | undefined) ?? null,
      search: q.search,
      page: q.page,
      perPage: q.per_page,
    });
    return c.json({ orders: res.orders, count: res.count }, 200);
  })
  .openapi(r.get, async (c) => c.json(await getOrder(db(c), acct(c), c.req.valid("param").id), 200))
  .openapi(r.markPaid, async (c) => c.json(await ownerMarkPaid(db(c), acct(c), c.req.valid("param").id, actor(c)), 200))
  .openapi(r.refund, async (c) => c.json(await ownerRefund(db(c), acct(c), c.req.valid("param").id, actor(c)), 200))
  .openapi(r.cancel, async (c) => c.json(await ownerCancel(db(c), acct(c), c.req.valid("param").id), 200))
  .openapi(r.settings, async (c) => c.json(await paymentSettingsView(db(c), acct(c)), 200))
  .openapi(r.saveSettings, async (c) =>
    c.json(await savePaymentSettings(db(c), acct(c), c.req.valid("param").provider, c.req.valid("json")), 200),
  );
