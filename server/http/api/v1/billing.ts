// The site's plan with the platform, for its owner: state, catalogue, and asking for a change.
import { createRoute, z } from "@hono/zod-openapi";
import { notFound } from "../../../errors";
import { billingServices } from "../../services/billing";
import { requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const tags = ["Plan"];
const own = [requireSession()];

const ZState = z
  .object({
    plan: z.object({ id: z.string(), slug: z.string(), label: z.string(), kind: z.string() }).nullable(),
    subscription: z
      .object({
        period: z.string(),
        status: z.string().openapi({ description: "trialing, active, past_due or canceled" }),
        provider: z.string(),
        price: z.number().int().nullable().openapi({ description: "US cents per period" }),
        trialEndsAt: z.string().nullable(),
        currentPeriodEnd: z.string().nullable(),
        cancelAtPeriodEnd: z.boolean(),
      })
      .nullable(),
    request: z
      .object({ planId: z.string(), label: z.string(), period: z.string(), at: z.string().nullable() })
      .nullable()
      .openapi({ description: "A plan change waiting for staff to confirm the payment" }),
  })
  .openapi("Billing");

const ZRequest = z
  .object({
    planId: z.string().uuid(),
    period: z.enum(["monthly", "annual", "onetime"]),
  })
  .openapi("PlanRequest");

const get = createRoute({
  method: "get",
  path: "/billing",
  tags,
  summary: "The site's plan, subscription, pending change, usage and the plan catalogue (owner only)",
  middleware: own,
  responses: { 200: ok(ZState.passthrough(), "Billing"), ...errorResponses },
});
const request = createRoute({
  method: "post",
  path: "/billing/request",
  tags,
  summary: "Ask to move the site to a plan; staff switch it once the payment is received",
  middleware: own,
  request: { body: jsonBody(ZRequest) },
  responses: { 200: ok(ZState, "Requested"), ...errorResponses },
});
const withdraw = createRoute({
  method: "delete",
  path: "/billing/request",
  tags,
  summary: "Withdraw the pending plan change",
  middleware: own,
  responses: { 204: { description: "Withdrawn" }, ...errorResponses },
});
const cancel = createRoute({
  method: "post",
  path: "/billing/cancel",
  tags,
  summary: "Stop (or resume) renewal at the end of the paid period",
  middleware: own,
  request: { body: jsonBody(z.object({ cancel: z.boolean() }).openapi("CancelRenewal")) },
  responses: { 200: ok(ZState, "Updated"), ...errorResponses },
});

const ZInvoice = z
  .object({
    id: z.string().uuid(),
    number: z.string().openapi({ example: "ATR-000042" }),
    planId: z.string().uuid(),
    plan: z.string(),
    period: z.string(),
    amount: z.number().int().openapi({ description: "Minor units" }),
    currency: z.string(),
    status: z.string().openapi({ description: "open, paid or void" }),
    provider: z.string().openapi({ description: "stripe or offline" }),
    periodStart: z.string().nullable(),
    periodEnd: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("PlanInvoice");

const checkout = createRoute({
  method: "post",
  path: "/billing/checkout",
  tags,
  summary: "Pay for a plan by card: answers the address of Stripe's payment page (owner only)",
  middleware: own,
  request: { body: jsonBody(ZRequest) },
  responses: {
    200: ok(z.object({ url: z.string().url(), invoiceId: z.string().uuid() }).openapi("PlanCheckout"), "Started"),
    ...errorResponses,
  },
});
const invoices = createRoute({
  method: "get",
  path: "/billing/invoices",
  tags,
  summary: "The site's paid plan invoices, newest first",
  middleware: own,
  responses: { 200: ok(z.object({ items: z.array(ZInvoice) }), "Invoices"), ...errorResponses },
});
const confirm = createRoute({
  method: "post",
  path: "/billing/invoices/{id}/confirm",
  tags,
  summary: "Ask Stripe whether a card payment went through (the plan changes at once when it did)",
  middleware: own,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: ok(
      ZInvoice.extend({ changed: z.boolean().openapi({ description: "This call moved the site to the plan" }) }),
      "The invoice",
    ),
    ...errorResponses,
  },
});
const receipt = createRoute({
  method: "get",
  path: "/billing/invoices/{id}/receipt.pdf",
  tags,
  summary: "The PDF receipt of a paid plan invoice",
  middleware: own,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: { content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } }, description: "PDF" },
    ...errorResponses,
  },
});

export const billingRoutes = newRouter()
  .openapi(get, async (c) => c.json(await billingServices(c).billing.state(), 200))
  .openapi(request, async (c) => c.json(await billingServices(c).billing.request(c.req.valid("json")), 200))
  .openapi(withdraw, async (c) => {
    await billingServices(c).billing.withdraw();
    return c.body(null, 204);
  })
  .openapi(cancel, async (c) =>
    c.json(await billingServices(c).billing.cancelAtPeriodEnd(c.req.valid("json").cancel), 200),
  )
  .openapi(checkout, async (c) => c.json(await billingServices(c).billing.checkout(c.req.valid("json")), 200))
  .openapi(invoices, async (c) => c.json({ items: await billingServices(c).billing.invoices() }, 200))
  .openapi(confirm, async (c) => {
    const row = await billingServices(c).billing.confirm(c.req.valid("param").id);
    if (!row) throw notFound("Invoice");
    return c.json(row, 200);
  })
  .openapi(receipt, async (c) => {
    const { bytes, filename } = await billingServices(c).billing.receipt(c.req.valid("param").id);
    return c.body(Buffer.from(bytes), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
    });
  });
