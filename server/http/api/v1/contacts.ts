// The site's mailing contacts (decision 0036), for its managers. A new address is verified first
// and counted in the site's `emailverifications` meter (403 plan_limit at the plan's limit); an
// address the site has is merged into its contact (200) instead of created (201).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { contacts, mailingLists } from "../../../modules/audience";
import { csvLine } from "../../../../core/csv";
import { fieldError } from "../../../errors";
import type { AppEnv } from "../../env";
import { optInSender } from "../../opt-in-sender";
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
  field: z.string().max(40).optional().openapi({ description: "With `value`: contacts whose field holds it" }),
  value: z.string().max(2000).optional().openapi({ description: "The field's value as text (3, true, 2026-01-31)" }),
});

const ZBulk = z
  .object({
    ids: z.array(z.string().uuid()).min(1).max(1000),
    action: z.enum(["add_to_list", "remove_from_list", "add_tag", "remove_tag", "set_status", "set_field", "delete"]),
    listId: z.string().uuid().optional().openapi({ description: "For add_to_list and remove_from_list" }),
    tag: z.string().min(1).max(60).optional().openapi({ description: "For add_tag and remove_tag" }),
    status: ZStatus.optional().openapi({ description: "For set_status" }),
    field: z.string().min(1).max(40).optional().openapi({ description: "For set_field: the field's key" }),
    value: z
      .union([z.string().max(2000), z.number(), z.boolean(), z.null()])
      .optional()
      .openapi({ description: "For set_field: a value of the field's type; null or empty clears it" }),
  })
  .strict()
  .openapi("ContactBulk");

const ZTagCount = z.object({ tag: z.string(), contacts: z.number().int() }).openapi("ContactTag");

const EXPORT_PAGE = 1000;
const EXPORT_COLUMNS = ["email", "name", "status", "source", "tags", "lists", "fields", "created"];

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
  bulk: createRoute({
    method: "post",
    path: "/contacts/bulk",
    tags,
    summary: "One action on many contacts: add to or remove from a list, add or remove a tag, set the status, delete",
    description:
      "Every id must be a contact of the site, else 404 and nothing changes. Answers how many contacts changed.",
    middleware: managers,
    request: { body: jsonBody(ZBulk) },
    responses: { 200: ok(z.object({ changed: z.number().int() }), "How many changed"), ...errorResponses },
  }),
  export: createRoute({
    method: "get",
    path: "/contacts/export.csv",
    tags,
    summary: "The contacts of the filter as a CSV file (all pages)",
    description:
      "Columns: email, name, status, source, tags and lists (each joined with `;`), fields (JSON), created. " +
      "RFC 4180 quoting; a cell starting with = + - or @ is written with a leading apostrophe.",
    middleware: managers,
    request: { query: ZContactQuery.omit({ page: true, per_page: true }) },
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "The CSV file" },
      ...errorResponses,
    },
  }),
  tags: createRoute({
    method: "get",
    path: "/tags",
    tags,
    summary: "The tags the site's contacts carry, each with how many contacts carry it",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZTagCount) }), "The tags"), ...errorResponses },
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
    const { per_page, field, value, ...q } = c.req.valid("query");
    return c.json(
      await contacts.list(db(c), account(c), { ...q, fieldKey: field, fieldValue: value, perPage: per_page }),
      200,
    );
  })
  .openapi(r.create, async (c) => {
    const { contact, created } = await contacts.create(db(c), c.get("site"), c.req.valid("json"), {
      dns: c.get("platform").cfg.emailDnsCheck,
    });
    return created ? c.json(contact, 201) : c.json(contact, 200);
  })
  .openapi(r.bulk, async (c) => {
    const b = c.req.valid("json");
    const need = <T>(v: T | undefined, field: string): T => {
      if (v === undefined) throw fieldError("validation_failed", field, `The action ${b.action} needs ${field}`);
      return v;
    };
    let changed: number;
    if (b.action === "add_to_list")
      changed = (await mailingLists.addContacts(db(c), account(c), need(b.listId, "listId"), b.ids, optInSender(c)))
        .added;
    else if (b.action === "remove_from_list")
      changed = (await mailingLists.removeContacts(db(c), account(c), need(b.listId, "listId"), b.ids)).removed;
    else if (b.action === "set_status")
      changed = (
        await contacts.bulk(db(c), account(c), b.ids, { action: "set_status", status: need(b.status, "status") })
      ).changed;
    else if (b.action === "set_field")
      changed = (
        await contacts.bulk(db(c), account(c), b.ids, {
          action: "set_field",
          field: need(b.field, "field"),
          value: need(b.value, "value"),
        })
      ).changed;
    else if (b.action === "delete")
      changed = (await contacts.bulk(db(c), account(c), b.ids, { action: "delete" })).changed;
    else
      changed = (await contacts.bulk(db(c), account(c), b.ids, { action: b.action, tag: need(b.tag, "tag") })).changed;
    return c.json({ changed }, 200);
  })
  .openapi(r.export, async (c) => {
    const { field, value, ...rest } = c.req.valid("query");
    const query = { ...rest, fieldKey: field, fieldValue: value };
    const [d, accountId] = [db(c), account(c)];
    // The first page is read before answering, so a bad filter is an error answer, not a broken file.
    const first = await contacts.list(d, accountId, { ...query, page: 1, perPage: EXPORT_PAGE });
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          controller.enqueue(encoder.encode(`\uFEFF${csvLine(EXPORT_COLUMNS)}`));
          let page = first;
          for (let n = 1; ; n++) {
            const lists = await mailingLists.namesFor(
              d,
              accountId,
              page.items.map((x) => x.id),
            );
            let chunk = "";
            for (const x of page.items)
              chunk += csvLine([
                x.email,
                x.name,
                x.status === 1 ? "active" : "inactive",
                x.settings.source ?? "manual",
                x.tags.join(";"),
                (lists.get(x.id) ?? []).join(";"),
                Object.keys(x.fields).length ? JSON.stringify(x.fields) : "",
                x.createdAt,
              ]);
            controller.enqueue(encoder.encode(chunk));
            if (n * EXPORT_PAGE >= page.total || page.items.length < EXPORT_PAGE) break;
            page = await contacts.list(d, accountId, { ...query, page: n + 1, perPage: EXPORT_PAGE });
          }
          controller.close();
        } catch (e) {
          controller.error(e);
        }
      },
    });
    return new Response(stream, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="contacts-${c.get("site").slug}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .openapi(r.tags, async (c) => c.json({ items: (await contacts.facets(db(c), account(c))).tags }, 200))
  .openapi(r.get, async (c) => c.json(await contacts.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await contacts.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await contacts.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
