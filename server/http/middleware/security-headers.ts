// The security headers of every answer. All: nosniff (a JSON answer or an upload is never run as
// something else), the referrer policy and, on an https installation, HSTS. HTML answers also get
// the Content-Security-Policy and may be framed only by their own site. The nonce is made here,
// before rendering, so entry.server can put it on every script React and React Router write.
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Config } from "../../config";
import { ownerScriptsRunOn } from "../../../core/owner-scripts";
import { ownerSources } from "../csp/owner-sources";
import { contentSecurityPolicy } from "../csp/policy";
import type { AppEnv } from "../env";
import { setHeaders } from "../response-headers";

const HSTS = "max-age=31536000";

export const securityHeaders =
  (cfg: Pick<Config, "scheme">): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("cspNonce", nonce);
    await next();

    const headers: Record<string, string> = {
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
    };
    if (cfg.scheme === "https") headers["Strict-Transport-Security"] = HSTS;
    const type = c.res.headers.get("content-type") ?? "";
    // An answer with its own policy (an uploaded SVG: sandboxed) keeps it.
    if (type.startsWith("text/html") && !c.res.headers.has("content-security-policy")) {
      const site = c.get("site");
      const hashes = c.get("cspPageHashes");
      headers["Content-Security-Policy"] = contentSecurityPolicy({
        grant: hashes ? { hashes } : { nonce },
        owner: site && ownerScriptsRunOn(c.req.path) ? ownerSources(site) : null,
        origin: c.get("origin") ?? null,
      });
      headers["X-Frame-Options"] = "SAMEORIGIN";
    }
    setHeaders(c, headers);
  };
