// The media library: one row per uploaded file; the bytes live in the storage adapter (DATA_DIR or
// S3-compatible) under the site's bucket. `size` counts toward the plan's storage limit.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const media = pgTable(
  "media",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** Object key inside the site's bucket, e.g. media/{id}.png. */
    storageKey: text("storage_key").notNull(),
    /** The name the file was uploaded with (display only; the type comes from the content). */
    filename: text("filename").notNull(),
    /** The MIME type detected from the file's content. */
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    alt: text("alt").notNull().default(""),
    uploadedBy: text("uploaded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("media_account_key_idx").on(t.accountId, t.storageKey),
    index("media_account_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);
