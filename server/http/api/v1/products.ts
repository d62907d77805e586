// Products and memberships (owner CRUD, the §7 list). The list and one product are readable by
// anyone for published products (the cart looks up cross-sells by ids); managers see every status.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { hasCap } from "../../../../core/roles";
import {
  createMembership,
  createProduct,
  deleteMembership,
  deleteProduct,
  getMembership,
  getProduct,
  listMemberships,
  listProducts,
  PERIOD_UNITS,
  PRODUCT_SORTS,
  updateMembership,
  updateProduct,
} from "../../../modules/commerce";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZPrice = z
  .object({
    type: z.enum(["onetime", "subscription"]),
    amount: z.number().int().min(0).openapi({ description: "Minor units; 0 means not for sale ('private')" }),
    duration: z
      .object({
        value: z.number().int().min(1),
        parameter: z
          .number()
          .int()
          .refine((p) => (PERIOD_UNITS as readonly number[]).includes(p), "A day, week, month or year in seconds"),
      })
      .nullable()
      .optional(),
  })
  .refine((p) => p.type !== "subscription" || Boolean(p.duration), {
    message: "A subscription needs a billing period",
    path: ["duration"],
  })
  .openapi("ProductPrice");

const ZMetadata = z
  .object({
    price: ZPrice.nullable().optional(),
    featured: z.boolean().optional(),
    cross: z
      .array(z.object({ id: z.string().uuid(), value: z.string().max(200) }))
      .max(20)
      .optional(),
  })
  .strict()
  .openapi("ProductMetadata");

const ZUpsell = z
  .object({
    productId: z
      .string()
      .uuid()
      .openapi({ description: "Another product of this site, offered once this one is paid" }),
    headline: z.string().max(200).nullable().optional(),
    price: z
      .number()
      .int()
      .min(0)
      .nullable()
      .optional()
      .openapi({ description: "The offer price, minor units, below the offered product's price; null: its price" }),
  })
  .strict()
  .openapi("ProductUpsell");
const ZSale = z
  .object({
    price: z.number().int().min(0).openapi({ description: "Minor units, below the one-time price" }),
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }).openapi({ description: "After startsAt" }),
  })
  .strict()
  .openapi("ProductSale");

const ZProduct = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    metadata: ZMetadata,
    status: z.enum(["draft", "published"]),
    courseIds: z.array(z.string()),
    membershipIds: z.array(z.string()),
    upsell: z
      .object({ productId: z.string().uuid(), headline: z.string().nullable(), price: z.number().int().nullable() })
      .nullable(),
    sale: ZSale.nullable(),
    onSale: z.boolean().openapi({ description: "Whether the sale window is open now" }),
    charged: z.number().int().nullable().openapi({ description: "What it costs now (the sale price in the window)" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Product");

export const ZProductInput = z
  .object({
    title: z.string().trim().min(1).max(200).openapi({ example: "Watercolour bundle" }),
    slug: z.string().max(80).nullable().optional().openapi({ description: "Made from the title when empty" }),
    description: z.string().max(20000).optional(),
    image: z.string().max(2048).nullable().optional(),
    status: z.enum(["draft", "published"]).optional(),
    metadata: ZMetadata.optional(),
    courseIds: z.array(z.string().uuid()).max(200).optional(),
    membershipIds: z.array(z.string().uuid()).max(200).optional(),
    upsell: ZUpsell.nullable().optional(),
    sale: ZSale.nullable().optional().openapi({ description: "A scheduled sale price; null ends it" }),
  })
  .strict()
  .openapi("ProductInput");
export type ProductInputBody = z.infer<typeof ZProductInput>;
const ZProductPatch = ZProductInput.partial().strict().openapi("ProductPatch");

const ZProductQuery = z.object({
  ids: z.string().max(4000).optional().openapi({ description: "Comma-separated product ids" }),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.enum(PRODUCT_SORTS).default("created_at"),
  ascending: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});

const ZMembership = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    description: z.string(),
    courseIds: z.array(z.string()),
    pageIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Membership");
export const ZMembershipInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(20000).optional(),
    courseIds: z.array(z.string().uuid()).max(200).optional(),
    pageIds: z.array(z.string().uuid()).max(200).optional(),
  })
  .strict()
  .openapi("MembershipInput");
const ZMembershipPatch = ZMembershipInput.partial().strict().openapi("MembershipPatch");

const managers = [requireCap("manage_options")];
const tags = ["Products"];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Slug taken") };
const deleted = { 204: { description: "Deleted" } };

const manages = (c: Context<AppEnv>) => {
  const m = c.get("member");
  return Boolean(c.get("user") && m && (m.isOwner || hasCap(m.caps, "manage_options")));
};

const route = <M extends "get" | "post" | "patch" | "delete", P extends string>(method: M, path: P, summary: string) =>
  ({ method, path, tags, summary }) as const;

const r = {
  list: createRoute({
    ...route("get", "/products", "Products: exact count, ids filter, title search, page range, sort"),
    request: { query: ZProductQuery },
    responses: {
      200: ok(z.object({ products: z.array(ZProduct), count: z.number().int() }), "A page of products"),
      422: errorResponses[422],
    },
  }),
  get: createRoute({
    ...route("get", "/products/{id}", "One product (published, unless the caller manages the site)"),
    request: { params: ZUuidParam },
    responses: { 200: ok(ZProduct, "The product"), 404: errorResponses[404] },
  }),
  create: createRoute({
    ...route("post", "/products", "Create a product"),
    middleware: managers,
    request: { body: jsonBody(ZProductInput) },
    responses: { 201: ok(ZProduct, "The new product"), ...conflict, ...errorResponses },
  }),
  update: createRoute({
    ...route("patch", "/products/{id}", "Change a product"),
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZProductPatch) },
    responses: { 200: ok(ZProduct, "The product"), ...conflict, ...errorResponses },
  }),
  remove: createRoute({
    ...route("delete", "/products/{id}", "Delete a product (past orders keep their items)"),
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { ...deleted, ...errorResponses },
  }),
  listMemberships: createRoute({
    ...route("get", "/memberships", "Memberships of the site"),
    middleware: managers,
    request: { query: ZPage },
    responses: {
      200: ok(z.object({ memberships: z.array(ZMembership), count: z.number().int() }), "A page of memberships"),
      ...errorResponses,
    },
  }),
  getMembership: createRoute({
    ...route("get", "/memberships/{id}", "One membership"),
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZMembership, "The membership"), ...errorResponses },
  }),
  createMembership: createRoute({
    ...route("post", "/memberships", "Create a membership"),
    middleware: managers,
    request: { body: jsonBody(ZMembershipInput) },
    responses: { 201: ok(ZMembership, "The new membership"), ...errorResponses },
  }),
  updateMembership: createRoute({
    ...route("patch", "/memberships/{id}", "Change a membership"),
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZMembershipPatch) },
    responses: { 200: ok(ZMembership, "The membership"), ...errorResponses },
  }),
  removeMembership: createRoute({
    ...route("delete", "/memberships/{id}", "Delete a membership (products stop granting it)"),
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { ...deleted, ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;

export const productRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const q = c.req.valid("query");
    const ids = q.ids
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const result = await listProducts(db(c), account(c), {
      ids,
      search: q.search,
      page: q.page,
      perPage: q.per_page,
      sort: q.sort,
      ascending: q.ascending,
      publishedOnly: !manages(c),
    });
    return c.json(result, 200);
  })
  .openapi(r.get, async (c) =>
    c.json(await getProduct(db(c), account(c), c.req.valid("param").id, { publishedOnly: !manages(c) }), 200),
  )
  .openapi(r.create, async (c) => c.json(await createProduct(db(c), c.get("site"), c.req.valid("json")), 201))
  .openapi(r.update, async (c) =>
    c.json(await updateProduct(db(c), c.get("site"), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await deleteProduct(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.listMemberships, async (c) => {
    const q = c.req.valid("query");
    return c.json(await listMemberships(db(c), account(c), { page: q.page, perPage: q.per_page }), 200);
  })
  .openapi(r.getMembership, async (c) => c.json(await getMembership(db(c), account(c), c.req.valid("param").id), 200))
  .openapi(r.createMembership, async (c) => c.json(await createMembership(db(c), account(c), c.req.valid("json")), 201))
  .openapi(r.updateMembership, async (c) =>
    c.json(await updateMembership(db(c), account(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.removeMembership, async (c) => {
    await deleteMembership(db(c), account(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
