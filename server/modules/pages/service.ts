import { type MeteredSite, usage } from "../usage";
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { listOrder } from "../../db/list-order";
import { checkPageSlug, HOME_PAGE_SLUG } from "../../../core/page-slug";
import { containsPattern } from "../../../core/search-query";
import type { Db, Tx } from "../../db/client";
import { type ContentStatus, type PageDocument, pages as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import { pageCache } from "../page-cache";
import { cleanPageDocument } from "./document";

export type PageKind = "page" | "doc";
export type PageStatus = ContentStatus;

export type PageSummary = {
  id: string;
  kind: PageKind;
  slug: string;
  title: string;
  description: string;
  status: ContentStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type PageView = PageSummary & { socialImage: string | null; document: PageDocument; authorId: string | null };

export type PageInput = {
  kind?: PageKind;
  title?: string;
  slug?: string;
  description?: string;
  socialImage?: string | null;
  document?: unknown;
};

/** The columns the managers' list sorts by (title case-insensitively, or the last change). */
export type PageSort = { by: "title" | "updated"; dir: "asc" | "desc" };

type Row = typeof table.$inferSelect;

const summary = (r: Row): PageSummary => ({
  id: r.id,
  kind: r.kind,
  slug: r.slug,
  title: r.title,
  description: r.description,
  status: r.status,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const view = (r: Row): PageView => ({
  ...summary(r),
  socialImage: r.socialImage,
  document: r.document,
  authorId: r.authorId,
});

const summaryColumns = {
  id: table.id,
  kind: table.kind,
  slug: table.slug,
  title: table.title,
  description: table.description,
  status: table.status,
  publishedAt: table.publishedAt,
  createdAt: table.createdAt,
  updatedAt: table.updatedAt,
};

/** Where a page is seen by visitors: the paths whose cached copies it changes. */
export function publicPaths(kind: PageKind, slug: string): string[] {
  if (kind === "doc") return ["/docs", `/docs/${slug}`];
  return slug === HOME_PAGE_SLUG ? ["/", `/${slug}`] : [`/${slug}`];
}

function cleanText(field: string, value: unknown, max: number, required = false): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (required && !text) throw fieldError("validation_failed", field, `Enter a ${field}`);
  if (text.length > max) throw fieldError("validation_failed", field, `The ${field} is at most ${max} characters`);
  return text;
}

function cleanImage(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const url = typeof value === "string" ? value.trim() : "";
  if (!(url.startsWith("/") && !url.startsWith("//")) && !/^https?:\/\/[^/\s]+\S*$/i.test(url)) {
    throw fieldError("validation_failed", "socialImage", "Use an http(s) address or a path on this site");
  }
  return url;
}

function cleanSlug(value: unknown, kind: PageKind): string {
  const check = checkPageSlug(typeof value === "string" ? value.trim() : value, kind);
  if (!check.ok) throw fieldError("validation_failed", "slug", check.message);
  return check.slug;
}

async function assertSlugFree(tx: Tx, accountId: string, kind: PageKind, slug: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.kind, kind), eq(table.slug, slug)))
    .limit(1);
  if (taken && taken.id !== exceptId) {
    throw fieldError(
      "conflict",
      "slug",
      `The slug "${slug}" is already used by another ${kind === "doc" ? "doc" : "page"} on this site`,
    );
  }
}

/** A unique-index race turned into the same conflict a pre-check gives. */
function slugRace(err: unknown, slug: string): never {
  const text = `${(err as Error)?.message ?? ""} ${((err as { cause?: Error })?.cause?.message as string) ?? ""}`;
  if (/pages_account_kind_slug_idx|duplicate key/i.test(text)) {
    throw fieldError("conflict", "slug", `The slug "${slug}" is already used on this site`);
  }
  throw err;
}

async function load(tx: Tx, accountId: string, id: string, kinds: readonly PageKind[]): Promise<Row> {
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.accountId, accountId), eq(table.id, id), inArray(table.kind, [...kinds])))
    .limit(1);
  if (!row) throw notFound("Page");
  return row;
}

export const pages = {
  /**
   * A page of pages, newest change first unless `sort` names a column (ties keep that order, then
   * the id); `q` matches the title or slug.
   */
  async list(
    db: Db,
    accountId: string,
    opts: {
      kinds: readonly PageKind[];
      status?: ContentStatus;
      q?: string;
      page?: number;
      per_page?: number;
      sort?: PageSort;
    },
  ): Promise<{ items: PageSummary[]; total: number }> {
    const page = Math.max(1, opts.page ?? 1);
    const perPage = Math.min(100, Math.max(1, opts.per_page ?? 20));
    const where: SQL[] = [eq(table.accountId, accountId), inArray(table.kind, [...opts.kinds])];
    if (opts.status) where.push(eq(table.status, opts.status));
    const q = opts.q?.trim();
    if (q) {
      const p = containsPattern(q);
      where.push(ilike(table.title, p));
    }
    const order = listOrder(opts.sort, { title: sql`lower(${table.title})`, updated: table.updatedAt }, [
      desc(table.updatedAt),
      desc(table.id),
    ]);
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select(summaryColumns)
        .from(table)
        .where(and(...where))
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(...where));
      return { items: rows.map((r) => summary(r as Row)), total: Number(total.n) };
    });
  },

  async get(db: Db, accountId: string, id: string, kinds: readonly PageKind[] = ["page", "doc"]): Promise<PageView> {
    return view(await withTenant(db, accountId, (tx) => load(tx, accountId, id, kinds)));
  },

  /** What visitors see at /{slug} or /docs/{slug}: published only, null otherwise. */
  async getPublished(db: Db, accountId: string, kind: PageKind, slug: string): Promise<PageView | null> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(
          and(
            eq(table.accountId, accountId),
            eq(table.kind, kind),
            eq(table.slug, slug),
            eq(table.status, "published"),
          ),
        )
        .limit(1),
    );
    return row ? view(row) : null;
  },

  async create(db: Db, site: MeteredSite, input: PageInput, authorId: string | null = null): Promise<PageView> {
    const { accountId } = site;
    const kind = input.kind ?? "page";
    const title = cleanText("title", input.title, 200, true);
    const slug = cleanSlug(input.slug, kind);
    const description = cleanText("description", input.description, 500);
    const socialImage = cleanImage(input.socialImage);
    const document = cleanPageDocument(input.document ?? { content: [], root: { props: {} } });
    const row = await withTenant(db, accountId, async (tx) => {
      if (kind === "page") await usage.guardCount(tx, site, "pages");
      await assertSlugFree(tx, accountId, kind, slug);
      const [r] = await tx
        .insert(table)
        .values({ accountId, kind, slug, title, description, socialImage, document, authorId })
        .returning()
        .catch((e) => slugRace(e, slug));
      return r;
    });
    return view(row);
  },

  /** Changes what is sent; a published page's old and new addresses are refreshed for visitors. */
  async update(
    db: Db,
    accountId: string,
    id: string,
    patch: Omit<PageInput, "kind">,
    kinds: readonly PageKind[] = ["page", "doc"],
  ): Promise<PageView> {
    const { before, after } = await withTenant(db, accountId, async (tx) => {
      const old = await load(tx, accountId, id, kinds);
      const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
      if (patch.title !== undefined) set.title = cleanText("title", patch.title, 200, true);
      if (patch.slug !== undefined) {
        set.slug = cleanSlug(patch.slug, old.kind);
        if (set.slug !== old.slug) await assertSlugFree(tx, accountId, old.kind, set.slug, id);
      }
      if (patch.description !== undefined) set.description = cleanText("description", patch.description, 500);
      if (patch.socialImage !== undefined) set.socialImage = cleanImage(patch.socialImage);
      if (patch.document !== undefined) set.document = cleanPageDocument(patch.document);
      const [r] = await tx
        .update(table)
        .set(set)
        .where(and(eq(table.accountId, accountId), eq(table.id, id)))
        .returning()
        .catch((e) => slugRace(e, set.slug ?? old.slug));
      return { before: old, after: r };
    });
    if (before.status === "published") {
      await pageCache.invalidatePaths(accountId, [
        ...new Set([...publicPaths(before.kind, before.slug), ...publicPaths(after.kind, after.slug)]),
      ]);
    }
    return view(after);
  },

  /** Publishes (visible at its address) or unpublishes (a draft again, 404 for visitors). */
  async setStatus(
    db: Db,
    accountId: string,
    id: string,
    status: ContentStatus,
    kinds: readonly PageKind[] = ["page", "doc"],
  ): Promise<PageView> {
    const row = await withTenant(db, accountId, async (tx) => {
      const old = await load(tx, accountId, id, kinds);
      const [r] = await tx
        .update(table)
        .set({
          status,
          publishedAt: status === "published" ? (old.publishedAt ?? new Date()) : old.publishedAt,
          updatedAt: new Date(),
        })
        .where(and(eq(table.accountId, accountId), eq(table.id, id)))
        .returning();
      return r;
    });
    await pageCache.invalidatePaths(accountId, publicPaths(row.kind, row.slug));
    return view(row);
  },

  async remove(db: Db, accountId: string, id: string, kinds: readonly PageKind[] = ["page", "doc"]): Promise<void> {
    const row = await withTenant(db, accountId, async (tx) => {
      const old = await load(tx, accountId, id, kinds);
      await tx.delete(table).where(and(eq(table.accountId, accountId), eq(table.id, id)));
      return old;
    });
    if (row.status === "published") await pageCache.invalidatePaths(accountId, publicPaths(row.kind, row.slug));
  },

  /** The published pages of a kind (the sitemap, the docs index): slug, title and dates only. */
  async listPublished(db: Db, accountId: string, kind: PageKind): Promise<PageSummary[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select(summaryColumns)
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.kind, kind), eq(table.status, "published")))
        .orderBy(table.title)
        .limit(1000),
    );
    return rows.map((r) => summary(r as Row));
  },
};
