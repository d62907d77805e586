// The site's mailing lists (decision 0036), for its managers: each with its number of contacts,
// renamed, removed (its contacts stay), and contacts put on or taken off it (both idempotent).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { mailingLists } from "../../../modules/audience";
import type { AppEnv } from "../../env";
import { optInSender } from "../../opt-in-sender";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZList = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    optIn: z.enum(["single", "double"]),
    contacts: z.number().int(),
    pending: z
      .number()
      .int()
      .openapi({ description: "Members of a double opt-in list who have not confirmed yet (not campaign recipients)" }),
    createdAt: z.string(),
  })
  .openapi("MailingList");

export const ZListInput = z
  .object({
    name: z.string().max(120).openapi({ example: "Newsletter" }),
    optIn: z.enum(["single", "double"]).optional().openapi({
      description:
        "double: a contact added is pending and is e-mailed a confirmation link; campaigns reach it once it confirms",
    }),
  })
  .strict()
  .openapi("MailingListInput");
const ZListRename = z
  .object({ name: z.string().max(120) })
  .strict()
  .openapi("MailingListRename");
const ZContactIds = z
  .object({ contactIds: z.array(z.string().uuid()).min(1).max(1000) })
  .strict()
  .openapi("MailingListContacts");

const managers = [requireCap("manage_options")];
const tags = ["Contacts"];
const one = { params: ZUuidParam };

const r = {
  list: createRoute({
    method: "get",
    path: "/lists",
    tags,
    summary: "The site's mailing lists by name, each with its number of contacts",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZList) }), "Lists"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/lists",
    tags,
    summary: "Add a list (names are unique on the site, whatever the case)",
    middleware: managers,
    request: { body: jsonBody(ZListInput) },
    responses: { 201: ok(ZList, "Created"), ...errorResponses },
  }),
  rename: createRoute({
    method: "patch",
    path: "/lists/{id}",
    tags,
    summary: "Rename a list",
    middleware: managers,
    request: { ...one, body: jsonBody(ZListRename) },
    responses: { 200: ok(ZList, "The list"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/lists/{id}",
    tags,
    summary: "Remove a list; its contacts stay on the site",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  add: createRoute({
    method: "post",
    path: "/lists/{id}/contacts",
    tags,
    summary: "Put contacts on the list (those already on it stay; any unknown id: 404, nothing changes)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZContactIds) },
    responses: { 200: ok(z.object({ added: z.number().int() }), "How many were newly added"), ...errorResponses },
  }),
  take: createRoute({
    method: "delete",
    path: "/lists/{id}/contacts",
    tags,
    summary: "Take contacts off the list (ids not on it are ignored)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZContactIds) },
    responses: { 200: ok(z.object({ removed: z.number().int() }), "How many were removed"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const mailingListRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await mailingLists.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) => c.json(await mailingLists.create(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.rename, async (c) =>
    c.json(await mailingLists.rename(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await mailingLists.remove(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.add, async (c) =>
    c.json(
      await mailingLists.addContacts(
        db(c),
        account(c),
        c.req.valid("param").id,
        c.req.valid("json").contactIds,
        optInSender(c),
      ),
      200,
    ),
  )
  .openapi(r.take, async (c) =>
    c.json(
      await mailingLists.removeContacts(db(c), account(c), c.req.valid("param").id, c.req.valid("json").contactIds),
      200,
    ),
  );
