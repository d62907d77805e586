// Which site is this request for? Decided once from the request's host (server/http/request-host.ts);
// an unknown host gets a 404 page and never reaches any handler. Everything after this runs in the
// site's request scope, so code the auth library calls back knows the site too.
import type { MiddlewareHandler } from "hono";
import { originOf } from "../../config";
import { AppError } from "../../errors";
import { accounts } from "../../modules/accounts";
import { runInScope } from "../../request-scope";
import type { AppEnv } from "../env";
import { unknownHostPage } from "../pages";
import { requestHost } from "../request-host";

export const tenant: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { cfg, database } = c.get("platform");
  const decided = requestHost(c.req.url, c.req.raw.headers, cfg.trustProxy);
  if (!decided.ok) throw new AppError("bad_request", decided.reason);
  const { host } = decided;
  const resolved = await accounts.resolveHost(database.db, cfg.baseDomain, host);
  if (resolved.kind === "unknown") {
    if (c.req.path.startsWith("/api/")) {
      return c.json({ error: { code: "not_found", message: "No site is served at this address" } }, 404);
    }
    return c.html(unknownHostPage(host), 404);
  }
  // Behind a proxy the URL carries the proxy's upstream host; every later reader sees the site's.
  if (new URL(c.req.url).host !== host) c.req.raw = withHost(c.req.raw, host);
  c.set("site", resolved.site);
  c.set("origin", originOf(cfg, host));
  return runInScope({ site: resolved.site, origin: c.get("origin") }, next);
};

function withHost(req: Request, host: string): Request {
  const url = new URL(req.url);
  url.host = host;
  const headers = new Headers(req.headers);
  headers.set("host", host);
  // `duplex` is what Node's fetch needs to pass a streamed body on; the DOM typings lack it.
  const init = { method: req.method, headers, body: req.body, signal: req.signal, duplex: "half" };
  return new Request(url, init as RequestInit);
}
