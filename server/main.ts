// Reads config, opens and migrates the database, starts jobs and HTTP. `--role=web` serves only,
// `--role=worker` only runs jobs, the default does both. On PostgreSQL, WEB_PROCESSES copies share
// the port (server/launch/processes.ts).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { WebSocketServer } from "ws";
import { createAuth } from "./auth/auth";
import { ConfigError, type Config, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { migrateDatabase, underStartupLock } from "./db/migrate";
import { createHttpApp } from "./http/app";
import { staticFiles } from "./http/static-files";
import { jobs } from "./jobs/queue";
import { supervisedRole, superviseWebProcesses, webProcessCount } from "./launch/processes";
import { logFor } from "./log";
import { createTransport } from "./mail/transport";
import { accounts } from "./modules/accounts";
import { automationEngine } from "./modules/automations";
import { billing } from "./modules/billing";
import { courseNotifications } from "./modules/course-notifications";
import { memberNotifications } from "./modules/member-notifications";
import { ticketNotifications } from "./modules/support";
import { receipts } from "./modules/commerce";
import { mail } from "./modules/mail";
import { sessionCache } from "./modules/members";
import { options } from "./modules/options";
import { pageCache } from "./modules/page-cache";
import { storageFor } from "./modules/storage";
import { aiTasks } from "./modules/ai";
import { aiProviderFor } from "./ai";
import { webhooks } from "./modules/webhooks";
import { ensurePlatformContentPages } from "./modules/pages";
import { bus } from "./realtime/bus";
import { RealtimeHub } from "./realtime/hub";
import { DEMO_PASSWORD } from "./seed/builders";
import { categories, PLATFORM_CATEGORIES } from "./modules/posts";
import { DEMO_LOGINS, seedDemo } from "./seed/demo";
import { seedLargeBlog } from "./seed/large-blog";

export type Running = { url: string; port: number; close(): Promise<void>; platform: import("./http/env").Platform };

export async function start(
  cfg: Config,
  opts: { build?: ServerBuild; clientDir?: string; quiet?: boolean } = {},
): Promise<Running> {
  const log = logFor(cfg.logLevel);
  const database = await openDatabase({
    url: cfg.databaseUrl,
    dataDir: cfg.dataDir,
    memory: cfg.dataDir === ":memory:",
    poolSize: cfg.poolSize,
    log,
  });
  await migrateDatabase(database);
  // PGlite has no autovacuum: without statistics the planner guesses, and guesses badly on large
  // tables. Analyse at start and every hour (PostgreSQL's autovacuum does this by itself).
  const analyse = () => database.sql("analyze").catch((err) => console.error("analyze failed:", err));
  const analyser = database.kind === "pglite" ? setInterval(analyse, 60 * 60 * 1000) : undefined;
  analyser?.unref();
  if (analyser) await analyse();
  const platformSite = await accounts.ensurePlatform(database.db);
  await options.seedDefaults(database.db, platformSite.accountId);
  await ensurePlatformContentPages(database.db, platformSite.accountId);
  await categories.ensure(database.db, platformSite.accountId, PLATFORM_CATEGORIES);
  await billing.syncPlans(database.db);
  const auth = createAuth(cfg, database);
  mail.configure(database.db, createTransport(cfg.smtpUrl), cfg.mailFrom);
  aiTasks.configure(database.db, aiProviderFor(cfg), storageFor(cfg));
  courseNotifications.register(database.db, { scheme: cfg.scheme, baseDomain: cfg.baseDomain });
  memberNotifications.register(database.db, { scheme: cfg.scheme, baseDomain: cfg.baseDomain });
  receipts.register(database.db, { scheme: cfg.scheme, baseDomain: cfg.baseDomain });
  ticketNotifications.register(database.db, {
    scheme: cfg.scheme,
    baseDomain: cfg.baseDomain,
    staffEmails: cfg.staffEmails,
  });
  automationEngine.register(database.db, {
    scheme: cfg.scheme,
    baseDomain: cfg.baseDomain,
    emailDnsCheck: cfg.emailDnsCheck,
    webhookAllowLoopback: cfg.automationWebhookAllowLoopback && cfg.env !== "production",
    optInSecret: cfg.authSecret,
  });
  webhooks.register(database.db, {
    production: cfg.env === "production",
    retryDelaySeconds: cfg.jobRetryDelaySeconds,
  });
  const busConnection = database.pglite
    ? await bus.connectEmbedded(database.pglite)
    : await bus.connect(database.url as string, { log });
  // Sessions are kept in memory only while the database's change notices are heard.
  sessionCache.enable(database.db, busConnection.live);
  await jobs.start(database, {
    work: cfg.role !== "web",
    retryDelaySeconds: cfg.jobRetryDelaySeconds,
    retryLimit: cfg.jobRetryLimit,
    concurrency: cfg.jobConcurrency,
  });

  let seeded = false;
  if (cfg.seedDemo) {
    // Several processes may start together; one seeds, the others find the demo there.
    seeded = await underStartupLock(
      database,
      async () =>
        (await seedDemo(database.db, auth, cfg.staffEmails[0] ?? "staff@atrium.test", storageFor(cfg))).created,
    );
    if (cfg.seedLargeBlog > 0) {
      await underStartupLock(database, () => seedLargeBlog(database.db, auth, cfg.seedLargeBlog));
    }
  }

  const platform = { cfg, database, auth };
  let server: ReturnType<typeof serve> | null = null;
  let realtime: RealtimeHub | null = null;
  let port = cfg.port;
  if (cfg.role !== "worker") {
    const clientDir = opts.clientDir;
    realtime = new RealtimeHub(database.db);
    // Small frames only: the browser sends its presence, the server sends lists and nudges.
    const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
    const app = createHttpApp(platform, {
      build: opts.build,
      realtime,
      staticHandler: clientDir
        ? staticFiles({
            root: resolve(clientDir),
            // Hashed asset names never change content; other files (the icon) may.
            cacheControl: (path) =>
              path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
          })
        : undefined,
    });
    await new Promise<void>((ready) => {
      server = serve({ fetch: app.fetch, port: cfg.port, hostname: cfg.host, websocket: { server: wss } }, (info) => {
        port = info.port;
        ready();
      });
    });
  }
  // Sites are found by their exact host, so the base domain as configured is the only address that
  // answers (behind a proxy it carries no port even though the process listens on one).
  const base = cfg.baseDomain;
  const url = `${cfg.scheme}://${base}`;
  if (!opts.quiet && cfg.logLevel !== "silent") {
    const demo = `${cfg.scheme}://demo.${base}`;
    console.log(`\nAtrium is running (${database.kind}, role ${cfg.role}).`);
    if (cfg.role !== "worker") {
      console.log(`  Platform:   ${url}`);
      console.log(`  Demo site:  ${demo}`);
      console.log(`  API docs:   ${url}/api/docs`);
    }
    if (cfg.seedDemo) {
      console.log(`\nDemo logins (password "${DEMO_PASSWORD}")${seeded ? " — created now" : ""}:`);
      console.log(`  owner       ${DEMO_LOGINS.owner}       (${demo}/login)`);
      console.log(`  instructor  ${DEMO_LOGINS.instructor}  (${demo}/login)`);
      console.log(`  student     ${DEMO_LOGINS.student}     (${demo}/login)`);
      console.log(`  staff       ${cfg.staffEmails[0]}      (${url}/login)\n`);
    }
  }
  return {
    url,
    port,
    platform,
    async close() {
      // Open sockets would keep the HTTP server from closing; the hub also removes their presence.
      clearInterval(analyser);
      await realtime?.close();
      if (server)
        await new Promise<void>((r) => (server as unknown as { close(cb: () => void): void }).close(() => r()));
      await jobs.stop(database.db);
      mail.forget(database.db);
      aiTasks.forget(database.db);
      accounts.forgetCache(database.db);
      pageCache.forget(database.db);
      sessionCache.disable(database.db);
      await busConnection();
      await database.close();
    },
  };
}

async function loadBuild(): Promise<{ build?: ServerBuild; clientDir?: string }> {
  const serverEntry = resolve("build/server/index.js");
  if (!existsSync(serverEntry)) return {};
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { build, clientDir: "build/client" };
}

const isEntry = process.argv[1] && /main\.(ts|js|mjs)$/.test(process.argv[1]);
if (isEntry) {
  try {
    const cfg = loadConfig();
    const supervised = supervisedRole(cfg);
    const count = supervised ? 1 : webProcessCount(cfg);
    if (count > 1) {
      superviseWebProcesses(count, cfg, (line) => console.log(`[processes] ${line}`));
    } else {
      await startOne(supervised ? { ...cfg, role: supervised.role } : cfg, supervised ? !supervised.first : false);
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function startOne(cfg: Config, quiet: boolean) {
  const running = await start(cfg, { ...(await loadBuild()), quiet });
  let stopping = false;
  // A terminal's Ctrl-C reaches a supervised copy twice: its own SIGINT and its supervisor's SIGTERM.
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await running.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
