// Environment → typed configuration. Every variable is documented in the README; a bad value stops
// the process at start-up with a message naming it. Secrets that are not given are generated once
// and kept in DATA_DIR, so restarts keep sessions valid.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"])
  .transform((v) => ["true", "1", "on", "yes"].includes(v));

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "BASE_DOMAIN must be a host with an optional port, e.g. localhost:3000")
    .optional(),
  PUBLIC_SCHEME: z.enum(["http", "https"]).default("http"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Atrium <no-reply@atrium.localhost>"),
  STAFF_EMAILS: z.string().default("staff@atrium.test"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  EMAIL_DNS_CHECK: bool.default(true),
  /** Lets automation webhooks reach loopback addresses (tests with a local receiver); never in production. */
  AUTOMATION_WEBHOOK_ALLOW_LOOPBACK: bool.default(false),
  AUTH_RATE_LIMIT: bool.default(true),
  SEED_DEMO: bool.default(false),
  /** With SEED_DEMO: also a "bigblog" site with this many published posts (benchmarks of large sites). */
  SEED_LARGE_BLOG: z.coerce.number().int().min(0).max(2_000_000).default(0),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ATRIUM_ROLE: z.enum(["web", "worker", "all"]).default("all"),
  /** Web processes sharing the port on PostgreSQL: a number, or "auto" for one per CPU core. */
  WEB_PROCESSES: z
    .union([z.literal("auto"), z.coerce.number().int().min(1).max(64)], {
      error: 'WEB_PROCESSES must be "auto" or a whole number from 1 to 64',
    })
    .default("auto"),
  TRUST_PROXY: bool.default(false),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).optional(),
  STORAGE_DRIVER: z.enum(["fs", "s3"]).default("fs"),
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL, e.g. https://s3.eu-west-1.amazonaws.com").optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_BUCKET_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,19}$/, "S3_BUCKET_PREFIX must be 1-20 lowercase letters, digits or hyphens")
    .optional(),
  AI_PROVIDER: z.enum(["off", "local", "openai"]).optional(),
  AI_BASE_URL: z.string().url("AI_BASE_URL must be a URL, e.g. https://api.openai.com/v1").optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_TEXT_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /** Tests only: the local stand-in fails every call with this message. */
  AI_LOCAL_FAIL: z.string().min(1).optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  baseDomain: string;
  scheme: "http" | "https";
  dataDir: string;
  databaseUrl?: string;
  poolSize: number;
  smtpUrl?: string;
  mailFrom: string;
  staffEmails: string[];
  authSecret: string;
  emailDnsCheck: boolean;
  automationWebhookAllowLoopback: boolean;
  authRateLimit: boolean;
  seedDemo: boolean;
  seedLargeBlog: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  role: "web" | "worker" | "all";
  /** WEB_PROCESSES: how many processes serve HTTP on one port (PostgreSQL only; see server/launch/processes.ts). */
  webProcesses: number | "auto";
  /** Credentials /api/account/defaults hands out by type, from PLATFORM_DEFAULTS_<TYPE> (JSON). */
  platformDefaults: Record<string, unknown>;
  /** Behind a reverse proxy: the client address is the last X-Forwarded-For entry it appended. */
  trustProxy: boolean;
  /** Overrides the first retry delay of every job kind (backoff still doubles it). */
  jobRetryDelaySeconds?: number;
  /** Overrides the number of retries of every job kind. */
  jobRetryLimit?: number;
  /** Jobs one worker process runs at once, per queue, from JOB_CONCURRENCY_<QUEUE> (MAIL_DELIVER → 20). */
  jobConcurrency: Record<string, number>;
  /** Where uploaded files live: memory (DATA_DIR=":memory:"), DATA_DIR/storage, or S3-compatible. */
  storage: StorageConfig;
  /** The AI provider (decision 0065): off until configured; the local stand-in for tests and the demo. */
  ai: AiConfig;
};

export type AiConfig = {
  provider: "off" | "local" | "openai";
  baseUrl: string;
  apiKey?: string;
  textModel: string;
  transcribeModel: string;
  timeoutSeconds: number;
  failWith?: string;
};

export type S3Config = {
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Buckets are named `${prefix}-${accountId}`, or just the account id without a prefix. */
  bucketPrefix?: string;
};

export type StorageConfig = { driver: "memory" } | { driver: "fs"; dir: string } | { driver: "s3"; s3: S3Config };

export class ConfigError extends Error {}

/**
 * Without BASE_DOMAIN the platform lives on this machine at the port it listens on, so `PORT=4000`
 * alone serves http://localhost:4000 (port 80 needs none in the address). A random port (0) has
 * no address known before it is bound, so it needs BASE_DOMAIN.
 */
function baseDomainOf(given: string | undefined, port: number): string {
  if (given) return given.toLowerCase();
  if (port === 0) {
    throw new ConfigError("Invalid configuration:\n  BASE_DOMAIN: required with PORT=0 (sites need a known address)");
  }
  return port === 80 ? "localhost" : `localhost:${port}`;
}

function secretsFrom(dataDir: string): { authSecret: string } {
  const file = resolve(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const secrets = { authSecret: randomBytes(32).toString("base64url") };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

const DEFAULTS_PREFIX = "PLATFORM_DEFAULTS_";

/** PLATFORM_DEFAULTS_VIDEO_HOSTING='{"key":"…"}' → { video_hosting: { key: "…" } }. */
function readPlatformDefaults(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(DEFAULTS_PREFIX) || !value) continue;
    try {
      out[name.slice(DEFAULTS_PREFIX.length).toLowerCase()] = JSON.parse(value);
    } catch {
      throw new ConfigError(`Invalid configuration:\n  ${name}: must be JSON`);
    }
  }
  return out;
}

const CONCURRENCY_PREFIX = "JOB_CONCURRENCY_";

/** JOB_CONCURRENCY_MAIL_DELIVER=20 → { MAIL_DELIVER: 20 }; the queue names are checked when jobs start. */
export function readJobConcurrency(env: NodeJS.ProcessEnv): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(CONCURRENCY_PREFIX) || value === undefined || value === "") continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 200) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: must be a whole number from 1 to 200`);
    }
    out[name.slice(CONCURRENCY_PREFIX.length)] = n;
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const roleArg = argv.find((a) => a.startsWith("--role="))?.slice("--role=".length);
  const role = roleArg ?? e.ATRIUM_ROLE;
  if (role !== "web" && role !== "worker" && role !== "all") {
    throw new ConfigError(`Invalid configuration:\n  --role: expected web, worker or all, got "${role}"`);
  }
  // DATA_DIR=":memory:" keeps everything in memory (tests, benchmarks): nothing is written to disk.
  const memory = e.DATA_DIR === ":memory:";
  const dataDir = memory ? ":memory:" : resolve(e.DATA_DIR);
  const authSecret =
    e.AUTH_SECRET ?? (memory ? randomBytes(32).toString("base64url") : secretsFrom(dataDir).authSecret);
  let storage: StorageConfig;
  if (e.STORAGE_DRIVER === "s3") {
    const missing = (["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE_DRIVER=s3`).join("\n")}`,
      );
    }
    storage = {
      driver: "s3",
      s3: {
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID as string,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
        bucketPrefix: e.S3_BUCKET_PREFIX,
      },
    };
  } else {
    storage = memory ? { driver: "memory" } : { driver: "fs", dir: resolve(dataDir, "storage") };
  }
  if (e.AI_PROVIDER === "openai" && !e.AI_BASE_URL) {
    throw new ConfigError("Invalid configuration:\n  AI_BASE_URL: required when AI_PROVIDER=openai");
  }
  // Unset: the demo gets the local stand-in, so its AI buttons work out of the box; otherwise off.
  const aiProvider = e.AI_PROVIDER ?? (e.SEED_DEMO ? "local" : "off");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseDomain: baseDomainOf(e.BASE_DOMAIN, e.PORT),
    scheme: e.PUBLIC_SCHEME,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmails: e.STAFF_EMAILS.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    authSecret,
    emailDnsCheck: e.EMAIL_DNS_CHECK,
    automationWebhookAllowLoopback: e.AUTOMATION_WEBHOOK_ALLOW_LOOPBACK,
    authRateLimit: e.AUTH_RATE_LIMIT,
    seedDemo: e.SEED_DEMO,
    seedLargeBlog: e.SEED_LARGE_BLOG,
    logLevel: e.LOG_LEVEL,
    role,
    webProcesses: e.WEB_PROCESSES,
    jobRetryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    jobRetryLimit: e.JOB_RETRY_LIMIT,
    jobConcurrency: readJobConcurrency(env),
    trustProxy: e.TRUST_PROXY,
    platformDefaults: readPlatformDefaults(env),
    storage,
    ai: {
      provider: aiProvider,
      baseUrl: e.AI_BASE_URL ?? "",
      apiKey: e.AI_API_KEY,
      textModel: e.AI_TEXT_MODEL,
      transcribeModel: e.AI_TRANSCRIBE_MODEL,
      timeoutSeconds: e.AI_TIMEOUT_SECONDS,
      failWith: e.AI_LOCAL_FAIL,
    },
  };
}

/** The public origin of a host on this installation (e.g. http://demo.localhost:3000). */
export const originOf = (cfg: Pick<Config, "scheme">, host: string) => `${cfg.scheme}://${host}`;
