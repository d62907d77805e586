// What a site publishes: pages built from blocks, blog posts, categories (spec §3
// term_object_relationship), and the platform's own docs (staff product updates are platform_updates). Titles are searched
// with PostgreSQL text search (the generated `search` column) and trigram indexes (spec §7 search).
import { type SQL, sql } from "drizzle-orm";
import {
  customType,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The 'simple' configuration: no stemming, so any of the 20 site languages matches word for word. */
const titleVector = (column: string): SQL => sql.raw(`to_tsvector('simple', coalesce(${column}, ''))`);

/** Published or not; only published content is visible to visitors, search and the sitemap. */
export type ContentStatus = "draft" | "published";

/** A page's block document: the editor's own data shape ({ content: [...blocks], root: { props } }). */
export type PageDocument = { content: unknown[]; root?: { props?: Record<string, unknown> }; zones?: unknown };

/** Pages: `page` is a site page at /{slug} (slug "home" is the site home); `doc` a platform doc at /docs/{slug}. */
export const pages = pgTable(
  "pages",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    kind: text("kind").$type<"page" | "doc">().notNull().default("page"),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** Meta description and Open Graph description. */
    description: text("description").notNull().default(""),
    /** Open Graph image URL (usually a media library URL). */
    socialImage: text("social_image"),
    document: jsonb("document").$type<PageDocument>().notNull().default({ content: [] }),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    /** The member who wrote it (members.id); kept when the member leaves, shown as unknown then. */
    authorId: uuid("author_id"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When it was first published: set once, so new_post_published is announced once per post. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(titleVector("title")),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("pages_account_kind_slug_idx").on(t.accountId, t.kind, t.slug),
    index("pages_search_idx").using("gin", t.search),
    index("pages_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    ...tenantPolicies(),
  ],
);

/** Blog posts (spec §3 posts: slug, settings.featured); categories through term_object_relationship. */
export const posts = pgTable(
  "posts",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    /** Sanitised HTML from the rich-text editor. */
    content: text("content").notNull().default(""),
    coverImage: text("cover_image"),
    /** Spec §3 posts.settings: { featured }. */
    settings: jsonb("settings").$type<{ featured?: boolean }>().notNull().default({}),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    /** The member who wrote it (members.id); kept when the member leaves, shown as unknown then. */
    authorId: uuid("author_id"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When it was first published: set once, so new_post_published is announced once per post. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(titleVector("title")),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("posts_account_slug_idx").on(t.accountId, t.slug),
    index("posts_listing_idx").on(t.accountId, t.status, t.publishedAt),
    index("posts_search_idx").using("gin", t.search),
    index("posts_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    ...tenantPolicies(),
  ],
);

/** Categories (taxonomy "category" for posts; later "course_category" for courses). */
export const terms = pgTable(
  "terms",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    taxonomy: text("taxonomy").notNull().default("category"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("terms_account_taxonomy_slug_idx").on(t.accountId, t.taxonomy, t.slug),
    ...tenantPolicies(),
  ],
);

/** Spec §3 term_object_relationship: term_id, object_id, account_id (object = a post, later a course). */
export const termObjectRelationship = pgTable(
  "term_object_relationship",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    termId: uuid("term_id").notNull(),
    objectId: uuid("object_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.termId, t.objectId] }),
    index("term_object_relationship_object_idx").on(t.accountId, t.objectId),
    foreignKey({ columns: [t.accountId, t.termId], foreignColumns: [terms.accountId, terms.id] }).onDelete("cascade"),
    ...tenantPolicies(),
  ],
);
