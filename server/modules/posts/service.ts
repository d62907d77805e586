import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { listOrder } from "../../db/list-order";
import { excerptOf, isValidCoverUrl, isValidSlug, nextFreeSlug, SLUG_MAX, slugify } from "../../../core/post-slug";
import { containsPattern } from "../../../core/search-query";
import type { Db, Tx } from "../../db/client";
import { members, posts as postsTable, termObjectRelationship as rel, terms } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import { events } from "../events";
import { htmlToText, sanitizeRichHtml } from "../html";
import { pageCache } from "../page-cache";
import { CATEGORY, type CategoryView, categoriesOf, checkCategoryIds } from "./categories";

export type PostStatus = "draft" | "published";

export type PostSummary = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  featured: boolean;
  status: PostStatus;
  authorId: string | null;
  authorName: string | null;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  categories: CategoryView[];
};

export type PostView = PostSummary & { content: string };

export type PostInput = {
  title?: string;
  slug?: string | null;
  content?: string;
  excerpt?: string | null;
  coverImage?: string | null;
  featured?: boolean;
  categoryIds?: string[];
  publishedAt?: string | null;
};

export type PostListQuery = {
  status?: PostStatus | "all";
  category?: string;
  featured?: boolean;
  q?: string;
  page?: number;
  perPage?: number;
  /** Featured posts before the others (the public blog's first page shows them first). */
  featuredFirst?: boolean;
  /** The owner's list sorted by a column; newest first without it. */
  sort?: { by: "title" | "date"; dir: "asc" | "desc" };
};

const MAX_TITLE = 200;
const MAX_CONTENT = 500_000;

const columns = {
  id: postsTable.id,
  slug: postsTable.slug,
  title: postsTable.title,
  excerpt: postsTable.excerpt,
  coverImage: postsTable.coverImage,
  settings: postsTable.settings,
  status: postsTable.status,
  authorId: postsTable.authorId,
  authorName: members.name,
  publishedAt: postsTable.publishedAt,
  createdAt: postsTable.createdAt,
  updatedAt: postsTable.updatedAt,
};

type Row = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string | null;
  settings: { featured?: boolean };
  status: PostStatus;
  authorId: string | null;
  authorName: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const summary = (r: Row, categories: CategoryView[]): PostSummary => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  coverImage: r.coverImage,
  featured: Boolean(r.settings?.featured),
  status: r.status,
  authorId: r.authorId,
  authorName: r.authorName,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  categories,
});

/** The author's name comes from the site's members (null when the member has left). */
const withAuthor = (tx: Tx) =>
  tx
    .select({ ...columns, content: postsTable.content })
    .from(postsTable)
    .leftJoin(members, and(eq(members.accountId, postsTable.accountId), eq(members.id, postsTable.authorId)));

async function loadOne(tx: Tx, accountId: string, where: SQL): Promise<PostView | null> {
  const [row] = await withAuthor(tx).where(and(eq(postsTable.accountId, accountId), where));
  if (!row) return null;
  const cats = await categoriesOf(tx, accountId, [row.id]);
  return { ...summary(row as Row, cats.get(row.id) ?? []), content: row.content };
}

async function mustLoad(tx: Tx, accountId: string, id: string): Promise<PostView> {
  const post = await loadOne(tx, accountId, eq(postsTable.id, id));
  if (!post) throw notFound("Post");
  return post;
}

async function takenSlugs(tx: Tx, accountId: string, base: string, exceptId?: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: postsTable.slug, id: postsTable.id })
    .from(postsTable)
    .where(
      and(eq(postsTable.accountId, accountId), or(eq(postsTable.slug, base), ilike(postsTable.slug, `${base}-%`))),
    );
  return new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
}

function checkTitle(title: string): string {
  const clean = title.trim();
  if (!clean) throw fieldError("validation_failed", "title", "A title is required");
  if (clean.length > MAX_TITLE)
    throw fieldError("validation_failed", "title", `Keep the title under ${MAX_TITLE} characters`);
  return clean;
}

/** A slug the writer chose: the rule, and unique on the site (a clash is a clear 409). */
async function chosenSlug(tx: Tx, accountId: string, slug: string, exceptId?: string): Promise<string> {
  const clean = slug.trim().toLowerCase();
  if (!isValidSlug(clean)) {
    throw fieldError(
      "validation_failed",
      "slug",
      `Use lowercase letters a-z, digits and single hyphens (at most ${SLUG_MAX} characters)`,
    );
  }
  const taken = await takenSlugs(tx, accountId, clean, exceptId);
  if (taken.has(clean)) throw fieldError("conflict", "slug", `Another post already uses the address "${clean}"`);
  return clean;
}

function checkCover(url: string | null | undefined): string | null {
  const clean = url?.trim() ?? "";
  if (!clean) return null;
  if (!isValidCoverUrl(clean)) {
    throw fieldError("validation_failed", "coverImage", "The cover image must be an http(s) address or a site path");
  }
  return clean;
}

function checkDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw fieldError("validation_failed", "publishedAt", "Not a valid date");
  return d;
}

function cleanContent(html: string): string {
  if (html.length > MAX_CONTENT) throw fieldError("payload_too_large", "content", "The post is too long");
  return sanitizeRichHtml(html);
}

const excerptFrom = (excerpt: string | null | undefined, content: string) =>
  excerpt?.trim() ? excerptOf(excerpt.trim(), 500) : excerptOf(htmlToText(content), 200);

async function setCategories(tx: Tx, accountId: string, postId: string, ids: string[]) {
  await checkCategoryIds(tx, accountId, ids);
  await tx.delete(rel).where(and(eq(rel.accountId, accountId), eq(rel.objectId, postId)));
  if (ids.length) {
    await tx
      .insert(rel)
      .values([...new Set(ids)].map((termId) => ({ accountId, termId, objectId: postId })))
      .onConflictDoNothing();
  }
}

/** The author's account (users.id and address), for the trigger payload. */
async function authorUser(tx: Tx, accountId: string, memberId: string) {
  const [m] = await tx
    .select({ userId: members.userId, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
  return m ?? null;
}

/** Drops the cached blog pages of a published post (and the listing and feed). */
const refreshCache = (accountId: string, ...slugs: string[]) =>
  pageCache.invalidatePaths(accountId, ["/blog", ...slugs.map((s) => `/blog/${s}`), "/blog/rss.xml"]);

export const posts = {
  async list(db: Db, accountId: string, query: PostListQuery = {}) {
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.min(100, Math.max(1, query.perPage ?? 20));
    return withTenant(db, accountId, async (tx) => {
      const where: SQL[] = [eq(postsTable.accountId, accountId)];
      if (query.status && query.status !== "all") where.push(eq(postsTable.status, query.status));
      if (query.status === "published") where.push(sql`${postsTable.publishedAt} <= now()`);
      if (query.featured !== undefined) {
        where.push(
          query.featured
            ? sql`coalesce((${postsTable.settings}->>'featured')::boolean, false)`
            : sql`not coalesce((${postsTable.settings}->>'featured')::boolean, false)`,
        );
      }
      const q = query.q?.trim();
      if (q) {
        const like = containsPattern(q);
        where.push(
          or(ilike(postsTable.title, like), sql`${postsTable.search} @@ plainto_tsquery('simple', ${q})`) as SQL,
        );
      }
      if (query.category) {
        const inCategory = tx
          .select({ id: rel.objectId })
          .from(rel)
          .innerJoin(terms, and(eq(terms.accountId, rel.accountId), eq(terms.id, rel.termId)))
          .where(and(eq(rel.accountId, accountId), eq(terms.taxonomy, CATEGORY), eq(terms.slug, query.category)));
        where.push(inArray(postsTable.id, inCategory));
      }
      const order: SQL[] = [];
      if (query.featuredFirst) order.push(sql`coalesce((${postsTable.settings}->>'featured')::boolean, false) desc`);
      order.push(
        ...listOrder(
          query.sort,
          {
            title: sql`lower(${postsTable.title})`,
            date: sql`coalesce(${postsTable.publishedAt}, ${postsTable.updatedAt})`,
          },
          [sql`${postsTable.publishedAt} desc nulls first`, desc(postsTable.updatedAt), desc(postsTable.id)],
        ),
      );
      const rows = await tx
        .select(columns)
        .from(postsTable)
        .leftJoin(members, and(eq(members.accountId, postsTable.accountId), eq(members.id, postsTable.authorId)))
        .where(and(...where))
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const total = await tx.$count(postsTable, and(...where));
      const cats = await categoriesOf(
        tx,
        accountId,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => summary(r as Row, cats.get(r.id) ?? [])), total, page, perPage };
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<PostView> {
    return withTenant(db, accountId, (tx) => mustLoad(tx, accountId, id));
  },

  /** What visitors see at /blog/{slug}: published (and due) posts only; anything else is not found. */
  async getPublishedBySlug(db: Db, accountId: string, slug: string): Promise<PostView> {
    const post = await withTenant(db, accountId, (tx) =>
      loadOne(
        tx,
        accountId,
        and(
          eq(postsTable.slug, slug.toLowerCase()),
          eq(postsTable.status, "published"),
          sql`${postsTable.publishedAt} <= now()`,
        ) as SQL,
      ),
    );
    if (!post) throw notFound("Post");
    return post;
  },

  /** The latest published posts with their full content (the RSS feed). */
  async latestPublished(db: Db, accountId: string, limit = 20): Promise<PostView[]> {
    return withTenant(db, accountId, async (tx) => {
      const rows = await withAuthor(tx)
        .where(
          and(
            eq(postsTable.accountId, accountId),
            eq(postsTable.status, "published"),
            sql`${postsTable.publishedAt} <= now()`,
          ),
        )
        .orderBy(desc(postsTable.publishedAt), desc(postsTable.id))
        .limit(limit);
      const cats = await categoriesOf(
        tx,
        accountId,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ ...summary(r as Row, cats.get(r.id) ?? []), content: r.content }));
    });
  },

  async create(db: Db, accountId: string, authorId: string | null, input: PostInput): Promise<PostView> {
    const title = checkTitle(input.title ?? "");
    const content = cleanContent(input.content ?? "");
    const coverImage = checkCover(input.coverImage);
    const publishedAt = checkDate(input.publishedAt) ?? null;
    return withTenant(db, accountId, async (tx) => {
      const slug = input.slug?.trim()
        ? await chosenSlug(tx, accountId, input.slug)
        : nextFreeSlug(slugify(title), await takenSlugs(tx, accountId, slugify(title)));
      const [row] = await tx
        .insert(postsTable)
        .values({
          accountId,
          slug,
          title,
          content,
          excerpt: excerptFrom(input.excerpt, content),
          coverImage,
          settings: { featured: Boolean(input.featured) },
          status: "draft",
          authorId,
          publishedAt,
        })
        .returning({ id: postsTable.id });
      if (input.categoryIds?.length) await setCategories(tx, accountId, row.id, input.categoryIds);
      return mustLoad(tx, accountId, row.id);
    });
  },

  async update(db: Db, accountId: string, id: string, input: PostInput): Promise<PostView> {
    const result = await withTenant(db, accountId, async (tx) => {
      const before = await mustLoad(tx, accountId, id);
      const patch: Partial<typeof postsTable.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) patch.title = checkTitle(input.title);
      if (input.slug?.trim() && input.slug.trim() !== before.slug) {
        patch.slug = await chosenSlug(tx, accountId, input.slug, id);
      }
      const content = input.content !== undefined ? cleanContent(input.content) : before.content;
      if (input.content !== undefined) patch.content = content;
      if (input.excerpt !== undefined || input.content !== undefined) {
        patch.excerpt = excerptFrom(input.excerpt === undefined ? before.excerpt : input.excerpt, content);
      }
      if (input.coverImage !== undefined) patch.coverImage = checkCover(input.coverImage);
      if (input.featured !== undefined) patch.settings = { featured: input.featured };
      const date = checkDate(input.publishedAt);
      if (date !== undefined) {
        if (date === null && before.status === "published") {
          throw fieldError("validation_failed", "publishedAt", "A published post needs a publication date");
        }
        patch.publishedAt = date;
      }
      await tx
        .update(postsTable)
        .set(patch)
        .where(and(eq(postsTable.accountId, accountId), eq(postsTable.id, id)));
      if (input.categoryIds !== undefined) await setCategories(tx, accountId, id, input.categoryIds);
      return { before, after: await mustLoad(tx, accountId, id) };
    });
    if (result.before.status === "published") await refreshCache(accountId, result.before.slug, result.after.slug);
    return result.after;
  },

  /** Publishes now, or at the given date (a later date keeps it off the blog until then). */
  async publish(db: Db, accountId: string, id: string, at?: string | null): Promise<PostView> {
    const date = checkDate(at ?? undefined);
    const post = await events.transaction(db, accountId, async (tx, out) => {
      await mustLoad(tx, accountId, id);
      await tx
        .update(postsTable)
        .set({ status: "published", publishedAt: date ?? new Date(), updatedAt: new Date() })
        .where(and(eq(postsTable.accountId, accountId), eq(postsTable.id, id)));
      // The first publication only (spec §9 new_post_published): the atomic claim of the date makes
      // a republish, or two publishes at once, announce nothing more.
      const [first] = await tx
        .update(postsTable)
        .set({ firstPublishedAt: sql`now()` })
        .where(and(eq(postsTable.accountId, accountId), eq(postsTable.id, id), isNull(postsTable.firstPublishedAt)))
        .returning({ authorId: postsTable.authorId });
      const view = await mustLoad(tx, accountId, id);
      if (first) {
        const author = first.authorId ? await authorUser(tx, accountId, first.authorId) : null;
        out.push(
          await events.emit(tx, accountId, "new_post_published", {
            postId: id,
            slug: view.slug,
            title: view.title,
            publishedAt: view.publishedAt,
            userId: author?.userId ?? null,
            email: author?.email ?? null,
          }),
        );
      }
      return view;
    });
    await refreshCache(accountId, post.slug);
    return post;
  },

  async unpublish(db: Db, accountId: string, id: string): Promise<PostView> {
    const { before, after } = await withTenant(db, accountId, async (tx) => {
      const b = await mustLoad(tx, accountId, id);
      await tx
        .update(postsTable)
        .set({ status: "draft", updatedAt: new Date() })
        .where(and(eq(postsTable.accountId, accountId), eq(postsTable.id, id)));
      return { before: b, after: await mustLoad(tx, accountId, id) };
    });
    if (before.status === "published") await refreshCache(accountId, before.slug);
    return after;
  },

  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const before = await withTenant(db, accountId, async (tx) => {
      const b = await mustLoad(tx, accountId, id);
      await tx.delete(rel).where(and(eq(rel.accountId, accountId), eq(rel.objectId, id)));
      await tx.delete(postsTable).where(and(eq(postsTable.accountId, accountId), eq(postsTable.id, id)));
      return b;
    });
    if (before.status === "published") await refreshCache(accountId, before.slug);
  },
};
