// The page cache at the edge: a public page rendered for a visitor without a session is kept in
// this process (server/modules/page-cache) and served again without rendering, marked X-Cache: HIT,
// and marked for a CDN to keep a minute too. Anything personal passes through untouched: requests
// with a session cookie or an Authorization header, the dashboard, sign-in, checkout, the API, and
// responses that set cookies or say private/no-store.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { pageCache } from "../../modules/page-cache";
import type { AppEnv } from "../env";
import { SESSION_COOKIE } from "./session";

const PERSONAL_PREFIXES = ["/api", "/dashboard", "/login", "/signup", "/logout", "/checkout", "/assets"];
export const ANONYMOUS_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
/** Headers that describe one transfer, not the page, so a copy does not keep them. */
const NOT_STORED = new Set([
  "set-cookie",
  "date",
  "age",
  "x-cache",
  "content-length",
  "transfer-encoding",
  "connection",
]);

const isPersonalPath = (path: string) => PERSONAL_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Cookies that server rendering reads for visitors (the `lang` choice of app/i18n/languages.ts):
 * each value gets its own cached copy. Pages must not read any other cookie for visitors.
 */
const VARYING_COOKIES = ["lang"];

function variantOf(c: Context<AppEnv>): string {
  const cookies = getCookie(c);
  return VARYING_COOKIES.map((name) => `${name}=${cookies[name] ?? ""}`).join("&");
}

function hasSession(c: Context<AppEnv>): boolean {
  if (c.req.header("authorization")) return true;
  // Both the plain and the __Secure- cookie name contain this; a stale session still counts, since
  // its holder expects their own page (e.g. "signed out elsewhere").
  return (c.req.header("cookie") ?? "").includes(`${SESSION_COOKIE}=`);
}

function storable(res: Response): boolean {
  if (res.status !== 200) return false;
  if (!(res.headers.get("content-type") ?? "").toLowerCase().startsWith("text/html")) return false;
  if (res.headers.has("set-cookie")) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(res.headers.get("cache-control") ?? "");
}

/** Sets a response header; a response with immutable headers (Response.redirect) is copied first. */
function setHeader(c: Context<AppEnv>, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set(name, value);
    c.res = copy;
  }
}

export const pageCacheLayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" || isPersonalPath(c.req.path)) return next();
  const { database } = c.get("platform");
  const { accountId } = c.get("site");
  const url = new URL(c.req.url);
  const variant = variantOf(c);

  if (hasSession(c)) {
    await next();
    // A signed-in page must never be kept by a shared cache (CDN) unless it says otherwise.
    if (c.res.headers.get("content-type")?.startsWith("text/html") && !c.res.headers.has("cache-control")) {
      setHeader(c, "Cache-Control", "private, no-store");
    }
    setHeader(c, "X-Cache", "BYPASS");
    return;
  }

  const hit = pageCache.get(database.db, accountId, {
    host: url.host,
    path: url.pathname,
    search: url.search,
    variant,
  });
  if (hit) {
    const headers = new Headers(hit.headers);
    headers.set("X-Cache", "HIT");
    headers.set("Age", String(Math.floor((Date.now() - hit.storedAt) / 1000)));
    return new Response(hit.body, { status: hit.status, headers });
  }

  await next();
  const res = c.res;
  if (!storable(res)) {
    setHeader(c, "X-Cache", "MISS");
    return;
  }
  // The page is read whole before it is sent: only the first visitor waits for the full render.
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  if (!headers.has("cache-control")) headers.set("Cache-Control", ANONYMOUS_CACHE_CONTROL);
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) kept.push([name, value]);
  });
  pageCache.set(
    database.db,
    accountId,
    { host: url.host, path: url.pathname, search: url.search, variant },
    {
      status: res.status,
      headers: kept,
      body,
      storedAt: Date.now(),
    },
  );
  headers.set("X-Cache", "MISS");
  c.res = new Response(body, { status: res.status, headers });
};
