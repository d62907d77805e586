// Messages between a site's members (spec §2 /dashboard/messages, §3 chat notifications): direct
// chats (one per pair, kept unique by `direct_key`) and group conversations with a title, which a
// group of the site may own (`group_id`). Each member's read mark and mute live on chat_members;
// blocks are per pair of people. Bodies are stored already masked by the profanity filter.
import { sql } from "drizzle-orm";
import {
  boolean,
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
import { members } from "./members";

export const CHAT_KINDS = ["direct", "group"] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const chats = pgTable(
  "chats",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    kind: text("kind", { enum: CHAT_KINDS }).$type<ChatKind>().notNull(),
    title: text("title"),
    /** The two user ids of a direct chat, sorted and joined by a space: one direct chat per pair. */
    directKey: text("direct_key"),
    /** The site group whose conversation this is (syncGroupChat). */
    groupId: uuid("group_id"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("chats_direct_key_idx").on(t.accountId, t.directKey).where(sql`direct_key is not null`),
    uniqueIndex("chats_group_idx").on(t.accountId, t.groupId).where(sql`group_id is not null`),
    ...tenantPolicies(),
  ],
);

export const chatMembers = pgTable(
  "chat_members",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    chatId: uuid("chat_id").notNull(),
    userId: text("user_id").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    lastReadMessageId: uuid("last_read_message_id"),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    muted: boolean("muted").notNull().default(false),
    /** A chat notification for this chat is unread in the member's bell: no second one until it is read. */
    notified: boolean("notified").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.chatId, t.userId] }),
    index("chat_members_user_idx").on(t.accountId, t.userId),
    foreignKey({ columns: [t.accountId, t.chatId], foreignColumns: [chats.accountId, chats.id] }).onDelete("cascade"),
    foreignKey({ columns: [t.accountId, t.userId], foreignColumns: [members.accountId, members.userId] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

export const messages = pgTable(
  "messages",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    chatId: uuid("chat_id").notNull(),
    /** The author's user id; kept when they leave the site (shown as a former member). */
    authorId: text("author_id").notNull(),
    body: text("body").notNull(),
    /** Ids of files of the site's media library. */
    attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: text("deleted_by"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("messages_chat_created_idx").on(t.accountId, t.chatId, t.createdAt, t.id),
    foreignKey({ columns: [t.accountId, t.chatId], foreignColumns: [chats.accountId, chats.id] }).onDelete("cascade"),
    ...tenantPolicies(),
  ],
);

export const chatBlocks = pgTable(
  "chat_blocks",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    blockerId: text("blocker_id").notNull(),
    blockedId: text("blocked_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.blockerId, t.blockedId] }),
    index("chat_blocks_blocked_idx").on(t.accountId, t.blockedId),
    foreignKey({ columns: [t.accountId, t.blockerId], foreignColumns: [members.accountId, members.userId] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.accountId, t.blockedId], foreignColumns: [members.accountId, members.userId] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);
