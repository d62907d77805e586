// The one HTTP application: tenant by host, sessions, the auth routes, the REST API, the spec's
// own endpoints, static assets and, for everything else, React Router's server rendering.
import { createFunnelTrackingRoutes } from "./api/funnel-tracking";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { AppError } from "../errors";
import { renderApiDocs } from "./api/docs-page";
import { createSiteCacheEndpoints } from "./api/site-cache-endpoints";
import { createSpecEndpoints } from "./api/spec-endpoints";
import { createV1 } from "./api/v1";
import { createAuthRoutes } from "./auth/routes";
import { createCampaignMailRoutes } from "./campaign-mail/routes";
import type { AppEnv, Platform } from "./env";
import { handleError } from "./errors";
import { createFeedRoutes } from "./feeds/routes";
import { createFontRoutes } from "./fonts/routes";
import { createMediaRoutes, UPLOAD_API_PATHS } from "./media/routes";
import { createSeoRoutes } from "./seo/routes";
import { createWebhookRoutes } from "./api/webhooks";
import { createPublicFormRoutes } from "./api/public-forms";
import { compression } from "./middleware/compression";
import { originCheck } from "./middleware/origin";
import { pageCacheLayer } from "./middleware/page-cache";
import { securityHeaders } from "./middleware/security-headers";
import { session } from "./middleware/session";
import { suspendedSite } from "./middleware/suspended";
import { tenant } from "./middleware/tenant";
import { buildLoadContext } from "./load-context";
import { realtimeRoutes } from "./realtime";
import type { RealtimeHub } from "../realtime/hub";

const MAX_JSON_BODY = 1024 * 1024;

export type HttpOptions = {
  /** The React Router server build; without it only the API answers (integration tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves build/client files (assets) when given. */
  staticHandler?: Parameters<Hono<AppEnv>["use"]>[1];
  /** The process's WebSockets; without it /api/realtime is not served (in-process test apps). */
  realtime?: RealtimeHub;
};

export function createHttpApp(platform: Platform, opts: HttpOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.notFound((c) =>
    c.json({ error: { code: "not_found", message: `No route for ${c.req.method} ${c.req.path}` } }, 404),
  );

  app.use("*", securityHeaders(platform.cfg));
  app.use("*", compression);
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.route("/fonts", createFontRoutes());
  if (opts.staticHandler) {
    app.use("/assets/*", opts.staticHandler);
    app.use("/favicon.svg", opts.staticHandler);
  }

  app.use("*", async (c, next) => {
    c.set("platform", platform);
    await next();
  });
  app.use("*", tenant);
  // Provider webhooks: no browser, no Origin, no session; each is verified by its signature.
  app.route("/api/webhooks", createWebhookRoutes());
  // A suspended site answers nothing else: payments that already happened still reach it above.
  app.use("*", suspendedSite);
  // Campaign e-mail tracking and one-click unsubscribe: posted by mail programs, without an Origin.
  app.route("/", createCampaignMailRoutes());
  app.use("*", originCheck);
  // Library files and avatars: public, read from the host's site, before sessions.
  app.route("/", createMediaRoutes());
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY,
    onError: () => {
      throw new AppError("payload_too_large", "The request body is larger than 1 MB");
    },
  });
  // Upload endpoints set their own, larger limit.
  app.use("/api/*", (c, next) => (UPLOAD_API_PATHS.has(c.req.path) ? next() : jsonBodyLimit(c, next)));

  app.route("/api/auth", createAuthRoutes());
  // Forms and popups for visitors, embeddable on other sites: no session is read.
  app.route("/api", createPublicFormRoutes());
  // Funnel tracking from the site's pages: no session is read.
  app.route("/api", createFunnelTrackingRoutes());

  app.use("*", session);

  app.route("/", createSeoRoutes());

  const v1 = createV1();
  app.route("/api/v1", v1);
  app.get("/api/docs", async (c) => {
    const res = await v1.request("/openapi.json");
    return c.html(renderApiDocs(await res.json()));
  });
  app.route("/api/realtime", realtimeRoutes(opts.realtime));
  app.route("/api", createSpecEndpoints());
  app.route("/api/site", createSiteCacheEndpoints());
  app.all("/api/*", (c) =>
    c.json({ error: { code: "not_found", message: `No API route ${c.req.method} ${c.req.path}` } }, 404),
  );
  // Before server rendering, so /blog/rss.xml is never taken for a post's address.
  app.route("/", createFeedRoutes());

  if (opts.build) {
    const handler = createRequestHandler(opts.build, platform.cfg.env === "development" ? "development" : "production");
    // After the session is known, so signed-in requests pass by the cache.
    app.use("*", pageCacheLayer);
    app.all("*", (c) => handler(c.req.raw, buildLoadContext(c)));
  }
  return app;
}
