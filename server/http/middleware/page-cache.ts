// The page cache at the edge: a public page rendered for a visitor without a session is kept in
// this process (server/modules/page-cache) and served again without rendering, marked X-Cache: HIT,
// and marked for a CDN to keep a minute too. Anything personal passes through untouched: requests
// with a session cookie or an Authorization header, the dashboard, sign-in, checkout, the API, and
// responses that set cookies or say private/no-store.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { type CachedPage, pageCache } from "../../modules/page-cache";
import { compressBytes } from "../compress";
import { MIN_COMPRESS_BYTES, negotiateEncoding, varyOnEncoding } from "../encoding";
import { withoutNonce } from "../csp/page-scripts";
import { setHeaders } from "../response-headers";
import type { AppEnv } from "../env";
import { SESSION_COOKIE } from "./session";

// /e: confirmation and unsubscribe pages of one recipient.
const PERSONAL_PREFIXES = ["/api", "/dashboard", "/login", "/signup", "/logout", "/checkout", "/assets", "/e"];
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
      setHeaders(c, { "Cache-Control": "private, no-store" });
    }
    setHeaders(c, { "X-Cache": "BYPASS" });
    return;
  }

  const hit = pageCache.get(database.db, accountId, {
    host: url.host,
    path: url.pathname,
    search: url.search,
    variant,
  });
  if (hit) {
    c.set("cspPageHashes", hit.scriptHashes);
    return await served(c, hit, "HIT");
  }

  await next();
  const res = c.res;
  if (!storable(res)) {
    setHeaders(c, { "X-Cache": "MISS" });
    return;
  }
  // The page is read whole before it is sent: only the first visitor waits for the full render.
  // Its nonce is replaced by the hashes of its scripts, it is compressed once for every later
  // visitor, and the first visitor gets the same copy as they will.
  const page = withoutNonce(await res.text(), c.get("cspNonce"));
  const body = new TextEncoder().encode(page.html);
  c.set("cspPageHashes", page.hashes);
  const headers = new Headers(res.headers);
  if (!headers.has("cache-control")) headers.set("Cache-Control", ANONYMOUS_CACHE_CONTROL);
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_STORED.has(name)) kept.push([name, value]);
  });
  const stored: CachedPage = {
    status: res.status,
    headers: kept,
    body,
    encoded: {},
    scriptHashes: page.hashes,
    storedAt: Date.now(),
  };
  pageCache.set(database.db, accountId, { host: url.host, path: url.pathname, search: url.search, variant }, stored);
  // The stored copy replaces the rendered answer whole (assigning over it would merge the headers).
  c.res = undefined;
  c.res = await served(c, stored, "MISS");
};

/**
 * The stored page in the encoding this visitor accepts. The first visitor to ask for an encoding
 * has the page compressed in it (once: visitors arriving meanwhile wait for the same promise);
 * everyone after gets that copy as it is, with no work but copying headers.
 */
async function served(c: Context<AppEnv>, page: CachedPage, cache: "HIT" | "MISS"): Promise<Response> {
  const encoding =
    page.body.byteLength < MIN_COMPRESS_BYTES ? null : negotiateEncoding(c.req.header("accept-encoding"));
  if (encoding && !page.encoded[encoding]) {
    const made = compressBytes(page.body, encoding, "stored") as Promise<Uint8Array<ArrayBuffer>>;
    page.encoded[encoding] = made;
    // A failed compression is not kept: this visitor gets the page as it is, the next one tries again.
    made.catch(() => {
      if (page.encoded[encoding] === made) delete page.encoded[encoding];
    });
  }
  const encoded = encoding ? await page.encoded[encoding]?.catch(() => undefined) : undefined;
  const headers = new Headers(page.headers);
  headers.set("X-Cache", cache);
  if (cache === "HIT") headers.set("Age", String(Math.floor((Date.now() - page.storedAt) / 1000)));
  headers.set("Vary", varyOnEncoding(headers.get("vary")));
  if (encoded && encoding) headers.set("Content-Encoding", encoding);
  const body = encoded ?? page.body;
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: page.status, headers });
}
