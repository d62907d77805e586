// Which site is this request for? Decided once from the Host header; an unknown host gets a 404
// page and never reaches any handler.
import type { MiddlewareHandler } from "hono";
import { originOf } from "../../config";
import { accounts } from "../../modules/accounts";
import type { AppEnv } from "../env";
import { unknownHostPage } from "../pages";

export const tenant: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { cfg, database } = c.get("platform");
  // node-server builds the URL from the Host header; in-process requests carry it in the URL.
  const host = new URL(c.req.url).host;
  const resolved = await accounts.resolveHost(database.db, cfg.baseDomain, host);
  if (resolved.kind === "unknown") {
    if (c.req.path.startsWith("/api/")) {
      return c.json({ error: { code: "not_found", message: "No site is served at this address" } }, 404);
    }
    return c.html(unknownHostPage(host), 404);
  }
  c.set("site", resolved.site);
  c.set("origin", originOf(cfg, host.toLowerCase()));
  await next();
};
