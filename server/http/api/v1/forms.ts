// The site's forms and their submissions (decision 0039), for its managers, with the `forms` plan
// feature (403 plan_required without it). Another site's ids are not found. Visitors submit through
// the public POST /api/forms/{id}/submit, not here.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FORM_FIELD_TYPES, MAX_FORM_FIELDS } from "../../../../core/form-rules";
import { forms, submissionsCsv, submissionsFileName } from "../../../modules/forms";
import type { AppEnv } from "../../env";
import { requireCap, requirePlanFeature } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZField = z
  .object({
    id: z.string().max(60).optional(),
    type: z.enum(FORM_FIELD_TYPES),
    label: z.string().max(200),
    name: z
      .string()
      .max(40)
      .openapi({ description: "Key of the value: letters, digits and _, starting with a letter" }),
    required: z.boolean().default(false),
    placeholder: z.string().max(200).optional(),
    options: z.array(z.string().max(200)).max(100).optional().openapi({ description: "A select's choices" }),
    message: z.string().max(300).optional().openapi({ description: "What a visitor reads when the value is refused" }),
    defaultValue: z.string().max(500).optional().openapi({ description: "The value a hidden field sends" }),
  })
  .strict()
  .openapi("FormField");

const ZSettings = z
  .object({
    listIds: z.array(z.string().uuid()).max(20),
    tags: z.array(z.string().max(60)).max(20),
    successMessage: z.string().max(500).optional(),
    redirectUrl: z
      .string()
      .max(1000)
      .regex(/^(https?:\/\/|\/)/, "A redirect is a web address or a path of the site")
      .or(z.literal(""))
      .optional(),
    doubleOptIn: z.boolean().optional(),
  })
  .partial()
  .strict()
  .openapi("FormSettings");

const ZStatus = z.enum(["active", "inactive"]);

const ZForm = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    fields: z.array(ZField),
    settings: z.object({
      listIds: z.array(z.string()),
      tags: z.array(z.string()),
      successMessage: z.string().optional(),
      redirectUrl: z.string().optional(),
      doubleOptIn: z.boolean().optional(),
    }),
    status: ZStatus,
    submissions: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Form");

export const ZFormInput = z
  .object({
    name: z.string().max(200),
    fields: z.array(ZField).max(MAX_FORM_FIELDS, `A form has at most ${MAX_FORM_FIELDS} fields`),
    settings: ZSettings.optional(),
    status: ZStatus.optional(),
  })
  .strict()
  .openapi("FormInput");
const ZFormPatch = ZFormInput.partial().strict().openapi("FormPatch");

const ZSubmission = z
  .object({
    id: z.string().uuid(),
    formId: z.string().uuid(),
    contactId: z.string().uuid().nullable(),
    data: z.record(z.string(), z.union([z.string(), z.boolean()])),
    userAgent: z.string(),
    createdAt: z.string(),
  })
  .openapi("FormSubmission");

const managers = [requireCap("manage_options"), requirePlanFeature("forms")];
const tags = ["Forms"];
const one = { params: ZUuidParam };

const r = {
  list: createRoute({
    method: "get",
    path: "/forms",
    tags,
    summary: "The site's forms, newest first, with their number of submissions",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZForm) }), "The forms"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/forms",
    tags,
    summary: "Create a form (it needs a required e-mail field, at most 50 fields with unique names)",
    middleware: managers,
    request: { body: jsonBody(ZFormInput) },
    responses: { 201: ok(ZForm, "Created"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/forms/{id}",
    tags,
    summary: "One form",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZForm, "The form"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/forms/{id}",
    tags,
    summary: "Change a form's name, fields, settings or status",
    middleware: managers,
    request: { ...one, body: jsonBody(ZFormPatch) },
    responses: { 200: ok(ZForm, "The form"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/forms/{id}",
    tags,
    summary: "Remove a form and its submissions (the contacts they made stay)",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  submissions: createRoute({
    method: "get",
    path: "/forms/{id}/submissions",
    tags,
    summary: "A form's submissions, newest first",
    middleware: managers,
    request: { ...one, query: ZPage },
    responses: {
      200: ok(z.object({ items: z.array(ZSubmission), total: z.number().int() }), "A page of submissions"),
      ...errorResponses,
    },
  }),
  csv: createRoute({
    method: "get",
    path: "/forms/{id}/submissions.csv",
    tags,
    summary: "Every submission as CSV: one column per field, then the date and the contact",
    middleware: managers,
    request: one,
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "The CSV file" },
      ...errorResponses,
    },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const formRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await forms.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await forms.create(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await forms.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await forms.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await forms.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.submissions, async (c) => {
    const { page, per_page } = c.req.valid("query");
    const { items, total } = await forms.submissions(db(c), account(c), c.req.valid("param").id, {
      page,
      perPage: per_page,
    });
    return c.json({ items, total }, 200);
  })
  .openapi(r.csv, async (c) => {
    const { form, items } = await forms.submissions(db(c), account(c), c.req.valid("param").id, "all");
    return new Response(submissionsCsv(form, items), {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${submissionsFileName(form)}"`,
        "Cache-Control": "no-store",
      },
    });
  });
