// Blog categories: terms of taxonomy "category", linked to posts through term_object_relationship.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { isValidSlug, SLUG_MAX, slugify } from "../../../core/post-slug";
import type { Db, Tx } from "../../db/client";
import { termObjectRelationship as rel, terms } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import { pageCache } from "../page-cache";

export const CATEGORY = "category";

export type CategoryView = { id: string; name: string; slug: string };
export type CategoryWithCount = CategoryView & { posts: number };

/** The platform blog's categories (spec §2). */
export const PLATFORM_CATEGORIES: readonly { name: string; slug: string }[] = [
  { name: "Artificial Intelligence", slug: "ai" },
  { name: "Updates", slug: "updates" },
  { name: "eLearning", slug: "elearning" },
];

const MAX_NAME = 80;

function checkName(name: string): string {
  const clean = name.trim();
  if (!clean) throw fieldError("validation_failed", "name", "A category name is required");
  if (clean.length > MAX_NAME)
    throw fieldError("validation_failed", "name", `Keep the name under ${MAX_NAME} characters`);
  return clean;
}

function checkSlug(slug: string): string {
  const clean = slug.trim().toLowerCase();
  if (!isValidSlug(clean)) {
    throw fieldError(
      "validation_failed",
      "slug",
      `Use lowercase letters a-z, digits and single hyphens (at most ${SLUG_MAX} characters)`,
    );
  }
  return clean;
}

async function slugTaken(tx: Tx, accountId: string, slug: string, exceptId?: string, taxonomy = CATEGORY) {
  const [row] = await tx
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, taxonomy), eq(terms.slug, slug)));
  return Boolean(row && row.id !== exceptId);
}

const clash = (slug: string) => fieldError("conflict", "slug", `Another category already uses the slug "${slug}"`);

/** Categories of each post (or, with another taxonomy, each course), by object id, in name order. */
export async function categoriesOf(
  tx: Tx,
  accountId: string,
  postIds: string[],
  taxonomy = CATEGORY,
): Promise<Map<string, CategoryView[]>> {
  const out = new Map<string, CategoryView[]>();
  if (!postIds.length) return out;
  const rows = await tx
    .select({ postId: rel.objectId, id: terms.id, name: terms.name, slug: terms.slug })
    .from(rel)
    .innerJoin(terms, and(eq(terms.accountId, rel.accountId), eq(terms.id, rel.termId)))
    .where(and(eq(rel.accountId, accountId), eq(terms.taxonomy, taxonomy), inArray(rel.objectId, postIds)))
    .orderBy(asc(terms.name));
  for (const r of rows) {
    const list = out.get(r.postId) ?? [];
    list.push({ id: r.id, name: r.name, slug: r.slug });
    out.set(r.postId, list);
  }
  return out;
}

/** Every id must be one of this site's categories; another site's id reads as unknown. */
export async function checkCategoryIds(tx: Tx, accountId: string, ids: string[], taxonomy = CATEGORY) {
  if (!ids.length) return;
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, taxonomy), inArray(terms.id, unique)));
  if (found.length !== unique.length) throw fieldError("validation_failed", "categoryIds", "Unknown category");
}

const refreshBlog = (accountId: string) =>
  pageCache.invalidatePaths(accountId, ["/blog", "/blog/{slug}", "/blog/rss.xml"]);

/**
 * Category management for one taxonomy: blog categories here, course categories in the courses
 * module. `refresh` invalidates the public pages that list them.
 */
export function taxonomyCategories(taxonomy: string, refresh: (accountId: string) => Promise<unknown> | unknown) {
  return {
    /** The site's categories with how many objects each has, by name. */
    async list(db: Db, accountId: string): Promise<CategoryWithCount[]> {
      return withTenant(db, accountId, async (tx) => {
        const rows = await tx
          .select({ id: terms.id, name: terms.name, slug: terms.slug, posts: count(rel.objectId) })
          .from(terms)
          .leftJoin(rel, and(eq(rel.accountId, terms.accountId), eq(rel.termId, terms.id)))
          .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, taxonomy)))
          .groupBy(terms.accountId, terms.id, terms.name, terms.slug)
          .orderBy(asc(terms.name));
        return rows.map((r) => ({ ...r, posts: Number(r.posts) }));
      });
    },

    async create(db: Db, accountId: string, input: { name: string; slug?: string | null }): Promise<CategoryView> {
      const name = checkName(input.name);
      const slug = input.slug?.trim() ? checkSlug(input.slug) : slugify(name, "category");
      return withTenant(db, accountId, async (tx) => {
        if (await slugTaken(tx, accountId, slug, undefined, taxonomy)) throw clash(slug);
        const [row] = await tx
          .insert(terms)
          .values({ accountId, taxonomy, name, slug })
          .returning({ id: terms.id, name: terms.name, slug: terms.slug });
        return row;
      });
    },

    async update(
      db: Db,
      accountId: string,
      id: string,
      input: { name?: string; slug?: string },
    ): Promise<CategoryView> {
      const patch: { name?: string; slug?: string } = {};
      if (input.name !== undefined) patch.name = checkName(input.name);
      if (input.slug !== undefined) patch.slug = checkSlug(input.slug);
      const row = await withTenant(db, accountId, async (tx) => {
        if (patch.slug && (await slugTaken(tx, accountId, patch.slug, id, taxonomy))) throw clash(patch.slug);
        const where = and(eq(terms.accountId, accountId), eq(terms.taxonomy, taxonomy), eq(terms.id, id));
        const [updated] = Object.keys(patch).length
          ? await tx
              .update(terms)
              .set(patch)
              .where(where)
              .returning({ id: terms.id, name: terms.name, slug: terms.slug })
          : await tx.select({ id: terms.id, name: terms.name, slug: terms.slug }).from(terms).where(where);
        if (!updated) throw notFound("Category");
        return updated;
      });
      await refresh(accountId);
      return row;
    },

    /** Deletes the category; its posts stay, without it. */
    async remove(db: Db, accountId: string, id: string): Promise<void> {
      await withTenant(db, accountId, async (tx) => {
        const [gone] = await tx
          .delete(terms)
          .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, taxonomy), eq(terms.id, id)))
          .returning({ id: terms.id });
        if (!gone) throw notFound("Category");
      });
      await refresh(accountId);
    },
  };
}

export const categories = {
  ...taxonomyCategories(CATEGORY, refreshBlog),

  /** Creates the missing ones of the given categories (start-up, seeding); existing ones are kept. */
  async ensure(db: Db, accountId: string, wanted: readonly { name: string; slug: string }[]): Promise<void> {
    await withTenant(db, accountId, async (tx) => {
      await tx
        .insert(terms)
        .values(wanted.map((c) => ({ accountId, taxonomy: CATEGORY, name: c.name, slug: c.slug })))
        .onConflictDoNothing();
    });
  },
};
