// Who is asking: a browser session of this site (cookie), or an integration's API key (Bearer).
// A session opened on another site's host is ignored here, and a session this site ended is
// reported as such so the login page can say why.
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isStaffEmail } from "../../../core/roles";
import { hashToken } from "../../auth/auth";
import { apiKeys } from "../../modules/api-keys";
import { bySessionToken } from "../../modules/members";
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

  const rawCookie = getCookie(c, cfg.scheme === "https" ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
  if (!rawCookie) return next();

  const token = readSessionToken(rawCookie, cfg.authSecret);
  if (!token) return next();
  const found = await bySessionToken(database.db, site, token, hashToken(token));
  if (found.kind === "ended") c.set("sessionEnded", found.reason);
  if (found.kind !== "active") return next();

  c.set("user", found.user);
  c.set("sessionId", found.sessionId);
  c.set("member", found.member);
  c.set("isStaff", isStaffEmail(found.user.email, cfg.staffEmails));
  if (sessionNeedsRefresh(found.expiresAt)) {
    // Once a day of use, let the auth library extend the session and re-issue its cookie.
    const refreshed = await auth.api.getSession({ headers: requestHeaders(c.req.raw), asResponse: true });
    await next();
    for (const cookie of refreshed.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return;
  }
  return next();
};
