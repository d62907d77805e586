// Who is asking: a browser session of this site (cookie), or an integration's API key (Bearer).
// A session opened on another site's host is ignored here, and a session this site ended is
// reported as such so the login page can say why.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isStaffEmail } from "../../../core/roles";
import { hashToken } from "../../auth/auth";
import { apiKeys } from "../../modules/api-keys";
import { bySessionToken, sessionCache, sessionKey } from "../../modules/members";
import { readSessionToken, sessionNeedsRefresh } from "../../auth/session-cookie";
import type { AppEnv } from "../env";

/** The request's headers with its Host (in-process requests carry the host only in the URL). */
export function requestHeaders(req: Request): Headers {
  const headers = new Headers(req.headers);
  if (!headers.has("host")) headers.set("host", new URL(req.url).host);
  return headers;
}

export const SESSION_COOKIE = "atrium.session_token";
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** The session token of the request's cookie, if it carries a well-signed one. */
function cookieToken(c: Context<AppEnv>): string | null {
  const { cfg } = c.get("platform");
  const raw = getCookie(c, cfg.scheme === "https" ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  return raw ? readSessionToken(raw, cfg.authSecret) : null;
}

/** After a request that may have changed its own session (signing out, a second factor), drop the copy in memory. */
export function forgetRequestSession(c: Context<AppEnv>) {
  const token = cookieToken(c);
  if (token)
    sessionCache.forgetKey(c.get("platform").database.db, sessionKey(c.get("site").accountId, hashToken(token)));
}

export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { cfg, auth, database } = c.get("platform");
  const site = c.get("site");
  c.set("user", null);
  c.set("sessionId", null);
  c.set("member", null);
  c.set("isStaff", false);
  c.set("sessionEnded", null);
  c.set("viaApiKey", false);

  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) {
    const found = await apiKeys.authenticate(database.db, site, bearer);
    if (found) {
      c.set("user", found.user);
      c.set("member", found.member);
      c.set("viaApiKey", true);
      c.set("isStaff", false);
    }
    return next();
  }

  const token = cookieToken(c);
  if (!token) return next();
  const found = await bySessionToken(database.db, site, token, hashToken(token));
  if (found.kind === "ended") c.set("sessionEnded", found.reason);
  if (found.kind !== "active") return next();

  c.set("user", found.user);
  c.set("sessionId", found.sessionId);
  c.set("member", found.member);
  c.set("isStaff", isStaffEmail(found.user.email, cfg.staffEmails));
  if (sessionNeedsRefresh(found.expiresAt)) {
    // Once a day of use, let the auth library extend the session (this site's: the request scope
    // narrows what it may touch) and re-issue its cookie.
    const refreshed = await auth.api.getSession({ headers: requestHeaders(c.req.raw), asResponse: true });
    await next();
    // A response that set the session cookie itself (signed out, changed password) has the last word.
    if (setsSessionCookie(c.res)) return;
    for (const cookie of refreshed.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return;
  }
  return next();
};

const setsSessionCookie = (res: Response) =>
  res.headers.getSetCookie().some((cookie) => cookie.includes(`${SESSION_COOKIE}=`));
