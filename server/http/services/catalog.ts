// What the public course screens call from loaders and actions: the catalogue, a course page with
// where the viewer stands, enrolling oneself (the enrolment module decides seats and access),
// reviewing, and certificate verification. The viewer is always the request's user.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import {
  certificateByCode,
  coursePage,
  deleteReview,
  enrolSelf,
  listCourseCategories,
  listCourses,
  saveReview,
} from "../../modules/course-catalog";
import type { AppEnv } from "../env";

export function catalogServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const accountId = site.accountId;
  const signedInMember = () => {
    if (!user) throw notAuthenticated();
    if (!member) throw new AppError("forbidden", "Join this site to take its courses");
    return user.id;
  };

  const canModerate = Boolean(member && (member.isOwner || hasCap(member.caps, "manage_options")));

  return {
    catalog: {
      /** Site managers (manage_options) may delete any review. */
      canModerate,
      list: (opts: { page?: number; category?: string } = {}) => listCourses(db, accountId, opts),
      categories: () => listCourseCategories(db, accountId),
      /** A published course by slug, personalised for a signed-in viewer (such pages are never cached). */
      course: (slug: string) => coursePage(db, accountId, slug, user?.id ?? null),
      /** Enrols the signed-in member in a free course; AppError "seats" when it is full. */
      enrol: (courseId: string) => enrolSelf(db, accountId, courseId, signedInMember()),
      review: (courseId: string, review: unknown) =>
        saveReview(db, accountId, { courseId, studentId: signedInMember(), review }),
      deleteReview: (courseId: string, reviewId: string) => {
        if (!user) throw notAuthenticated();
        if (!canModerate) throw new AppError("forbidden", "This needs the manage_options capability on this site");
        return deleteReview(db, accountId, courseId, requireUuid(reviewId, "Review"));
      },
      certificate: async (code: string) => {
        const { verification } = await certificateByCode(db, accountId, code);
        return { ...verification, siteTitle: site.settings.sitetitle };
      },
    },
  };
}
