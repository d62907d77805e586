import { createRoute, z } from "@hono/zod-openapi";
import { options } from "../../../modules/options";
import { requireCap } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

const ZKey = z.object({
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/i)
    .openapi({ param: { name: "key", in: "path" }, example: "touchpoints" }),
});
const ZOption = z.object({ key: z.string(), value: z.unknown() }).openapi("Option");

const get = createRoute({
  method: "get",
  path: "/options/{key}",
  tags: ["Options"],
  summary: "Read one option of this site",
  middleware: [requireCap("manage_options")] as const,
  request: { params: ZKey },
  responses: { 200: ok(ZOption, "The option"), ...errorResponses },
});

const put = createRoute({
  method: "put",
  path: "/options/{key}",
  tags: ["Options"],
  summary: "Write one option of this site",
  middleware: [requireCap("manage_options")] as const,
  request: {
    params: ZKey,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({ value: z.unknown().openapi({ description: "Any JSON value" }) })
            .strict()
            .openapi("OptionValue"),
        },
      },
    },
  },
  responses: { 200: ok(ZOption, "The stored option"), ...errorResponses },
});

export const optionRoutes = newRouter()
  .openapi(get, async (c) => {
    const { key } = c.req.valid("param");
    const { database } = c.get("platform");
    return c.json({ key, value: await options.get(database.db, c.get("site").accountId, key) }, 200);
  })
  .openapi(put, async (c) => {
    const { key } = c.req.valid("param");
    const { value } = c.req.valid("json");
    const { database } = c.get("platform");
    await options.set(database.db, c.get("site").accountId, key, value);
    return c.json({ key, value }, 200);
  });
