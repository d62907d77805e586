// What the public course page shows (spec §2 /course/{slug}): the published course with its
// instructors, rating, seats left, duration, outline (titles only, never content) and reviews, plus
// where the signed-in viewer stands (enrolled or not, their own review).
import { and, desc, eq } from "drizzle-orm";
import type { CourseOffer } from "../../../core/course-offer";
import { countedItems, type CurriculumPostType, type Duration } from "../../../core/curriculum";
import type { Db } from "../../db/client";
import { courseReviews, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { courseOffers } from "../commerce";
import { courseInstructors, loadCourse } from "../courses";
import { findEnrolment } from "../enrolment";
import { excerptOf } from "../../../core/post-slug";
import { withoutEmptySections } from "../../../core/course-template";
import { htmlToText, sanitizeRichHtml } from "../html";
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
  /** One line for search engines and link previews: the excerpt, else the start of the description. */
  summary: string;
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
  /** How the course is offered (core/course-offer.ts): free, sold (and by what), or private. */
  offer: CourseOffer;
};

/** A published course of this site by its slug; drafts and other sites' slugs are not found. */
export async function coursePage(db: Db, accountId: string, slug: string, viewerId: string | null) {
  return withTenant(db, accountId, async (tx): Promise<CoursePage> => {
    const [row] = await tx
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.accountId, accountId), eq(courses.slug, slug), eq(courses.status, "published")));
    if (!row) throw notFound("Course");
    const { course, curriculum, duration } = await loadCourse(tx, accountId, row.id);
    // One statement at a time: they share the transaction's connection.
    const instructorIds = await courseInstructors(tx, accountId, course.id);
    const ratings = await ratingsOf(tx, accountId, [course.id]);
    const reviewRows = await tx
      .select()
      .from(courseReviews)
      .where(and(eq(courseReviews.accountId, accountId), eq(courseReviews.courseId, course.id)))
      .orderBy(desc(courseReviews.updatedAt))
      .limit(REVIEWS_SHOWN);
    const enrolment = viewerId ? await findEnrolment(tx, accountId, course.id, viewerId) : null;
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
    // Sanitised on save too; read again here so the public page never trusts what is stored. The
    // template's sections the author left empty are not shown.
    const description = withoutEmptySections(sanitizeRichHtml(course.description));
    return {
      id: course.id,
      slug: course.slug,
      title: course.title,
      excerpt: course.excerpt,
      description,
      summary: course.excerpt.trim() || excerptOf(htmlToText(description), 160),
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
      offer: (await courseOffers(tx, accountId, [course])).get(course.id) ?? { kind: "private" },
    };
  });
}
