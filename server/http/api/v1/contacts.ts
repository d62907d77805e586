// The site's mailing contacts (decision 0036), for its managers. A new address is verified first
// and counted in the site's `emailverifications` meter (403 plan_limit at the plan's limit); an
// address the site has is merged into its contact (200) instead of created (201).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { contacts } from "../../../modules/audience";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZFields = z
  .record(z.string().min(1).max(60), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((f) => Object.keys(f).length <= 50, "At most 50 fields")
  .openapi({ description: "The contact's own fields (at most 50)", example: { company: "Acme" } });
const ZTags = z.array(z.string().max(60)).max(50);
const ZStatus = z.number().int().min(0).max(1).openapi({ description: "1 = active, 0 = inactive" });

const ZContact = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    status: z.number().int(),
    settings: z.object({ source: z.string().optional(), form_id: z.string().nullable().optional() }),
    tags: z.array(z.string()),
    fields: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Contact");

export const ZContactInput = z
  .object({
    email: z.string().max(254).openapi({ example: "ada@example.org" }),
    name: z.string().max(200).optional(),
    source: z.string().min(1).max(40).optional().openapi({ description: "Where it came from; `manual` if not said" }),
    formId: z.string().max(100).nullable().optional(),
    tags: ZTags.optional(),
    fields: ZFields.optional(),
  })
  .strict()
  .openapi("ContactInput");

const ZContactPatch = z
  .object({ name: z.string().max(200), status: ZStatus, tags: ZTags, fields: ZFields })
  .partial()
  .strict()
  .openapi("ContactPatch");

const ZContactQuery = ZPage.extend({
  q: z.string().max(200).optional().openapi({ description: "Part of the e-mail or the name" }),
  listId: z.string().uuid().optional(),
  tag: z.string().max(60).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  source: z.string().max(40).optional(),
});

const managers = [requireCap("manage_options")];
const tags = ["Contacts"];
const one = { params: ZUuidParam };

const r = {
  list: createRoute({
    method: "get",
    path: "/contacts",
    tags,
    summary: "The site's contacts, newest first, searched and filtered",
    middleware: managers,
    request: { query: ZContactQuery },
    responses: {
      200: ok(z.object({ items: z.array(ZContact), total: z.number().int() }), "A page of contacts"),
      ...errorResponses,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/contacts",
    tags,
    summary: "Add a contact once its address is verified, or merge into the site's contact of that address",
    middleware: managers,
    request: { body: jsonBody(ZContactInput) },
    responses: {
      201: ok(ZContact, "Created"),
      200: ok(ZContact, "The site already had this address: its contact (name filled in if it had none)"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/contacts/{id}",
    tags,
    summary: "One contact",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZContact, "The contact"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/contacts/{id}",
    tags,
    summary: "Change a contact's name, status, tags or fields (its address stays)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZContactPatch) },
    responses: { 200: ok(ZContact, "The contact"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/contacts/{id}",
    tags,
    summary: "Remove a contact (and take it off every list)",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const contactRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const { per_page, ...q } = c.req.valid("query");
    return c.json(await contacts.list(db(c), account(c), { ...q, perPage: per_page }), 200);
  })
  .openapi(r.create, async (c) => {
    const { contact, created } = await contacts.create(db(c), c.get("site"), c.req.valid("json"), {
      dns: c.get("platform").cfg.emailDnsCheck,
    });
    return created ? c.json(contact, 201) : c.json(contact, 200);
  })
  .openapi(r.get, async (c) => c.json(await contacts.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await contacts.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await contacts.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
