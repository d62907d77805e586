// The site's plan with the platform, for its owner: state, catalogue, and asking for a change.
import { createRoute, z } from "@hono/zod-openapi";
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

export const billingRoutes = newRouter()
  .openapi(get, async (c) => c.json(await billingServices(c).billing.state(), 200))
  .openapi(request, async (c) => c.json(await billingServices(c).billing.request(c.req.valid("json")), 200))
  .openapi(withdraw, async (c) => {
    await billingServices(c).billing.withdraw();
    return c.body(null, 204);
  })
  .openapi(cancel, async (c) =>
    c.json(await billingServices(c).billing.cancelAtPeriodEnd(c.req.valid("json").cancel), 200),
  );
