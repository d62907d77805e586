// Calls what a React Router loader would call, with the load context the server builds for a real
// request (tenant from the host, session from the cookie), without a client build: the route runs
// `use(context)` and answers its result as JSON, or the error as the API would.
import { Hono } from "hono";
import type { AppEnv } from "../../server/http/env";
import { handleError } from "../../server/http/errors";
import { type AtriumLoadContext, buildLoadContext } from "../../server/http/load-context";
import { session } from "../../server/http/middleware/session";
import { tenant } from "../../server/http/middleware/tenant";
import type { TestPlatform } from "../support/platform";

/** The real tenant and session middleware in front of one handler, as every page request has. */
function contextApp(t: TestPlatform, handle: (ctx: AtriumLoadContext) => Response | Promise<Response>) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use("*", async (c, next) => {
    c.set("platform", t.platform);
    await next();
  });
  app.use("*", tenant);
  app.use("*", session);
  app.all("/", (c) => handle(buildLoadContext(c)));
  return app;
}

export function withLoadContext(t: TestPlatform) {
  return async (slug: string, cookie: string | undefined, use: (ctx: AtriumLoadContext) => unknown) =>
    contextApp(t, async (ctx) => Response.json({ result: (await use(ctx)) ?? null })).request(`${t.origin(slug)}/`, {
      headers: cookie ? { cookie } : {},
    });
}

/** A page action (a POST from the site's own page) answering with the Response the service gave. */
export function pageAction(t: TestPlatform) {
  return (slug: string, cookie: string, act: (ctx: AtriumLoadContext) => Promise<Response>) =>
    contextApp(t, act).request(`${t.origin(slug)}/`, { method: "POST", headers: { cookie, origin: t.origin(slug) } });
}
