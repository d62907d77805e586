// Transcripts of the media library's audio and video (made by speech-to-text, decision 0065, then
// corrected by a person): one per media item, with timed segments for the player and its captions
// (WebVTT), and the plain text for the site search (trigram and word indexes).
import { sql } from "drizzle-orm";
import { customType, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import { media } from "./media";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** One timed line: seconds from the start of the recording. */
export type TranscriptSegmentRow = { start: number; end: number; text: string };

export const transcripts = pgTable(
  "transcripts",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    mediaId: uuid("media_id").notNull(),
    /** The spoken language (ISO 639-1), as given or as detected. */
    language: text("language").notNull().default("en"),
    segments: jsonb("segments").$type<TranscriptSegmentRow[]>().notNull().default([]),
    /** The segments' text joined, for search. */
    text: text("text").notNull().default(""),
    /** When a person last corrected it (null: as transcribed), and who (users.id). */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    editedBy: text("edited_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql.raw(`to_tsvector('simple', coalesce(text, ''))`)),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mediaId] }),
    foreignKey({ columns: [t.accountId, t.mediaId], foreignColumns: [media.accountId, media.id] }).onDelete("cascade"),
    index("transcripts_search_idx").using("gin", t.search),
    index("transcripts_text_trgm_idx").using("gin", sql`${t.text} gin_trgm_ops`),
    ...tenantPolicies(),
  ],
);
