// What the learning screens call from loaders and actions: my courses and the player for the
// signed-in student, student management and statistics for instructors. Who is acting comes from
// the request; the services decide what they may do. Failures are AppError (code, status, message).
import type { Context } from "hono";
import { canUseInstructorArea, hasCap } from "../../../core/roles";
import type { Duration } from "../../../core/curriculum";
import { learnerHome, player, selfEnrol, stats, students } from "../../modules/enrolment";
import { AppError, requireUuid } from "../../errors";
import { wishlist } from "../../modules/wishlist";
import type { AppEnv } from "../env";
import { learningCtx, memberCaps } from "../learning-context";

export function learningServices(c: Context<AppEnv>) {
  const _db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const caps = memberCaps(c);
  const ctx = () => learningCtx(c);
  /** The course in the address; a malformed id is refused before any query (400). */
  const course = (courseId: string) => requireUuid(courseId, "Course");
  const mine = () => {
    if (!user || !member) throw new AppError("forbidden", "Only members of this site keep a wishlist here");
    return user.id;
  };
  return {
    learning: {
      /** users.id of the signed-in member (the player marks "me" with it). */
      userId: user?.id ?? null,
      canManageStudents: Boolean(member) && (hasCap(caps, "manage_options") || hasCap(caps, "manage_students")),
      canSeeStats: Boolean(member) && (hasCap(caps, "manage_options") || hasCap(caps, "manage_stats")),
      isInstructor: Boolean(member) && canUseInstructorArea(caps, site.features),
      myCourses: () => player.myCourses(ctx()),
      /** The signed-in member's saved courses (spec §9 course_wishlisted); only members keep one. */
      wishlist: {
        list: () => wishlist.list(_db, site.accountId, mine()),
        has: (courseId: string) => (user && member ? wishlist.has(_db, site.accountId, user.id, courseId) : false),
        add: (courseId: string) => wishlist.add(_db, site.accountId, mine(), courseId),
        remove: (courseId: string) => wishlist.remove(_db, site.accountId, mine(), courseId),
      },
      /** The signed-in member's dashboard home: courses with the next item, certificates, what is coming. */
      home: () => learnerHome(ctx()),
      outline: (courseId: string) => player.outline(ctx(), courseId),
      open: (courseId: string, itemId: string) => player.open(ctx(), courseId, itemId),
      /** The player's page: the outline and the item shown, opened, in one transaction. */
      page: (courseId: string, wanted: string | null) => player.page(ctx(), courseId, wanted),
      setComplete: (courseId: string, itemId: string, complete: boolean) =>
        player.setComplete(ctx(), courseId, itemId, complete),
      enrol: (courseId: string) => selfEnrol(ctx(), courseId),
      students: {
        list: (courseId: string, opts: { q?: string; page?: number; perPage?: number }) =>
          students.list(ctx(), courseId, opts),
        detail: (courseId: string, studentId: string) => students.detail(ctx(), courseId, studentId),
        add: (courseId: string, email: string) => students.add(ctx(), course(courseId), { email }),
        setStatus: (courseId: string, studentId: string, status: number) =>
          students.setStatus(ctx(), course(courseId), studentId, status),
        setMarks: (courseId: string, studentId: string, marks: number) =>
          students.setMarks(ctx(), course(courseId), studentId, marks),
        extend: (courseId: string, studentId: string, extension: Duration) =>
          students.extend(ctx(), course(courseId), studentId, extension),
        reset: (courseId: string, studentId: string) => students.reset(ctx(), course(courseId), studentId),
        remove: (courseId: string, studentId: string) => students.remove(ctx(), course(courseId), studentId),
      },
      stats: {
        course: (courseId: string) => stats.course(ctx(), courseId),
        site: () => stats.site(ctx()),
      },
    },
  };
}
