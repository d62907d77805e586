// The site's profanity filter settings (spec §5): on or off, and the owner's own words.
import { createRoute, z } from "@hono/zod-openapi";
import { MAX_OWN_WORDS, profanity } from "../../../modules/profanity";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZSettings = z
  .object({
    enabled: z.boolean(),
    words: z.array(z.string()).openapi({ description: `The owner's own words, at most ${MAX_OWN_WORDS}` }),
  })
  .openapi("ProfanitySettings");
const ZSettingsInput = z
  .object({ enabled: z.boolean().optional(), words: z.array(z.string()).optional() })
  .strict()
  .openapi("ProfanitySettingsInput");

const tags = ["Profanity"];
const owner = [requireCap("manage_options")];

const r = {
  get: createRoute({
    method: "get",
    path: "/profanity",
    tags,
    summary: "The profanity filter's settings",
    middleware: owner,
    responses: { 200: ok(ZSettings, "The settings"), ...errorResponses },
  }),
  put: createRoute({
    method: "put",
    path: "/profanity",
    tags,
    summary: "Switch the filter on or off and set the site's own words (replaces the list)",
    middleware: owner,
    request: { body: jsonBody(ZSettingsInput) },
    responses: { 200: ok(ZSettings, "The saved settings"), ...errorResponses },
  }),
};

export const profanityRoutes = newRouter()
  .openapi(r.get, async (c) => {
    return c.json(await profanity.settings(c.get("platform").database.db, c.get("site").accountId), 200);
  })
  .openapi(r.put, async (c) => {
    const db = c.get("platform").database.db;
    const accountId = c.get("site").accountId;
    const current = await profanity.settings(db, accountId);
    return c.json(await profanity.save(db, accountId, { ...current, ...c.req.valid("json") }), 200);
  });
