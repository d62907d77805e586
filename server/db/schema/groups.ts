// Groups (issue 15): a site's groups, their members with a role and a status, and each group's
// discussion feed of posts with comments and reactions (one of a fixed set per member, post and kind).
// A group may be linked to one course or one membership, whose students or members it then holds.
import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { GroupMemberStatus, GroupPrivacy, GroupReaction, GroupRole } from "../../../core/groups";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const groups = pgTable(
  "groups",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    privacy: text("privacy").$type<GroupPrivacy>().notNull().default("open"),
    /** The course whose students are members (null: none). */
    courseId: uuid("course_id"),
    /** The membership whose active holders are members (null: none). */
    membershipId: uuid("membership_id"),
    /** users.id of the creator. */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql.raw(`to_tsvector('simple', coalesce(title, ''))`)),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("groups_created_idx").on(t.accountId, t.createdAt),
    index("groups_course_idx").on(t.accountId, t.courseId),
    index("groups_membership_idx").on(t.accountId, t.membershipId),
    index("groups_search_idx").using("gin", t.search),
    index("groups_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    ...tenantPolicies(),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    groupId: uuid("group_id").notNull(),
    /** users.id of the member. */
    userId: text("user_id").notNull(),
    role: text("role").$type<GroupRole>().notNull().default("member"),
    status: text("status").$type<GroupMemberStatus>().notNull().default("active"),
    /** Whether the member is told in the bell of others' new posts. */
    notifyPosts: boolean("notify_posts").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.userId] }),
    index("group_members_user_idx").on(t.accountId, t.userId),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

export const groupPosts = pgTable(
  "group_posts",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    groupId: uuid("group_id").notNull(),
    /** users.id of the author. */
    userId: text("user_id").notNull(),
    /** Sanitised rich HTML with its text masked by the profanity filter. */
    body: text("body").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("group_posts_feed_idx").on(t.accountId, t.groupId, t.createdAt.desc(), t.id.desc()),
    foreignKey({ columns: [t.accountId, t.groupId], foreignColumns: [groups.accountId, groups.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

export const groupComments = pgTable(
  "group_comments",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    postId: uuid("post_id").notNull(),
    userId: text("user_id").notNull(),
    /** Sanitised rich HTML, masked like posts. */
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("group_comments_post_idx").on(t.accountId, t.postId, t.createdAt),
    foreignKey({ columns: [t.accountId, t.postId], foreignColumns: [groupPosts.accountId, groupPosts.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

export const groupReactions = pgTable(
  "group_reactions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    postId: uuid("post_id").notNull(),
    userId: text("user_id").notNull(),
    kind: text("kind").$type<GroupReaction>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.postId, t.userId, t.kind] }),
    foreignKey({ columns: [t.accountId, t.postId], foreignColumns: [groupPosts.accountId, groupPosts.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);
