// Starts the whole platform for a test file (database migrated, platform site, plans, jobs) and
// gives in-process HTTP against it: `http.site("demo").post("/api/log", body, { cookie })`.
import type { ServerBuild } from "react-router";
import { loadConfig } from "../../server/config";
import type { Database } from "../../server/db/client";
import { createHttpApp } from "../../server/http/app";
import type { Platform } from "../../server/http/env";
import { start } from "../../server/main";
import { createTestDatabase, type TestDatabase } from "./database";

export const TEST_BASE = "atrium.test:3000";

export type TestPlatform = {
  platform: Platform;
  database: Database;
  app: ReturnType<typeof createHttpApp>;
  /** Origin of a site on this installation: "" → the platform's own site. */
  origin(slug?: string): string;
  request(
    slug: string | null,
    path: string,
    init?: RequestInit & { cookie?: string; json?: unknown },
  ): Promise<Response>;
  port: number;
  close(): Promise<void>;
};

export async function startTestPlatform(
  env: Record<string, string> = {},
  opts: { build?: ServerBuild; clientDir?: string; database?: TestDatabase } = {},
): Promise<TestPlatform> {
  const db = opts.database ?? (await createTestDatabase());
  const cfg = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: ":memory:",
      PORT: "0",
      HOST: "127.0.0.1",
      BASE_DOMAIN: TEST_BASE,
      EMAIL_DNS_CHECK: "false",
      AUTH_RATE_LIMIT: "false",
      STAFF_EMAILS: "staff@atrium.test",
      LOG_LEVEL: "silent",
      AI_PROVIDER: "local",
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...env,
    },
    [],
  );
  const running = await start(cfg, { build: opts.build, clientDir: opts.clientDir, quiet: true });
  const app = createHttpApp(running.platform, { build: opts.build });
  const origin = (slug?: string) => `http://${slug ? `${slug}.` : ""}${cfg.baseDomain}`;
  return {
    platform: running.platform,
    database: running.platform.database,
    app,
    origin,
    port: running.port,
    async request(slug, path, init = {}) {
      const { cookie, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (cookie) headers.set("cookie", cookie);
      let body = rest.body;
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(json);
      }
      const method = rest.method ?? (body !== undefined ? "POST" : "GET");
      if (method !== "GET" && !headers.has("origin")) headers.set("origin", origin(slug ?? undefined));
      return app.request(`${origin(slug ?? undefined)}${path}`, { ...rest, method, headers, body });
    },
    async close() {
      await running.close();
      await db.drop();
    },
  };
}

/** Signs in through better-auth's own route and returns the session cookie for that site. */
export async function signIn(t: TestPlatform, slug: string | null, email: string, password: string): Promise<string> {
  const res = await t.request(slug, "/api/auth/sign-in/email", { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed for ${email}: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}
