import { pageCache } from "../page-cache";

/**
 * Drops the cached public course pages after a change visitors see: the list at /course and, under
 * the /course/{slug} pattern, every course and category page (titles, ratings and seats show on all).
 */
export const refreshCoursePages = (accountId: string) =>
  pageCache.invalidatePaths(accountId, ["/course", "/course/{slug}"]);
