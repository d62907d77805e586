// Course categories (spec §3): terms of taxonomy "course_category", linked to courses through
// term_object_relationship. The term rules are the blog's, shared through taxonomyCategories.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { termObjectRelationship as rel, terms } from "../../db/schema";
import { refreshCoursePages } from "./page-cache";
import { categoriesOf, checkCategoryIds, taxonomyCategories } from "../posts";

export const COURSE_CATEGORY = "course_category";

const service = taxonomyCategories(COURSE_CATEGORY, refreshCoursePages);

export const courseCategories = {
  ...service,
  /** Categories with how many courses each has (the shared counter is named `posts`). */
  async list(...args: Parameters<typeof service.list>) {
    return (await service.list(...args)).map(({ posts, ...c }) => ({ ...c, courses: posts }));
  },
};

export const courseCategoriesOf = (tx: Tx, accountId: string, courseIds: string[]) =>
  categoriesOf(tx, accountId, courseIds, COURSE_CATEGORY);

/** Replaces a course's categories; every id must be one of this site's course categories. */
export async function setCourseCategories(tx: Tx, accountId: string, courseId: string, ids: string[]) {
  await checkCategoryIds(tx, accountId, ids, COURSE_CATEGORY);
  const mine = tx
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.accountId, accountId), eq(terms.taxonomy, COURSE_CATEGORY)));
  await tx.delete(rel).where(and(eq(rel.accountId, accountId), eq(rel.objectId, courseId), inArray(rel.termId, mine)));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(rel).values(unique.map((termId) => ({ accountId, termId, objectId: courseId })));
}
