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

export function withLoadContext(t: TestPlatform) {
  return async (slug: string, cookie: string | undefined, use: (ctx: AtriumLoadContext) => unknown) => {
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use("*", async (c, next) => {
      c.set("platform", t.platform);
      await next();
    });
    app.use("*", tenant);
    app.use("*", session);
    app.get("/", async (c) => c.json({ result: (await use(buildLoadContext(c))) ?? null }));
    return app.request(`${t.origin(slug)}/`, { headers: cookie ? { cookie } : {} });
  };
}
