// The public course list (spec §2 /course, /course/category): published courses of one site as
// cards, nine a page, optionally one category's; and the course categories with their counts.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { CourseOffer } from "../../../core/course-offer";
import { averageRating } from "../../../core/quiz";
import type { Db, Tx } from "../../db/client";
import { courseReviews, courses, members, termObjectRelationship, terms } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { courseOffers } from "../commerce";

export const COURSE_TAXONOMY = "course_category";
export const COURSES_PER_PAGE = 9;

export type CourseCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  access: "free" | "private";
  /** How the course is offered: free, sold (the products and memberships that sell it) or private. */
  offer: CourseOffer;
  instructor: { name: string; slug: string } | null;
  rating: number;
  reviews: number;
  students: number;
};

export type CourseCategory = { id: string; name: string; slug: string; courses: number };

/** Ratings of several courses at once: average (core rule) and count per course. */
export async function ratingsOf(tx: Tx, accountId: string, courseIds: string[]) {
  const out = new Map<string, { rating: number; reviews: number }>();
  if (!courseIds.length) return out;
  const rows = await tx
    .select({ courseId: courseReviews.courseId, rating: courseReviews.rating })
    .from(courseReviews)
    .where(and(eq(courseReviews.accountId, accountId), inArray(courseReviews.courseId, courseIds)));
  for (const id of courseIds) {
    const ratings = rows.filter((r) => r.courseId === id).map((r) => r.rating);
    out.set(id, { rating: averageRating(ratings), reviews: ratings.length });
  }
  return out;
}

/** Members by users id (name and profile slug), for instructors and reviewers. */
export async function membersByUser(tx: Tx, accountId: string, userIds: string[]) {
  const out = new Map<string, { name: string; slug: string }>();
  if (!userIds.length) return out;
  const rows = await tx
    .select({ userId: members.userId, name: members.name, slug: members.slug })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, [...new Set(userIds)])));
  for (const r of rows) out.set(r.userId, { name: r.name, slug: r.slug });
  return out;
}

async function categoryBySlug(tx: Tx, accountId: string, slug: string) {
  const [row] = await tx
    .select({ id: terms.id, name: terms.name, slug: terms.slug })
    .from(terms)
    .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, COURSE_TAXONOMY), eq(terms.slug, slug)));
  if (!row) throw notFound("Course category");
  return row;
}

/** One page of published courses, newest first; with `category`, that category's (404 if unknown). */
export async function listCourses(db: Db, accountId: string, opts: { page?: number; category?: string } = {}) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  return withTenant(db, accountId, async (tx) => {
    const category = opts.category ? await categoryBySlug(tx, accountId, opts.category) : null;
    const where = and(
      eq(courses.accountId, accountId),
      eq(courses.status, "published"),
      category
        ? inArray(
            courses.id,
            tx
              .select({ id: termObjectRelationship.objectId })
              .from(termObjectRelationship)
              .where(
                and(eq(termObjectRelationship.accountId, accountId), eq(termObjectRelationship.termId, category.id)),
              ),
          )
        : undefined,
    );
    const [{ n }] = await tx.select({ n: count() }).from(courses).where(where);
    const rows = await tx
      .select()
      .from(courses)
      .where(where)
      .orderBy(desc(courses.publishedAt), courses.id)
      .offset((page - 1) * COURSES_PER_PAGE)
      .limit(COURSES_PER_PAGE);
    const ids = rows.map((r) => r.id);
    // One statement at a time: they share the transaction's connection.
    const ratings = await ratingsOf(tx, accountId, ids);
    const people = await membersByUser(
      tx,
      accountId,
      rows.map((r) => r.authorId),
    );
    const offers = await courseOffers(tx, accountId, rows);
    const items: CourseCard[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      excerpt: r.excerpt,
      image: r.featuredImage?.image ?? null,
      access: r.access,
      offer: offers.get(r.id) ?? { kind: "private" },
      instructor: people.get(r.authorId) ?? null,
      rating: ratings.get(r.id)?.rating ?? 0,
      reviews: ratings.get(r.id)?.reviews ?? 0,
      students: r.studentCount,
    }));
    return { items, total: Number(n), page, perPage: COURSES_PER_PAGE, category };
  });
}

/** The course categories with how many published courses each holds, by name. */
export async function listCourseCategories(db: Db, accountId: string): Promise<CourseCategory[]> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({
        id: terms.id,
        name: terms.name,
        slug: terms.slug,
        courses: sql<number>`count(${courses.id})::int`,
      })
      .from(terms)
      .leftJoin(
        termObjectRelationship,
        and(eq(termObjectRelationship.accountId, terms.accountId), eq(termObjectRelationship.termId, terms.id)),
      )
      .leftJoin(
        courses,
        and(
          eq(courses.accountId, terms.accountId),
          eq(courses.id, termObjectRelationship.objectId),
          eq(courses.status, "published"),
        ),
      )
      .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, COURSE_TAXONOMY)))
      .groupBy(terms.id, terms.name, terms.slug)
      .orderBy(terms.name);
    return rows.map((r) => ({ ...r, courses: Number(r.courses) }));
  });
}
