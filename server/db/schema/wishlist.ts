// What the automation triggers need remembered: a member's saved courses (course_wishlisted), and the
// dripped items already announced to each enrolled student (drip_lesson_available), each keyed so a
// repeated or raced write records, and announces, nothing twice.
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import { courses } from "./courses";

/** A course a member saved for later (spec §9 course_wishlisted). */
export const courseWishlist = pgTable(
  "course_wishlist",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    /** users.id of the member. */
    userId: text("user_id").notNull(),
    courseId: uuid("course_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId, t.courseId] }),
    index("course_wishlist_user_idx").on(t.accountId, t.userId, t.createdAt),
    foreignKey({ columns: [t.accountId, t.courseId], foreignColumns: [courses.accountId, courses.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

/** A dripped item announced to an enrolled student as available (once per enrolment and item). */
export const dripReleases = pgTable(
  "drip_releases",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull(),
    /** users.id of the student. */
    studentId: text("student_id").notNull(),
    itemId: text("item_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.courseId, t.studentId, t.itemId] }),
    foreignKey({ columns: [t.accountId, t.courseId], foreignColumns: [courses.accountId, courses.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);
