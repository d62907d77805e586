// Gamification (spec §2 points, §3 points log) and the members' activity feed (spec §2
// /dashboard/activity). Each row is keyed by where it came from (`source_key`: an event id, or an
// activity a member can earn once), so a redelivered event or a raced visit writes nothing twice.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

/** Points log (spec §3): points by account_id and user_id, one row per thing that earned them. */
export const pointsLog = pgTable(
  "points_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    /** users.id of the member. */
    userId: text("user_id").notNull(),
    points: integer("points").notNull(),
    /** The activity (core/points POINT_ACTIVITIES). */
    reason: text("reason").notNull(),
    /** What earned them: `lesson_completed:<course>:<item>:<user>`, `daily_visit:<user>:<day>`, … */
    sourceKey: text("source_key").notNull(),
    courseId: uuid("course_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("points_log_source_key").on(t.accountId, t.sourceKey),
    index("points_log_user_idx").on(t.accountId, t.userId, t.createdAt),
    index("points_log_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);

/** A member's first dashboard view of a day (UTC), for the daily-visit points. */
export const memberVisits = pgTable(
  "member_visits",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    day: date("day").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.day] }), ...tenantPolicies()],
);

/** The activity feed: what members did, written by the event subscribers. */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    /** enrolled, completed_unit, completed_course, passed_quiz, reviewed, posted, earned_points. */
    kind: text("kind").notNull(),
    /** Shown to everyone on the site (names only), or to the member alone. */
    isPublic: boolean("is_public").notNull().default(true),
    courseId: uuid("course_id"),
    groupId: uuid("group_id"),
    points: integer("points"),
    sourceKey: text("source_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("activities_source_key").on(t.accountId, t.sourceKey),
    index("activities_feed_idx").on(t.accountId, t.createdAt.desc(), t.id),
    index("activities_user_idx").on(t.accountId, t.userId, t.createdAt.desc()),
    index("activities_public_idx").on(t.accountId, t.createdAt.desc()).where(sql`${t.isPublic}`),
    ...tenantPolicies(),
  ],
);
