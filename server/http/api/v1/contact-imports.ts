// CSV imports of the site's contacts (decision 0043), for its managers. The file is checked when it
// is sent: a bad row refuses the whole file (422, one entry per bad row) and a month without enough
// verifications left for the new addresses is 403 plan_limit, both before anything is written. A
// good file is queued (202) and written by a background job in one transaction; poll its progress.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMPORT_LIMITS, IMPORT_TARGETS } from "../../../../core/contact-import";
import { AppError } from "../../../errors";
import { contactImports } from "../../../modules/audience";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZColumnMapping = z
  .object({
    target: z.enum(IMPORT_TARGETS).openapi({ description: "What the column becomes" }),
    field: z
      .string()
      .max(IMPORT_LIMITS.fieldKey)
      .optional()
      .openapi({ description: "For target `field`: the contact field's key (a-z, 0-9, _)", example: "company" }),
  })
  .strict()
  .openapi("ContactImportColumn");

export const ZContactImportInput = z
  .object({
    fileName: z.string().max(200).optional(),
    csv: z
      .string()
      .min(1)
      .openapi({
        description:
          "The file's text (UTF-8, at most 5 MB and 50,000 rows; comma, semicolon or tab; RFC 4180 quoting). " +
          "The first row names the columns.",
        example: "email,name\nada@example.org,Ada",
      }),
    mapping: z
      .array(ZColumnMapping)
      .max(IMPORT_LIMITS.maxColumns)
      .openapi({ description: "One entry per column of the file, in order; exactly one is `email`" }),
    listId: z.string().uuid().nullable().optional().openapi({ description: "Put every imported contact on this list" }),
    tags: z.array(z.string().min(1).max(IMPORT_LIMITS.tag)).max(10).optional().openapi({
      description: "Tags added to every imported contact",
    }),
  })
  .strict()
  .openapi("ContactImportInput");

const ZCounts = z.object({
  created: z.number().int(),
  updated: z.number().int().openapi({ description: "Existing contacts the file changed" }),
  unchanged: z.number().int().openapi({ description: "Existing contacts already as the file says" }),
  skipped: z.number().int().openapi({ description: "Empty rows and rows merged into an earlier row of one address" }),
});

const ZContactImport = z
  .object({
    id: z.string().uuid(),
    status: z.enum(["queued", "running", "done", "failed"]),
    fileName: z.string(),
    listId: z.string().uuid().nullable(),
    tags: z.array(z.string()),
    rows: z.number().int().openapi({ description: "Data rows in the file" }),
    total: z.number().int().openapi({ description: "Contacts to write (after merging rows of one address)" }),
    processed: z.number().int(),
    counts: ZCounts,
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("ContactImport");

const managers = [requireCap("manage_options")];
const tags = ["Contacts"];

/** Path of the upload, which takes a larger body than other JSON requests. */
export const CONTACT_IMPORT_PATH = "/api/v1/contacts/imports";
const uploadLimit = bodyLimit({
  // JSON escaping can lengthen a file; the file itself is measured after reading.
  maxSize: IMPORT_LIMITS.maxBytes * 2 + 64 * 1024,
  onError: () => {
    throw new AppError("payload_too_large", "The file is larger than 5 MB");
  },
});

const r = {
  start: createRoute({
    method: "post",
    path: "/contacts/imports",
    tags,
    summary: "Import contacts from a CSV file (all rows or none)",
    description:
      "Rows of one address (regardless of case) become one contact: later non-empty values win, tags are united. " +
      "An address the site has is merged: the name filled in when it had none, tags united, fields merged; an " +
      "inactive contact stays inactive. Any bad row refuses the file: 422 with one entry per bad row " +
      "(`details[].row`, the header being row 1). Each new address counts one e-mail verification; when the " +
      "month's verifications left are fewer, 403 plan_limit. Nothing is written in either case.",
    middleware: [...managers, uploadLimit],
    request: { body: jsonBody(ZContactImportInput) },
    responses: { 202: ok(ZContactImport, "Queued: poll GET /contacts/imports/{id}"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/contacts/imports/{id}",
    tags,
    summary: "An import's progress and, once done, what it did",
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZContactImport, "The import"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;

export const contactImportRoutes = newRouter()
  .openapi(r.start, async (c) => {
    const started = await contactImports.start(db(c), c.get("site"), c.req.valid("json"), c.get("user")?.id ?? null);
    return c.json(started, 202);
  })
  .openapi(r.get, async (c) =>
    c.json(await contactImports.get(db(c), c.get("site").accountId, c.req.valid("param").id), 200),
  );
