// Writing courses: create (from the §9 description template), list the courses a member may edit,
// change details, settings, duration, certificate and status, co-instructors, delete. Every change
// that a visitor could see drops the cached /courses and /course/{slug} pages.
import { requireActiveAddon } from "../addons";
import { usage } from "../usage";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { listOrder } from "../../db/list-order";
import { splitDuration } from "../../../core/course-duration";
import type { CourseSettings, Duration } from "../../../core/curriculum";
import { isValidSlug, nextFreeSlug, SLUG_MAX, slugify } from "../../../core/slug";
import { containsPattern } from "../../../core/search-query";
import { hasCap } from "../../../core/roles";
import type { Tx } from "../../db/client";
import {
  type CertificateTemplate,
  type CourseAccess,
  courseAuthor,
  courseMeta,
  courses,
  members,
  roles,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { events } from "../events";
import { AppError, fieldError, notFound } from "../../errors";
import { sanitizeRichHtml } from "../html";
import { refreshCoursePages } from "./page-cache";
import type { CategoryView } from "../posts";
import { courseCategoriesOf, setCourseCategories } from "./categories";
import type { LearningCtx } from "./context";
import { assertCourseEditor, assertInstructor, isCourseManager } from "./guards";
import { loadCourse, META_DURATION, setCourseMeta } from "./read";

export type CourseStatus = "draft" | "published";
export type CourseAuthorView = { userId: string; name: string };
export type CourseSummary = {
  id: string;
  slug: string;
  title: string;
  status: CourseStatus;
  studentCount: number;
  updatedAt: string;
  publishedAt: string | null;
};
export type CourseView = CourseSummary & {
  excerpt: string;
  description: string;
  featuredImage: { image?: string | null };
  seats: number | null;
  access: CourseAccess;
  settings: CourseSettings;
  certificate: CertificateTemplate | null;
  courseDuration: { value: number; parameter: number } | null;
  authorId: string;
  authors: CourseAuthorView[];
  categories: CategoryView[];
};

export type CreateCourseInput = { title: string; slug?: string | null; categoryIds?: string[] };
export type UpdateCourseInput = {
  title?: string;
  slug?: string;
  excerpt?: string;
  description?: string;
  featuredImage?: { image?: string | null };
  seats?: number | null;
  access?: CourseAccess;
  courseDuration?: Duration | null;
  settings?: CourseSettings;
  certificate?: CertificateTemplate | null;
  status?: CourseStatus;
  categoryIds?: string[];
};
/** The columns the course list sorts by: title (case-insensitively), students, last change. */
export type CourseSort = { by: "title" | "students" | "updated"; dir: "asc" | "desc" };
export type CourseListQuery = {
  status?: CourseStatus | "all";
  q?: string;
  page?: number;
  perPage?: number;
  /** Newest change first without it. */
  sort?: CourseSort;
};

const summary = (c: typeof courses.$inferSelect): CourseSummary => ({
  id: c.id,
  slug: c.slug,
  title: c.title,
  status: c.status as CourseStatus,
  studentCount: c.studentCount,
  updatedAt: c.updatedAt.toISOString(),
  publishedAt: c.publishedAt?.toISOString() ?? null,
});

function checkTitle(title: string) {
  const t = title.trim();
  if (!t) throw fieldError("validation_failed", "title", "A title is required");
  if (t.length > 200) throw fieldError("validation_failed", "title", "Keep the title under 200 characters");
  return t;
}

async function slugsLike(tx: Tx, accountId: string, base: string) {
  const rows = await tx
    .select({ slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.accountId, accountId), ilike(courses.slug, `${base}%`)));
  return new Set(rows.map((r) => r.slug));
}

/** A duration as the editor shows it: seconds (parameter 1) become the largest whole unit. */
const shownDuration = (d: Duration | null) =>
  d
    ? d.parameter === 1 || d.parameter == null
      ? splitDuration(d.value)
      : { value: d.value, parameter: d.parameter }
    : null;

async function view(tx: Tx, ctx: LearningCtx, courseId: string): Promise<CourseView> {
  const { course, duration } = await loadCourse(tx, ctx.accountId, courseId);
  const authorRows = await tx
    .select({ userId: courseAuthor.authorId, name: members.name })
    .from(courseAuthor)
    .leftJoin(members, and(eq(members.accountId, courseAuthor.accountId), eq(members.userId, courseAuthor.authorId)))
    .where(and(eq(courseAuthor.accountId, ctx.accountId), eq(courseAuthor.courseId, courseId)));
  const cats = await courseCategoriesOf(tx, ctx.accountId, [courseId]);
  return {
    ...summary(course),
    excerpt: course.excerpt,
    description: course.description,
    featuredImage: course.featuredImage,
    seats: course.seats,
    access: course.access,
    settings: course.settings,
    certificate: course.certificate ?? null,
    courseDuration: shownDuration(duration),
    authorId: course.authorId,
    authors: authorRows.map((a) => ({ userId: a.userId, name: a.name ?? "" })),
    categories: cats.get(courseId) ?? [],
  };
}

export const authoring = {
  /**
   * Courses the member may edit (every course for managers), newest change first unless `sort`
   * names a column (ties keep that order, then the id).
   */
  async list(ctx: LearningCtx, query: CourseListQuery = {}) {
    assertInstructor(ctx);
    const page = Math.max(1, query.page ?? 1);
    const perPage = Math.min(100, Math.max(1, query.perPage ?? 20));
    return withTenant(ctx.db, ctx.accountId, async (tx) => {
      const where: SQL[] = [eq(courses.accountId, ctx.accountId)];
      if (query.status && query.status !== "all") where.push(eq(courses.status, query.status));
      if (query.q?.trim()) where.push(ilike(courses.title, containsPattern(query.q.trim())));
      if (!isCourseManager(ctx)) {
        const coAuthored = tx
          .select({ id: courseAuthor.courseId })
          .from(courseAuthor)
          .where(and(eq(courseAuthor.accountId, ctx.accountId), eq(courseAuthor.authorId, ctx.userId)));
        where.push(or(eq(courses.authorId, ctx.userId), inArray(courses.id, coAuthored)) as SQL);
      }
      const [total] = await tx
        .select({ n: count() })
        .from(courses)
        .where(and(...where));
      const order = listOrder(
        query.sort,
        { title: sql`lower(${courses.title})`, students: courses.studentCount, updated: courses.updatedAt },
        [desc(courses.updatedAt), desc(courses.id)],
      );
      const rows = await tx
        .select()
        .from(courses)
        .where(and(...where))
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { items: rows.map(summary), total: Number(total.n), page, perPage };
    });
  },

  get(ctx: LearningCtx, courseId: string): Promise<CourseView> {
    return withTenant(ctx.db, ctx.accountId, async (tx) => {
      await assertCourseEditor(tx, ctx, courseId);
      return view(tx, ctx, courseId);
    });
  },

  /** A draft course by the member; its description opens in the editor as the §9 template. */
  async create(ctx: LearningCtx, input: CreateCourseInput): Promise<CourseView> {
    assertInstructor(ctx);
    const title = checkTitle(input.title);
    return events.transaction(ctx.db, ctx.accountId, async (tx, out) => {
      await usage.guardCount(tx, ctx.site, "courses");
      let slug: string;
      if (input.slug?.trim()) {
        slug = checkSlug(input.slug);
        if ((await slugsLike(tx, ctx.accountId, slug)).has(slug)) throw slugClash(slug);
      } else {
        const base = slugify(title, "course");
        slug = nextFreeSlug(base, await slugsLike(tx, ctx.accountId, base));
      }
      const [row] = await tx
        .insert(courses)
        .values({ accountId: ctx.accountId, slug, title, authorId: ctx.userId })
        .returning({ id: courses.id });
      await tx.insert(courseAuthor).values({ accountId: ctx.accountId, courseId: row.id, authorId: ctx.userId });
      if (input.categoryIds?.length) await setCourseCategories(tx, ctx.accountId, row.id, input.categoryIds);
      // Tells the site's owner (instructor_createCourse touchpoint) unless they made it themself.
      out.push(
        await events.emit(
          tx,
          ctx.accountId,
          "instructor_createCourse",
          { courseId: row.id, userId: ctx.userId },
          ctx.userId,
        ),
      );
      return view(tx, ctx, row.id);
    });
  },

  async update(ctx: LearningCtx, courseId: string, input: UpdateCourseInput): Promise<CourseView> {
    const result = await events.transaction(ctx.db, ctx.accountId, async (tx, out) => {
      const { course } = await assertCourseEditor(tx, ctx, courseId);
      const patch: Partial<typeof courses.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) patch.title = checkTitle(input.title);
      if (input.slug !== undefined && input.slug !== course.slug) {
        patch.slug = checkSlug(input.slug);
        if ((await slugsLike(tx, ctx.accountId, patch.slug)).has(patch.slug)) throw slugClash(patch.slug);
      }
      if (input.excerpt !== undefined) patch.excerpt = input.excerpt.trim();
      if (input.description !== undefined) patch.description = sanitizeRichHtml(input.description);
      if (input.featuredImage !== undefined) patch.featuredImage = input.featuredImage;
      if (input.seats !== undefined) patch.seats = input.seats;
      if (input.access !== undefined) patch.access = input.access;
      if (input.settings !== undefined) patch.settings = input.settings;
      if (input.certificate !== undefined) {
        // Certificates are an addon (§3): switching one on needs a plan that includes it, and the
        // addon switched on for the site (decision 0033).
        if (input.certificate?.enabled && !course.certificate?.enabled) {
          await requireActiveAddon(tx, ctx.site, "certificates");
        }
        patch.certificate = input.certificate;
      }
      if (input.status !== undefined) {
        patch.status = input.status;
        if (input.status === "published" && !course.publishedAt) {
          patch.publishedAt = new Date();
          // A course's first publication (spec §9 trigger new_course_published) tells the owner.
          out.push(
            await events.emit(tx, ctx.accountId, "new_course_published", { courseId, userId: ctx.userId }, ctx.userId),
          );
        }
      }
      await tx
        .update(courses)
        .set(patch)
        .where(and(eq(courses.accountId, ctx.accountId), eq(courses.id, courseId)));
      // No duration = access without expiry: the meta row goes (meta_value cannot be null).
      if (input.courseDuration === null) {
        await tx
          .delete(courseMeta)
          .where(
            and(
              eq(courseMeta.accountId, ctx.accountId),
              eq(courseMeta.courseId, courseId),
              eq(courseMeta.metaKey, META_DURATION),
            ),
          );
      } else if (input.courseDuration !== undefined) {
        await setCourseMeta(tx, ctx.accountId, courseId, META_DURATION, input.courseDuration);
      }
      if (input.categoryIds !== undefined) await setCourseCategories(tx, ctx.accountId, courseId, input.categoryIds);
      return view(tx, ctx, courseId);
    });
    await refreshCoursePages(ctx.accountId);
    return result;
  },

  async remove(ctx: LearningCtx, courseId: string): Promise<void> {
    await withTenant(ctx.db, ctx.accountId, async (tx) => {
      await assertCourseEditor(tx, ctx, courseId);
      await tx.delete(courses).where(and(eq(courses.accountId, ctx.accountId), eq(courses.id, courseId)));
    });
    await refreshCoursePages(ctx.accountId);
  },

  /** Adds a co-instructor: a member of this site who may create courses (or manage the site). */
  addAuthor(ctx: LearningCtx, courseId: string, userId: string): Promise<CourseView> {
    return withTenant(ctx.db, ctx.accountId, async (tx) => {
      await assertCourseEditor(tx, ctx, courseId);
      const [m] = await tx
        .select({ caps: roles.caps })
        .from(members)
        .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
        .where(and(eq(members.accountId, ctx.accountId), eq(members.userId, userId)));
      if (!m) throw fieldError("validation_failed", "userId", "Not a member of this site");
      if (!hasCap(m.caps, "create_courses") && !hasCap(m.caps, "manage_options")) {
        throw fieldError("validation_failed", "userId", "This member cannot teach courses");
      }
      await tx
        .insert(courseAuthor)
        .values({ accountId: ctx.accountId, courseId, authorId: userId })
        .onConflictDoNothing();
      return view(tx, ctx, courseId);
    });
  },

  removeAuthor(ctx: LearningCtx, courseId: string, userId: string): Promise<CourseView> {
    return withTenant(ctx.db, ctx.accountId, async (tx) => {
      const { course } = await assertCourseEditor(tx, ctx, courseId);
      if (course.authorId === userId) throw new AppError("conflict", "The course's author cannot be removed");
      const gone = await tx
        .delete(courseAuthor)
        .where(
          and(
            eq(courseAuthor.accountId, ctx.accountId),
            eq(courseAuthor.courseId, courseId),
            eq(courseAuthor.authorId, userId),
          ),
        )
        .returning({ id: courseAuthor.authorId });
      if (!gone.length) throw notFound("Instructor");
      return view(tx, ctx, courseId);
    });
  },
};

function checkSlug(slug: string) {
  const s = slug.trim().toLowerCase();
  if (!isValidSlug(s)) {
    throw fieldError("validation_failed", "slug", `Use a-z, 0-9 and single hyphens (at most ${SLUG_MAX} characters)`);
  }
  return s;
}
const slugClash = (slug: string) => fieldError("conflict", "slug", `Another course already uses the slug "${slug}"`);
