// The site's popups (decision 0039), for its managers with the `forms` plan feature: content with an
// optional embedded form, a trigger, the pages and the frequency cap, and the counters. Another
// site's ids are not found. Visitors' pages read GET /api/popups and count through POST /api/popups/{id}/event.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FREQUENCIES, PAGE_MODES, POPUP_TRIGGERS } from "../../../../core/popup-rules";
import { popups } from "../../../modules/forms";
import type { AppEnv } from "../../env";
import { requireCap, requirePlanFeature } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZTrigger = z
  .object({
    type: z.enum(POPUP_TRIGGERS),
    delaySeconds: z.number().int().min(0).max(3600).optional(),
    scrollPercent: z.number().int().min(0).max(100).optional(),
  })
  .strict()
  .openapi("PopupTrigger", { description: "delay: after delaySeconds; scroll: at scrollPercent; exit: exit intent" });
const ZPages = z
  .object({
    mode: z.enum(PAGE_MODES),
    paths: z.array(z.string().max(300).regex(/^\//, "A path starts with /")).max(50),
  })
  .strict()
  .openapi("PopupPages", { description: 'Paths are exact ("/pricing") or a prefix ending in * ("/blog/*")' });
const ZFrequency = z
  .object({ type: z.enum(FREQUENCIES), days: z.number().int().min(1).max(365).optional() })
  .strict()
  .openapi("PopupFrequency");
const ZStatus = z.enum(["active", "inactive"]);

const ZPopup = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    content: z.string(),
    formId: z.string().uuid().nullable(),
    trigger: ZTrigger,
    pages: ZPages,
    frequency: ZFrequency,
    status: ZStatus,
    impressions: z.number().int(),
    closes: z.number().int(),
    conversions: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Popup");

export const ZPopupInput = z
  .object({
    name: z.string().max(200),
    content: z.string().max(100_000).optional().openapi({ description: "Rich-text HTML (sanitised)" }),
    formId: z.string().uuid().nullable().optional(),
    trigger: ZTrigger.optional(),
    pages: ZPages.optional(),
    frequency: ZFrequency.optional(),
    status: ZStatus.optional(),
  })
  .strict()
  .openapi("PopupInput");
const ZPopupPatch = ZPopupInput.partial().strict().openapi("PopupPatch");

const managers = [requireCap("manage_options"), requirePlanFeature("forms")];
const tags = ["Popups"];
const one = { params: ZUuidParam };

const r = {
  list: createRoute({
    method: "get",
    path: "/popups",
    tags,
    summary: "The site's popups with their counters, newest first",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZPopup) }), "The popups"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/popups",
    tags,
    summary: "Create a popup",
    middleware: managers,
    request: { body: jsonBody(ZPopupInput) },
    responses: { 201: ok(ZPopup, "Created"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/popups/{id}",
    tags,
    summary: "One popup",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZPopup, "The popup"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/popups/{id}",
    tags,
    summary: "Change a popup",
    middleware: managers,
    request: { ...one, body: jsonBody(ZPopupPatch) },
    responses: { 200: ok(ZPopup, "The popup"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/popups/{id}",
    tags,
    summary: "Remove a popup",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const popupRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await popups.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await popups.create(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await popups.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await popups.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await popups.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
