// /api/auth/*: better-auth's own endpoints, only those of ./endpoints.ts, with the client address
// for its rate limits, inside the site's request scope (so every session it reads or writes is this
// site's: server/auth/site-scoped-store.ts), and never a session token in a response body.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { clientIp } from "../middleware/client-ip";
import { forgetRequestSession } from "../middleware/session";
import { AUTH_ENDPOINTS } from "./endpoints";
import { withoutTokens } from "./without-tokens";

/** Mounted at /api/auth. */
export function createAuthRoutes() {
  const routes = new Hono<AppEnv>();
  for (const { method, path } of AUTH_ENDPOINTS) {
    routes.on(method, path, clientIp, async (c) => {
      const res = await c.get("platform").auth.handler(c.req.raw);
      // Signing out, a second factor switched on or off: the next request reads the session anew.
      if (method === "POST") forgetRequestSession(c);
      return withoutTokens(res);
    });
  }
  routes.all("*", (c) =>
    c.json({ error: { code: "not_found", message: `No API route ${c.req.method} ${c.req.path}` } }, 404),
  );
  return routes;
}
