// Who is asking: a browser session of this site (cookie), or an integration's API key (Bearer).
// A session opened on another site's host is ignored here, and a session this site ended is
// reported as such so the login page can say why.
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { isStaffEmail } from "../../../core/roles";
import { hashToken } from "../../auth/auth";
import { apiKeys } from "../../modules/api-keys";
import { members } from "../../modules/members";
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

  const result = await auth.api.getSession({ headers: requestHeaders(c.req.raw) });
  const s = result?.session as { id: string; accountId?: string } | undefined;
  if (result && s && s.accountId === site.accountId) {
    const u = result.user as { id: string; name: string; email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null };
    c.set("user", { id: u.id, name: u.name, email: u.email, emailVerified: u.emailVerified, twoFactorEnabled: Boolean(u.twoFactorEnabled) });
    c.set("sessionId", s.id);
    c.set("member", await members.context(database.db, site, u.id));
    c.set("isStaff", isStaffEmail(u.email, cfg.staffEmails));
  } else if (!result) {
    const token = decodeURIComponent(rawCookie).split(".")[0];
    if (token) c.set("sessionEnded", await members.endedReason(database.db, site.accountId, hashToken(token)));
  }
  return next();
};
