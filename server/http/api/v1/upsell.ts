// The offer after a paid order: accepting it in one click makes one second order for the offered
// product at the offer price, however often it is asked. Only the buyer of a paid order may accept.
import { createRoute, z } from "@hono/zod-openapi";
import { acceptUpsell, nextStep, orderView } from "../../../modules/commerce";
import { learningCtx } from "../../learning-context";
import { requireSession } from "../../middleware/guards";
import { ZOrder } from "./checkout";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

export const ZUpsellAccept = z
  .object({
    productId: z
      .string()
      .uuid()
      .nullish()
      .openapi({ description: "The offered product; omitted: the bought product's offer after purchase" }),
  })
  .strict()
  .openapi("UpsellAccept");

const ZNext = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("redirect"), url: z.string() }),
  z.object({ kind: z.literal("pending") }),
  z.object({ kind: z.literal("paid") }),
]);

const accept = createRoute({
  method: "post",
  path: "/orders/{id}/upsell",
  tags: ["Checkout"],
  summary: "Accept the offer after a paid order (one click; one second order however often it is sent)",
  description:
    "201 with the new order, or 200 with the order an earlier accept made. Stripe charges the card saved at the first checkout; when it is declined or needs authentication, or with another provider, the order is pending and `next` says where the buyer pays. 404 for another person's order or no offer; 409 when the order is not paid or the offer was declined.",
  middleware: [requireSession()],
  request: { params: ZUuidParam, body: jsonBody(ZUpsellAccept) },
  responses: {
    201: ok(z.object({ order: ZOrder, next: ZNext }), "The second order"),
    200: ok(z.object({ order: ZOrder, next: ZNext }), "The second order an earlier accept made"),
    ...errorResponses,
  },
});

export const upsellRoutes = newRouter().openapi(accept, async (c) => {
  const ctx = learningCtx(c, { anyone: true });
  const { order, created } = await acceptUpsell(ctx.db, ctx.accountId, {
    userId: ctx.userId,
    orderId: c.req.valid("param").id,
    productId: c.req.valid("json").productId ?? null,
    origin: c.get("origin"),
  });
  return c.json({ order: orderView(order), next: nextStep(order) }, created ? 201 : 200);
});
