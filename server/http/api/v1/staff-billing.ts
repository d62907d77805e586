// Staff: the platform's plans and prices (the products sites buy) and every plan payment (the
// orders), on the platform's own host only; anyone else gets 403.
import { createRoute, z } from "@hono/zod-openapi";
import { requireStaff } from "../../middleware/guards";
import { staffAccountServices } from "../../services/staff-accounts";
import { errorResponses, jsonBody, newRouter, ok, ZPage } from "./router";

const tags = ["Staff"];
const prices = z.object({
  monthly: z.number().int().nullable(),
  annual: z.number().int().nullable(),
  onetime: z.number().int().nullable(),
});
const ZProducts = z
  .object({
    cardPayments: z.boolean().openapi({ description: "Whether the platform's Stripe account is set up" }),
    stripe: z.object({
      enabled: z.boolean(),
      publishableKey: z.string(),
      secretKeySet: z.boolean(),
      webhookSecretSet: z.boolean(),
      webhookUrl: z.string(),
    }),
    plans: z.array(
      z
        .object({
          id: z.string().uuid(),
          slug: z.string(),
          label: z.string(),
          kind: z.string(),
          trialDays: z.number().int(),
          features: z.array(z.string()),
          addons: z.array(z.string()),
          prices: prices.openapi({ description: "US cents per period; null: not sold so" }),
        })
        .passthrough(),
    ),
  })
  .openapi("StaffPlanProducts");

const ZOrder = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    siteId: z.string().uuid(),
    siteTitle: z.string(),
    siteSlug: z.string(),
    plan: z.string(),
    period: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string().openapi({ description: "open, paid or void" }),
    provider: z.string(),
    byEmail: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .passthrough()
  .openapi("StaffPlanOrder");

const products = createRoute({
  method: "get",
  path: "/staff/billing/products",
  tags,
  summary: "The plans sites can buy, with their prices per period",
  middleware: [requireStaff()] as const,
  responses: { 200: ok(ZProducts, "Plans"), ...errorResponses },
});
const orders = createRoute({
  method: "get",
  path: "/staff/billing/orders",
  tags,
  summary: "Every plan payment across the platform, newest first",
  middleware: [requireStaff()] as const,
  request: {
    query: ZPage.extend({
      status: z.enum(["open", "paid", "void"]).optional(),
      site: z.string().uuid().optional().openapi({ description: "Only this site's" }),
    }),
  },
  responses: {
    200: ok(z.object({ items: z.array(ZOrder), total: z.number().int() }), "A page"),
    ...errorResponses,
  },
});

const saveStripe = createRoute({
  method: "put",
  path: "/staff/billing/stripe",
  tags,
  summary: "Set the platform's Stripe keys for plan payments (secrets left out keep the stored ones); audited",
  middleware: [requireStaff()] as const,
  request: {
    body: jsonBody(
      z
        .object({
          enabled: z.boolean(),
          publishableKey: z.string().optional(),
          secretKey: z.string().optional().openapi({ description: "sk_…" }),
          webhookSecret: z.string().optional().openapi({ description: "whsec_…" }),
        })
        .openapi("StaffStripeSettings"),
    ),
  },
  responses: { 200: ok(ZProducts, "Saved"), ...errorResponses },
});

export const staffBillingRoutes = newRouter()
  .openapi(saveStripe, async (c) => {
    const staff = staffAccountServices(c).staffAccounts;
    await staff.saveStripe(c.req.valid("json"));
    return c.json(await staff.products(), 200);
  })
  .openapi(products, async (c) => c.json(await staffAccountServices(c).staffAccounts.products(), 200))
  .openapi(orders, async (c) => {
    const { page, per_page, status, site } = c.req.valid("query");
    const r = await staffAccountServices(c).staffAccounts.orders({ status, siteId: site, page, perPage: per_page });
    return c.json(r, 200);
  });
