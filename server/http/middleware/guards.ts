// Access rules declared on routes, so a reader sees them without reading the handler:
// requireSession(), requireCap("manage_options"), requireFeature("lms"), requirePlanFeature("forms").
import type { Context, MiddlewareHandler } from "hono";
import { hasCap, type RoleCap } from "../../../core/roles";
import { siteHasFeature, type SiteFeature } from "../../../core/features";
import { requirePlanFeatureOf } from "../../modules/usage";
import { AppError, notAuthenticated } from "../../errors";
import type { AppEnv } from "../env";

export const requireSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("user")) {
    const ended = c.get("sessionEnded");
    if (ended)
      throw new AppError("not_authenticated", "Your session was ended because you signed in elsewhere", {
        reason: ended,
      });
    throw notAuthenticated();
  }
  await next();
};

/** Any of the listed capabilities on this site (the owner has all of them). */
export const requireCap =
  (...caps: RoleCap[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!c.get("user")) throw notAuthenticated();
    const m = c.get("member");
    if (!m || !(m.isOwner || caps.some((cap) => hasCap(m.caps, cap)))) {
      throw new AppError("forbidden", `This needs the ${caps.join(" or ")} capability on this site`);
    }
    await next();
  };

export const requireFeature =
  (feature: SiteFeature): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!siteHasFeature(c.get("site").features, feature)) {
      throw new AppError("feature_disabled", `The ${feature} feature is not enabled on this site`);
    }
    await next();
  };

export const requirePlanFeature =
  (feature: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    requirePlanFeatureOf(c.get("site"), feature);
    await next();
  };

export const requireStaff = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("user")) throw notAuthenticated();
  if (!c.get("isStaff") || !c.get("site").isPlatform) throw new AppError("forbidden", "Staff only");
  await next();
};

/** Browser sessions only: integration keys may not manage keys or sites. */
export const requireBrowserSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (c.get("viaApiKey")) throw new AppError("forbidden", "API keys cannot do this; sign in instead");
  await next();
};

/**
 * Who edits a site's content (posts, media): its owner and manage_options holders, and on the
 * platform's own site also the staff (the platform blog, docs and their images).
 */
export const requireContentManager = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  if (!c.get("user")) throw notAuthenticated();
  if (!isContentManager(c)) throw new AppError("forbidden", "This needs the manage_options capability on this site");
  await next();
};

export function isContentManager(c: {
  get(key: "member"): AppEnv["Variables"]["member"];
  get(key: "isStaff"): boolean;
  get(key: "site"): AppEnv["Variables"]["site"];
}): boolean {
  const m = c.get("member");
  if (c.get("isStaff") && c.get("site").isPlatform) return true;
  return Boolean(m && (m.isOwner || hasCap(m.caps, "manage_options")));
}

/** Whether the signed-in person manages this site (its owner or a manage_options holder; never the platform's site). */
export function isSiteManager(c: Context<AppEnv>): boolean {
  const m = c.get("member");
  return Boolean(!c.get("site").isPlatform && m && (m.isOwner || hasCap(m.caps, "manage_options")));
}

/**
 * For the site-management services (billing, address, app, notification settings): 401 without a
 * session, 403 unless the person manages this site. Answers the member.
 */
export function requireSiteManager(c: Context<AppEnv>) {
  if (!c.get("user")) throw notAuthenticated();
  const m = c.get("member");
  if (!m || !isSiteManager(c)) throw new AppError("forbidden", "This needs the manage_options capability on this site");
  return m;
}
