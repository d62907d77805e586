// Tags across the site's contacts and the site's typed custom fields (decision 0044), for its
// managers: rename a tag (merging into one a contact already has) or remove it from every contact,
// each in one statement; define, change and delete the fields whose values contacts carry.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { FIELD_TYPES } from "../../../../core/contact-fields";
import { contactTags, mailingFields } from "../../../modules/audience";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZTagParam = z.object({
  tag: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "tag", in: "path" }, description: "The tag, URL-encoded", example: "spring%20sale" }),
});
const ZTagRename = z
  .object({ name: z.string().min(1).max(60).openapi({ description: "The new name", example: "customers" }) })
  .strict()
  .openapi("TagRename");
const ZChanged = z.object({ changed: z.number().int() }).openapi("TagChange");

const ZFieldType = z.enum(FIELD_TYPES);
const ZField = z
  .object({
    id: z.string().uuid(),
    key: z.string(),
    label: z.string(),
    type: ZFieldType,
    options: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi("ContactField");
export const ZFieldInput = z
  .object({
    key: z
      .string()
      .min(1)
      .max(40)
      .openapi({ description: "Lower-case letters, digits and underscores; fixed once made", example: "plan" }),
    label: z.string().min(1).max(100).openapi({ example: "Plan" }),
    type: ZFieldType,
    options: z
      .array(z.string().max(100))
      .max(50)
      .optional()
      .openapi({ description: "The choices of a select (at least one)", example: ["basic", "pro"] }),
  })
  .strict()
  .openapi("ContactFieldInput");
const ZFieldPatch = ZFieldInput.omit({ key: true }).partial().strict().openapi("ContactFieldPatch");

const managers = [requireCap("manage_options")];
const tags = ["Contacts"];
const one = { params: ZUuidParam };

const r = {
  renameTag: createRoute({
    method: "patch",
    path: "/tags/{tag}",
    tags,
    summary: "Rename a tag on every contact carrying it (merged where a contact has the new name already)",
    middleware: managers,
    request: { params: ZTagParam, body: jsonBody(ZTagRename) },
    responses: { 200: ok(ZChanged, "How many contacts changed"), ...errorResponses },
  }),
  removeTag: createRoute({
    method: "delete",
    path: "/tags/{tag}",
    tags,
    summary: "Remove a tag from every contact carrying it",
    middleware: managers,
    request: { params: ZTagParam },
    responses: { 200: ok(ZChanged, "How many contacts changed"), ...errorResponses },
  }),
  list: createRoute({
    method: "get",
    path: "/fields",
    tags,
    summary: "The custom fields the site defines for its contacts, oldest first",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZField) }), "The fields"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/fields",
    tags,
    summary: "Define a field (its key is unique on the site)",
    middleware: managers,
    request: { body: jsonBody(ZFieldInput) },
    responses: { 201: ok(ZField, "Created"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/fields/{id}",
    tags,
    summary: "One field",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZField, "The field"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/fields/{id}",
    tags,
    summary: "Change a field's label, type or options (values contacts carry stay as they are)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZFieldPatch) },
    responses: { 200: ok(ZField, "The field"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/fields/{id}",
    tags,
    summary: "Delete a field (values contacts carry stay, shown read-only and removable)",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const contactFieldRoutes = newRouter()
  .openapi(r.renameTag, async (c) =>
    c.json(await contactTags.rename(db(c), account(c), c.req.valid("param").tag, c.req.valid("json").name), 200),
  )
  .openapi(r.removeTag, async (c) => c.json(await contactTags.remove(db(c), account(c), c.req.valid("param").tag), 200))
  .openapi(r.list, async (c) => c.json({ items: await mailingFields.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await mailingFields.create(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await mailingFields.get(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await mailingFields.update(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await mailingFields.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
