// The acting member of a request as the learning services take it. The site owner holds every
// capability; the instructor area needs create_courses, or manage_options with the lms feature.
import type { Context, MiddlewareHandler } from "hono";
import { ADMIN_PERMISSIONS, CAPS, canUseInstructorArea } from "../../core/roles";
import { AppError, notAuthenticated } from "../errors";
import type { LearningCtx } from "../modules/courses";
import type { AppEnv } from "./env";

type Ctxish = Pick<Context<AppEnv>, "get">;

export function memberCaps(c: Ctxish): string[] {
  const m = c.get("member");
  if (!m) return [];
  return m.isOwner ? [...new Set([...CAPS, ...ADMIN_PERMISSIONS, ...m.caps])] : m.caps;
}

export const mayUseInstructorArea = (c: Ctxish) =>
  Boolean(c.get("user") && c.get("member") && canUseInstructorArea(memberCaps(c), c.get("site").features));

/**
 * The signed-in member as the learning services take it: 401 without a session; 403 for someone who
 * is not a member of this site, unless `anyone` (the services then find nothing for them: 404).
 */
export function learningCtx(c: Ctxish, opts: { anyone?: boolean } = {}): LearningCtx {
  const user = c.get("user");
  if (!user) throw notAuthenticated();
  if (!opts.anyone && !c.get("member")) throw new AppError("forbidden", "Only members of this site can do this");
  return {
    db: c.get("platform").database.db,
    accountId: c.get("site").accountId,
    userId: user.id,
    caps: memberCaps(c),
    site: c.get("site"),
  };
}

/** The learning context of a signed-in instructor; 401 without a session, 403 outside the instructor area. */
export function instructorCtx(c: Ctxish): LearningCtx {
  if (!c.get("user")) throw notAuthenticated();
  if (!mayUseInstructorArea(c))
    throw new AppError("forbidden", "This needs the create_courses capability on this site");
  return learningCtx(c, { anyone: true });
}

/** Route guard: the instructor area (declared on the route so a reader sees it). */
export const requireInstructorArea = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  instructorCtx(c);
  await next();
};
