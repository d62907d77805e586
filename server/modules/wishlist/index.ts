// A member's wishlist: published courses they saved for later (spec §9 course_wishlisted). Saving
// is keyed on (site, member, course), so a repeated or raced save stores and announces it once.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courseWishlist, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound, requireUuid } from "../../errors";
import { events } from "../events";

export type WishlistEntry = {
  courseId: string;
  title: string;
  slug: string;
  image: string | null;
  savedAt: string;
};

export const wishlist = {
  /** The member's saved courses that are still published, newest first. */
  async list(db: Db, accountId: string, userId: string): Promise<WishlistEntry[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({
          courseId: courseWishlist.courseId,
          title: courses.title,
          slug: courses.slug,
          featuredImage: courses.featuredImage,
          savedAt: courseWishlist.createdAt,
        })
        .from(courseWishlist)
        .innerJoin(
          courses,
          and(eq(courses.accountId, courseWishlist.accountId), eq(courses.id, courseWishlist.courseId)),
        )
        .where(
          and(
            eq(courseWishlist.accountId, accountId),
            eq(courseWishlist.userId, userId),
            eq(courses.status, "published"),
          ),
        )
        .orderBy(desc(courseWishlist.createdAt)),
    );
    return rows.map(({ featuredImage, savedAt, ...r }) => ({
      ...r,
      image: featuredImage.image ?? null,
      savedAt: savedAt.toISOString(),
    }));
  },

  /** Whether the member saved the course. */
  async has(db: Db, accountId: string, userId: string, courseId: string): Promise<boolean> {
    const id = requireUuid(courseId, "Course", "courseId");
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ courseId: courseWishlist.courseId })
        .from(courseWishlist)
        .where(
          and(
            eq(courseWishlist.accountId, accountId),
            eq(courseWishlist.userId, userId),
            eq(courseWishlist.courseId, id),
          ),
        ),
    );
    return Boolean(row);
  },

  /** Saves a published course of the site (404 otherwise); `added` is false when it was already saved. */
  async add(db: Db, accountId: string, userId: string, courseId: string): Promise<{ added: boolean }> {
    const id = requireUuid(courseId, "Course", "courseId");
    return events.transaction(db, accountId, async (tx, out) => {
      const [course] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), eq(courses.id, id), eq(courses.status, "published")));
      if (!course) throw notFound("Course");
      const [row] = await tx
        .insert(courseWishlist)
        .values({ accountId, userId, courseId: id })
        .onConflictDoNothing()
        .returning({ courseId: courseWishlist.courseId });
      if (!row) return { added: false };
      out.push(await events.emit(tx, accountId, "course_wishlisted", { courseId: id, userId }, userId));
      return { added: true };
    });
  },

  /** Takes a course off the member's wishlist; `removed` is false when it was not there. */
  async remove(db: Db, accountId: string, userId: string, courseId: string): Promise<{ removed: boolean }> {
    const id = requireUuid(courseId, "Course", "courseId");
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .delete(courseWishlist)
        .where(
          and(
            eq(courseWishlist.accountId, accountId),
            eq(courseWishlist.userId, userId),
            eq(courseWishlist.courseId, id),
          ),
        )
        .returning({ courseId: courseWishlist.courseId }),
    );
    return { removed: rows.length > 0 };
  },
};
