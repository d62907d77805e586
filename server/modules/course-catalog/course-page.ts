// What the public course page shows (spec §2 /course/{slug}): the published course with its
// instructors, rating, seats left, duration, outline (titles only, never content) and reviews, plus
// where the signed-in viewer stands (enrolled or not, their own review).
import { and, desc, eq, sql } from "drizzle-orm";
import { countedItems, type CurriculumPostType, type Duration } from "../../../core/curriculum";
import { priceOf, type ProductMetadata } from "../../../core/product";
import type { Db, Tx } from "../../db/client";
import { courseReviews, courses, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { courseInstructors, loadCourse } from "../courses";
import { findEnrolment } from "../enrolment";
import { sanitizeRichHtml } from "../html";
import { membersByUser, ratingsOf } from "./listing";

/** How many reviews the page lists (newest first). */
export const REVIEWS_SHOWN = 50;

/** Item ids are public (they open nothing without an enrolment); content never leaves here. */
export type OutlineItem = { id: string | null; type: CurriculumPostType; title: string };
export type PublicReview = {
  id: string;
  rating: number;
  title: string;
  review: string;
  author: string;
  updatedAt: string;
  mine: boolean;
};

export type CoursePage = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  description: string;
  image: string | null;
  access: "free" | "private";
  publishedAt: string | null;
  instructors: { userId: string; name: string; slug: string }[];
  rating: number;
  reviewCount: number;
  students: number;
  seats: number | null;
  seatsLeft: number | null;
  duration: Duration | null;
  outline: OutlineItem[];
  itemCount: number;
  reviews: PublicReview[];
  viewer: { enrolled: boolean; myReview: PublicReview | null } | null;
  /** The cheapest published, priced product that grants this course: what "Add to cart" buys. */
  product: { id: string; title: string; image: string | null; metadata: ProductMetadata } | null;
};

async function cheapestProductFor(tx: Tx, accountId: string, courseId: string) {
  const rows = await tx
    .select({ id: products.id, title: products.title, image: products.image, metadata: products.metadata })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.status, "published"),
        sql`${products.courseIds} @> ${JSON.stringify([courseId])}::jsonb`,
      ),
    );
  const priced = rows.filter((p) => priceOf(p.metadata));
  priced.sort((a, b) => (priceOf(a.metadata)?.amount ?? 0) - (priceOf(b.metadata)?.amount ?? 0));
  return priced[0] ?? null;
}

/** A published course of this site by its slug; drafts and other sites' slugs are not found. */
export async function coursePage(db: Db, accountId: string, slug: string, viewerId: string | null) {
  return withTenant(db, accountId, async (tx): Promise<CoursePage> => {
    const [row] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.slug, slug), eq(courses.status, "published")));
    if (!row) throw notFound("Course");
    const { course, curriculum, duration } = await loadCourse(tx, accountId, row.id);
    const [instructorIds, ratings, reviewRows, enrolment] = await Promise.all([
      courseInstructors(tx, accountId, course.id),
      ratingsOf(tx, accountId, [course.id]),
      tx
        .select()
        .from(courseReviews)
        .where(and(eq(courseReviews.accountId, accountId), eq(courseReviews.courseId, course.id)))
        .orderBy(desc(courseReviews.updatedAt))
        .limit(REVIEWS_SHOWN),
      viewerId ? findEnrolment(tx, accountId, course.id, viewerId) : Promise.resolve(null),
    ]);
    const people = await membersByUser(tx, accountId, [...instructorIds, ...reviewRows.map((r) => r.studentId)]);
    const reviews = reviewRows.map(
      (r): PublicReview => ({
        id: r.id,
        rating: r.rating,
        title: r.title,
        review: r.review,
        author: people.get(r.studentId)?.name ?? "",
        updatedAt: r.updatedAt.toISOString(),
        mine: r.studentId === viewerId,
      }),
    );
    let myReview = reviews.find((r) => r.mine) ?? null;
    if (viewerId && !myReview) {
      // The viewer's own review may be older than the shown ones; it is always editable.
      const [own] = await tx
        .select()
        .from(courseReviews)
        .where(
          and(
            eq(courseReviews.accountId, accountId),
            eq(courseReviews.courseId, course.id),
            eq(courseReviews.studentId, viewerId),
          ),
        );
      if (own) {
        myReview = {
          id: own.id,
          rating: own.rating,
          title: own.title,
          review: own.review,
          author: people.get(viewerId)?.name ?? "",
          updatedAt: own.updatedAt.toISOString(),
          mine: true,
        };
      }
    }
    return {
      id: course.id,
      slug: course.slug,
      title: course.title,
      excerpt: course.excerpt,
      // Sanitised on save too; read again here so the public page never trusts what is stored.
      description: sanitizeRichHtml(course.description),
      image: course.featuredImage?.image ?? null,
      access: course.access,
      publishedAt: course.publishedAt?.toISOString() ?? null,
      instructors: instructorIds.flatMap((id) => {
        const m = people.get(id);
        return m ? [{ userId: id, name: m.name, slug: m.slug }] : [];
      }),
      rating: ratings.get(course.id)?.rating ?? 0,
      reviewCount: ratings.get(course.id)?.reviews ?? 0,
      students: course.studentCount,
      seats: course.seats,
      seatsLeft: course.seats == null ? null : Math.max(0, course.seats - course.studentCount),
      duration,
      outline: curriculum.map((i) => ({ id: i.id ?? null, type: i.post_type, title: i.title })),
      itemCount: countedItems(curriculum).length,
      reviews,
      viewer: viewerId ? { enrolled: Boolean(enrolment), myReview } : null,
      product: await cheapestProductFor(tx, accountId, course.id),
    };
  });
}
