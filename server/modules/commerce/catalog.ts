// The owner's catalogue (spec §3 products, memberships, coupons; §7 products list): products with
// their price, cross-sells and what they grant. Memberships (courses and member-only pages) are in
// catalog-memberships.ts, coupons in catalog-coupons.ts, the checks they share in catalog-fields.ts.
// Every query carries the account, so another site's ids are simply not found.
import { type MeteredSite, requirePlanFeatureOf } from "../usage";
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import { priceOf, type ProductMetadata, type ProductPrice } from "../../../core/product";
import { type SaleInput, saleActive } from "../../../core/product-sale";
import { productCharge, saleColumns, saleOf } from "./sale-price";
import { isValidCoverUrl } from "../../../core/post-slug";
import { containsPattern } from "../../../core/search-query";
import { isValidSlug, nextFreeSlug, SLUG_MAX, slugify } from "../../../core/slug";
import type { Db, Tx } from "../../db/client";
import { courses, memberships, pages, type ProductStatus, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { checkRefs, validateTitle } from "./catalog-fields";
import { startingWith } from "../../db/like";
import { isUuid } from "../../../core/uuid";

/** Billing periods a subscription may use, in seconds: day, week, month (30 days), year. */
export const PERIOD_UNITS = [86400, 604800, 2592000, 31536000] as const;
export const PRODUCT_SORTS = ["created_at", "title", "updated_at", "price"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export type ProductView = {
  id: string;
  title: string;
  slug: string;
  description: string;
  image: string | null;
  metadata: ProductMetadata;
  status: ProductStatus;
  courseIds: string[];
  membershipIds: string[];
  /** "Offer after purchase": the product offered once this one is paid, its headline and offer price. */
  upsell: { productId: string; headline: string | null; price: number | null } | null;
  /** The scheduled sale, if any; `onSale` and `charged` are as of the read (the server's clock). */
  sale: { price: number; startsAt: string; endsAt: string } | null;
  onSale: boolean;
  /** What the product costs now (the sale price inside the window), null without a price. */
  charged: number | null;
  createdAt: string;
  updatedAt: string;
};

export type ProductUpsell = { productId: string; headline?: string | null; price?: number | null };

export type ProductInput = {
  title?: string;
  slug?: string | null;
  description?: string;
  image?: string | null;
  status?: ProductStatus;
  metadata?: ProductMetadata;
  courseIds?: string[];
  membershipIds?: string[];
  upsell?: ProductUpsell | null;
  /** null ends any sale; absent keeps it. */
  sale?: SaleInput | null;
};

export type ProductListQuery = {
  ids?: string[];
  search?: string;
  page?: number;
  perPage?: number;
  sort?: ProductSort;
  ascending?: boolean;
  /** Visitors and members who do not manage the site see published products only. */
  publishedOnly?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Pure checks (also unit-tested)

/** A product price: onetime|subscription, whole minor units ≥ 0, a subscription needs a period. */
export function validatePrice(price: ProductPrice | null | undefined): ProductPrice | null {
  if (!price) return null;
  const field = "metadata.price";
  if (price.type !== "onetime" && price.type !== "subscription")
    throw fieldError("validation_failed", `${field}.type`, "The price type is onetime or subscription");
  if (!Number.isInteger(price.amount) || price.amount < 0)
    throw fieldError("validation_failed", `${field}.amount`, "The amount is a whole number of minor units, 0 or more");
  if (price.type === "onetime") return { type: "onetime", amount: price.amount };
  const d = price.duration;
  if (!d || !Number.isInteger(d.value) || d.value < 1)
    throw fieldError("validation_failed", `${field}.duration.value`, "A subscription bills every 1 or more periods");
  if (!(PERIOD_UNITS as readonly number[]).includes(d.parameter))
    throw fieldError("validation_failed", `${field}.duration.parameter`, "The period is a day, week, month or year");
  return { type: "subscription", amount: price.amount, duration: { value: d.value, parameter: d.parameter } };
}

/** An image is an http(s) address or a path on the site; empty means none. */
export function validateImage(url: string | null | undefined): string | null {
  const clean = url?.trim() ?? "";
  if (!clean) return null;
  if (!isValidCoverUrl(clean))
    throw fieldError("validation_failed", "image", "The image must be an http(s) address or a site path");
  return clean;
}

// ---------------------------------------------------------------------------------------------
// Products

const productView = (r: typeof products.$inferSelect): ProductView => {
  const sale = saleOf(r);
  const now = new Date();
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    description: r.description,
    image: r.image,
    metadata: r.metadata ?? {},
    status: r.status,
    courseIds: r.courseIds ?? [],
    membershipIds: r.membershipIds ?? [],
    sale: sale ? { price: sale.price, startsAt: sale.startsAt.toISOString(), endsAt: sale.endsAt.toISOString() } : null,
    onSale: priceOf(r.metadata)?.type === "onetime" && saleActive(sale, now),
    charged: productCharge(r, now),
    upsell: r.upsellProductId
      ? { productId: r.upsellProductId, headline: r.upsellHeadline ?? null, price: r.upsellPrice ?? null }
      : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

const sortColumn = (sort: ProductSort): SQL => {
  if (sort === "title") return sql`lower(${products.title})`;
  if (sort === "updated_at") return sql`${products.updatedAt}`;
  if (sort === "price") return sql`coalesce((${products.metadata}->'price'->>'amount')::bigint, 0)`;
  return sql`${products.createdAt}`;
};

/** Spec §7: exact count of all matches, rows (page-1)×per_page up to page×per_page. */
export async function listProducts(db: Db, accountId: string, q: ProductListQuery = {}) {
  const page = Math.max(1, q.page ?? 1);
  const perPage = Math.min(100, Math.max(1, q.perPage ?? 10));
  return withTenant(db, accountId, async (tx) => {
    const where: SQL[] = [eq(products.accountId, accountId)];
    if (q.publishedOnly) where.push(eq(products.status, "published"));
    if (q.ids) {
      const ids = q.ids.filter((id) => isUuid(id));
      if (!ids.length) return { products: [] as ProductView[], count: 0 };
      where.push(inArray(products.id, ids));
    }
    if (q.search?.trim()) where.push(ilike(products.title, containsPattern(q.search)));
    const dir = q.ascending ? asc : desc;
    const rows = await tx
      .select()
      .from(products)
      .where(and(...where))
      .orderBy(dir(sortColumn(q.sort ?? "created_at")), dir(products.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const count = await tx.$count(products, and(...where));
    return { products: rows.map(productView), count };
  });
}

async function loadProduct(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.id, id)));
  if (!row) throw notFound("Product");
  return row;
}

export async function getProduct(db: Db, accountId: string, id: string, opts: { publishedOnly?: boolean } = {}) {
  return withTenant(db, accountId, async (tx) => {
    const row = await loadProduct(tx, accountId, id);
    if (opts.publishedOnly && row.status !== "published") throw notFound("Product");
    return productView(row);
  });
}

async function productSlug(
  tx: Tx,
  accountId: string,
  slug: string | null | undefined,
  title: string,
  exceptId?: string,
) {
  const taken = async (base: string) => {
    const rows = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          ilike(products.slug, startingWith(base)),
          exceptId ? ne(products.id, exceptId) : undefined,
        ),
      );
    return new Set(rows.map((r) => r.slug));
  };
  const chosen = slug?.trim().toLowerCase();
  if (!chosen) {
    const base = slugify(title, "product");
    return nextFreeSlug(base, await taken(base));
  }
  if (!isValidSlug(chosen))
    throw fieldError("validation_failed", "slug", `Use a-z, digits and single hyphens (at most ${SLUG_MAX})`);
  if ((await taken(chosen)).has(chosen))
    throw fieldError("conflict", "slug", `Another product already uses the address "${chosen}"`);
  return chosen;
}

async function cleanMetadata(tx: Tx, accountId: string, m: ProductMetadata, selfId?: string): Promise<ProductMetadata> {
  const cross = m.cross ?? [];
  if (!Array.isArray(cross) || cross.some((c) => typeof c?.id !== "string"))
    throw fieldError("validation_failed", "metadata.cross", "Cross-sells are a list of products");
  const crossIds = cross.map((c) => c.id);
  if (selfId && crossIds.includes(selfId))
    throw fieldError("validation_failed", "metadata.cross", "A product cannot cross-sell itself");
  await checkRefs(tx, accountId, "metadata.cross", "products", crossIds);
  const seen = new Set<string>();
  return {
    price: validatePrice(m.price),
    featured: Boolean(m.featured),
    cross: cross.filter((c) => !seen.has(c.id) && seen.add(c.id)).map((c) => ({ id: c.id, value: c.value || c.id })),
  };
}

const upsellError = (field: string, message: string) =>
  new AppError("bad_request", message, [{ field: `upsell.${field}`, message }]);

/**
 * The offer after purchase: another product of this site with a price; the offer price, when set,
 * is a whole amount below that product's own price. Null clears it.
 */
async function cleanUpsell(tx: Tx, accountId: string, u: ProductUpsell | null, selfId?: string) {
  const none = { upsellProductId: null, upsellHeadline: null, upsellPrice: null };
  if (!u?.productId) return none;
  if (!isUuid(u.productId)) throw upsellError("productId", "Unknown product");
  if (u.productId === selfId) throw upsellError("productId", "A product cannot offer itself");
  const [offered] = await tx
    .select({ metadata: products.metadata })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.id, u.productId)));
  if (!offered) throw upsellError("productId", "Unknown product on this site");
  const price = priceOf(offered.metadata);
  if (!price) throw upsellError("productId", "The offered product has no price");
  const headline = (u.headline ?? "").trim();
  if (headline.length > 200) throw upsellError("headline", "Keep the headline to 200 characters");
  const offer = u.price ?? null;
  if (offer !== null && (!Number.isInteger(offer) || offer < 0))
    throw upsellError("price", "The offer price is a whole number of minor units, 0 or more");
  if (offer !== null && offer >= price.amount)
    throw upsellError("price", "The offer price must be below the offered product's price");
  return { upsellProductId: u.productId, upsellHeadline: headline || null, upsellPrice: offer };
}

/** Selling by subscription is a plan feature (§6); products that already renew keep selling after a downgrade. */
function checkSubscriptionAllowed(site: MeteredSite, metadata: ProductMetadata | undefined, before?: ProductMetadata) {
  if (metadata?.price?.type === "subscription" && before?.price?.type !== "subscription")
    requirePlanFeatureOf(site, "subscriptions");
}

export async function createProduct(db: Db, site: MeteredSite, input: ProductInput) {
  const { accountId } = site;
  checkSubscriptionAllowed(site, input.metadata);
  return withTenant(db, accountId, async (tx) => {
    const title = validateTitle(input.title);
    const metadata = await cleanMetadata(tx, accountId, input.metadata ?? {});
    const values = {
      accountId,
      title,
      slug: await productSlug(tx, accountId, input.slug, title),
      description: input.description ?? "",
      image: validateImage(input.image),
      status: input.status ?? "draft",
      metadata,
      ...(input.sale ? saleColumns(input.sale, metadata) : {}),
      courseIds: await checkRefs(tx, accountId, "courseIds", "courses", input.courseIds ?? []),
      membershipIds: await checkRefs(tx, accountId, "membershipIds", "memberships", input.membershipIds ?? []),
      ...(await cleanUpsell(tx, accountId, input.upsell ?? null)),
    };
    const [row] = await tx.insert(products).values(values).returning();
    return productView(row);
  });
}

export async function updateProduct(db: Db, site: MeteredSite, id: string, input: ProductInput) {
  const { accountId } = site;
  return withTenant(db, accountId, async (tx) => {
    const current = await loadProduct(tx, accountId, id);
    checkSubscriptionAllowed(site, input.metadata, current.metadata);
    const title = input.title === undefined ? current.title : validateTitle(input.title);
    const set: Partial<typeof products.$inferInsert> = { title, updatedAt: new Date() };
    if (input.slug !== undefined && input.slug !== current.slug)
      set.slug = await productSlug(tx, accountId, input.slug, title, id);
    if (input.description !== undefined) set.description = input.description;
    if (input.image !== undefined) set.image = validateImage(input.image);
    if (input.status !== undefined) set.status = input.status;
    if (input.metadata !== undefined) set.metadata = await cleanMetadata(tx, accountId, input.metadata, id);
    const metadata = set.metadata ?? current.metadata;
    if (input.sale !== undefined) Object.assign(set, saleColumns(input.sale, metadata));
    else if (current.salePrice !== null && input.metadata !== undefined) {
      // A new price re-checks the sale kept with it (it must stay below the price).
      const kept = saleOf(current);
      if (kept) {
        const range = { startsAt: kept.startsAt.toISOString(), endsAt: kept.endsAt.toISOString() };
        Object.assign(set, saleColumns({ price: kept.price, ...range }, metadata));
      }
    }
    if (input.courseIds) set.courseIds = await checkRefs(tx, accountId, "courseIds", "courses", input.courseIds);
    if (input.membershipIds)
      set.membershipIds = await checkRefs(tx, accountId, "membershipIds", "memberships", input.membershipIds);
    if (input.upsell !== undefined) Object.assign(set, await cleanUpsell(tx, accountId, input.upsell, id));
    const [row] = await tx
      .update(products)
      .set(set)
      .where(and(eq(products.accountId, accountId), eq(products.id, id)))
      .returning();
    return productView(row);
  });
}

/** Past orders keep their items (title and amount were copied at purchase); cross-sells pointing here go. */
export async function deleteProduct(db: Db, accountId: string, id: string) {
  await withTenant(db, accountId, async (tx) => {
    await loadProduct(tx, accountId, id);
    await tx.delete(products).where(and(eq(products.accountId, accountId), eq(products.id, id)));
    await tx
      .update(products)
      .set({ upsellProductId: null, upsellHeadline: null, upsellPrice: null })
      .where(and(eq(products.accountId, accountId), eq(products.upsellProductId, id)));
    const referring = await tx
      .select({ id: products.id, metadata: products.metadata })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          sql`${products.metadata}->'cross' @> ${JSON.stringify([{ id }])}::jsonb`,
        ),
      );
    for (const p of referring) {
      const metadata = { ...p.metadata, cross: (p.metadata.cross ?? []).filter((c) => c.id !== id) };
      await tx
        .update(products)
        .set({ metadata })
        .where(and(eq(products.accountId, accountId), eq(products.id, p.id)));
    }
  });
}

/** The public product page: a published product by slug with the titles of what it includes. */
export async function productPage(db: Db, accountId: string, slug: string) {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(products)
      .where(
        and(eq(products.accountId, accountId), eq(products.slug, slug.toLowerCase()), eq(products.status, "published")),
      );
    if (!row) throw notFound("Product");
    const product = productView(row);
    const courseRows = product.courseIds.length
      ? await tx
          .select({ id: courses.id, title: courses.title, slug: courses.slug, status: courses.status })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, product.courseIds)))
      : [];
    const membershipRows = product.membershipIds.length
      ? await tx
          .select({ id: memberships.id, title: memberships.title })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, product.membershipIds)))
      : [];
    return {
      product,
      courses: courseRows.map((c) => ({ id: c.id, title: c.title, slug: c.slug, published: c.status === "published" })),
      memberships: membershipRows,
    };
  });
}

/** Choices for the editor's multi-selects: the site's courses, pages, products and memberships. */
export async function catalogChoices(db: Db, accountId: string) {
  return withTenant(db, accountId, async (tx) => {
    const pick = <T extends { id: string; title: string }>(rows: T[]) =>
      rows.map((r) => ({ id: r.id, title: r.title }));
    const c = await tx
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.accountId, accountId))
      .orderBy(asc(courses.title));
    const p = await tx
      .select({ id: pages.id, title: pages.title })
      .from(pages)
      .where(and(eq(pages.accountId, accountId), eq(pages.kind, "page")))
      .orderBy(asc(pages.title));
    const pr = await tx
      .select({ id: products.id, title: products.title, metadata: products.metadata })
      .from(products)
      .where(eq(products.accountId, accountId))
      .orderBy(asc(products.title));
    const m = await tx
      .select({ id: memberships.id, title: memberships.title })
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(memberships.title));
    return {
      courses: pick(c),
      pages: pick(p),
      // The price lets the editor check an offer price against the offered product's.
      products: pr.map((r) => ({ id: r.id, title: r.title, amount: priceOf(r.metadata)?.amount ?? null })),
      memberships: pick(m),
    };
  });
}

export { validateTitle } from "./catalog-fields";
export * from "./catalog-coupons";
export * from "./catalog-memberships";
