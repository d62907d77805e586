// Learning (spec §3): courses with their meta (courseDuration, curriculum), authors, the units,
// quizzes and assignments a curriculum lists, enrolments (course_students), submissions,
// certificates, reviews, and member_meta (assigned_quiz). Course categories are terms with the
// taxonomy "course_category" linked through term_object_relationship.
import { sql } from "drizzle-orm";
import {
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CourseSettings, CurriculumDataItem } from "../../../core/curriculum";
import type { Answers, Question, QuizMarking, QuizSettings } from "../../../core/quiz";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";
import type { ContentStatus } from "./content";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Who may enrol directly: `free` courses from their page; `private` ones only through the owner or a product. */
export type CourseAccess = "free" | "private";

/** A course certificate's template: a heading and a body with {{student}}, {{course}}, {{date}}, {{code}}. */
export type CertificateTemplate = { enabled: boolean; title: string; body: string; signature?: string };

export const courses = pgTable(
  "courses",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** One line under the title on the course page and cards. */
    excerpt: text("excerpt").notNull().default(""),
    /** Sanitised rich HTML; a new course starts from the §9 template sections. */
    description: text("description").notNull().default(""),
    /** Spec §3 featured_image.image. */
    featuredImage: jsonb("featured_image").$type<{ image?: string | null }>().notNull().default({}),
    /** The creating instructor's users.id (spec §3 author_id); co-instructors are in course_author. */
    authorId: text("author_id").notNull(),
    /** Seat limit; null = unlimited. */
    seats: integer("seats"),
    /** Enrolments held, kept in step with course_students under a row lock. */
    studentCount: integer("student_count").notNull().default(0),
    access: text("access").$type<CourseAccess>().notNull().default("free"),
    settings: jsonb("settings").$type<CourseSettings>().notNull().default({}),
    certificate: jsonb("certificate").$type<CertificateTemplate | null>(),
    status: text("status").$type<ContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: tsvector("search").generatedAlwaysAs(sql.raw(`to_tsvector('simple', coalesce(title, ''))`)),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("courses_account_slug_idx").on(t.accountId, t.slug),
    index("courses_listing_idx").on(t.accountId, t.status, t.publishedAt),
    index("courses_search_idx").using("gin", t.search),
    index("courses_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    check("courses_seats_check", sql`seats is null or seats >= 0`),
    ...tenantPolicies(),
  ],
);

// biome-ignore lint/suspicious/noExplicitAny: drizzle's extra-config column type is internal; any table with account_id and course_id fits.
const courseRef = (t: { accountId: any; courseId: any }) =>
  foreignKey({ columns: [t.accountId, t.courseId], foreignColumns: [courses.accountId, courses.id] }).onDelete(
    "cascade",
  );

/** Spec §3 course_meta: courseDuration ({ value, parameter }) and curriculum (CurriculumItem[]). */
export const courseMeta = pgTable(
  "course_meta",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull(),
    metaKey: text("meta_key").notNull(),
    metaValue: jsonb("meta_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.courseId, t.metaKey] }), courseRef(t), ...tenantPolicies()],
);

/** Spec §3 course_author: the instructors of a course (the course-instructor lookup). */
export const courseAuthor = pgTable(
  "course_author",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull(),
    /** users.id of the instructor. */
    authorId: text("author_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.courseId, t.authorId] }),
    index("course_author_author_idx").on(t.accountId, t.authorId),
    courseRef(t),
    ...tenantPolicies(),
  ],
);

/** A unit: rich text, a video (upload or embed URL) and downloads. */
export type UnitVideo = { kind: "upload"; url: string; mediaId?: string } | { kind: "embed"; url: string };
export type UnitDownload = { name: string; url: string; mediaId?: string; size?: number };

export const units = pgTable(
  "units",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    authorId: text("author_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    video: jsonb("video").$type<UnitVideo | null>(),
    downloads: jsonb("downloads").$type<UnitDownload[]>().notNull().default([]),
    /** Expected length in seconds (shown in the outline). */
    duration: integer("duration"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

export const quizzes = pgTable(
  "quizzes",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    authorId: text("author_id").notNull(),
    title: text("title").notNull(),
    /** Instructions shown before the quiz starts. */
    content: text("content").notNull().default(""),
    questions: jsonb("questions").$type<Question[]>().notNull().default([]),
    settings: jsonb("settings").$type<QuizSettings>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

/** Assignment settings: the marks it is out of and what a student may hand in. */
export type AssignmentSettings = { maxMarks?: number; submissionType?: "text" | "file" | "both" };

export const assignments = pgTable(
  "assignments",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    authorId: text("author_id").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    settings: jsonb("settings").$type<AssignmentSettings>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.id] }), ...tenantPolicies()],
);

/** Spec §3 course_students (enrolment). */
export const courseStudents = pgTable(
  "course_students",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    courseId: uuid("course_id").notNull(),
    /** users.id of the student. */
    studentId: text("student_id").notNull(),
    /** 1 enrolled, 2 started; other values are set by the instructor. */
    status: smallint("status").notNull().default(1),
    /** First opening of an item (served as startAt in unix seconds). */
    startAt: timestamp("start_at", { withTimezone: true }),
    expiry: timestamp("expiry", { withTimezone: true }).notNull(),
    curriculumData: jsonb("curriculum_data").$type<CurriculumDataItem[]>().notNull().default([]),
    progress: smallint("progress").notNull().default(0),
    marks: integer("marks").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.courseId, t.studentId] }),
    index("course_students_student_idx").on(t.accountId, t.studentId),
    courseRef(t),
    check("course_students_progress_check", sql`progress between 0 and 100`),
    ...tenantPolicies(),
  ],
);

/** One attempt at a quiz (spec §3 quiz_submissions); status ≥ 3 = complete. */
export const quizSubmissions = pgTable(
  "quiz_submissions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    quizId: uuid("quiz_id").notNull(),
    /** The course it was taken in; null for a quiz assigned to a member directly. */
    courseId: uuid("course_id"),
    studentId: text("student_id").notNull(),
    attempt: integer("attempt").notNull().default(1),
    status: smallint("status").notNull().default(1),
    marks: integer("marks"),
    maxMarks: integer("max_marks"),
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    marking: jsonb("marking").$type<QuizMarking | null>(),
    feedback: text("feedback"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** Server-side end of a timed attempt; answers after it are refused. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("quiz_submissions_attempt_idx").on(t.accountId, t.quizId, t.studentId, t.attempt),
    index("quiz_submissions_course_idx").on(t.accountId, t.courseId, t.studentId),
    index("quiz_submissions_queue_idx").on(t.accountId, t.quizId, t.status),
    foreignKey({ columns: [t.accountId, t.quizId], foreignColumns: [quizzes.accountId, quizzes.id] }).onDelete(
      "cascade",
    ),
    ...tenantPolicies(),
  ],
);

export type SubmittedFile = { mediaId: string; name: string; url: string; mime: string; size: number };

/** Spec §3 assignment_submissions; complete with status ≥ 3 and marks. */
export const assignmentSubmissions = pgTable(
  "assignment_submissions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    assignmentId: uuid("assignment_id").notNull(),
    courseId: uuid("course_id"),
    studentId: text("student_id").notNull(),
    status: smallint("status").notNull().default(2),
    marks: integer("marks"),
    content: text("content").notNull().default(""),
    files: jsonb("files").$type<SubmittedFile[]>().notNull().default([]),
    feedback: text("feedback"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("assignment_submissions_student_idx").on(t.accountId, t.assignmentId, t.studentId),
    index("assignment_submissions_course_idx").on(t.accountId, t.courseId, t.studentId),
    index("assignment_submissions_queue_idx").on(t.accountId, t.assignmentId, t.status),
    foreignKey({
      columns: [t.accountId, t.assignmentId],
      foreignColumns: [assignments.accountId, assignments.id],
    }).onDelete("cascade"),
    ...tenantPolicies(),
  ],
);

/** A certificate earned by completing a course; `code` is public and verifies it at /certificate/{code}. */
export const certificates = pgTable(
  "certificates",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    code: text("code").notNull(),
    courseId: uuid("course_id").notNull(),
    studentId: text("student_id").notNull(),
    /** Names as they were when it was issued (a certificate does not change later). */
    studentName: text("student_name").notNull(),
    courseTitle: text("course_title").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("certificates_code_idx").on(t.code),
    uniqueIndex("certificates_student_course_idx").on(t.accountId, t.courseId, t.studentId),
    courseRef(t),
    ...tenantPolicies(),
  ],
);

/** Spec §3 Review: rating, title, review; one per enrolled student per course. */
export const courseReviews = pgTable(
  "course_reviews",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    courseId: uuid("course_id").notNull(),
    studentId: text("student_id").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    review: text("review").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("course_reviews_student_idx").on(t.accountId, t.courseId, t.studentId),
    courseRef(t),
    check("course_reviews_rating_check", sql`rating between 1 and 5`),
    ...tenantPolicies(),
  ],
);

/** Spec §3 member_meta (assigned_quiz → a quiz id). */
export const memberMeta = pgTable(
  "member_meta",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    userId: text("user_id").notNull(),
    metaKey: text("meta_key").notNull(),
    metaValue: jsonb("meta_value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("member_meta_user_key_idx").on(t.accountId, t.userId, t.metaKey),
    ...tenantPolicies(),
  ],
);
