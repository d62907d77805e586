// Starts tests/support/platform-process.ts as a child process on a PostgreSQL database and talks
// HTTP to it with the Host header of any site, as a browser behind the proxy would.
import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { TEST_BASE } from "./platform";

export type ChildServer = {
  port: number;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Whether the process is still running. */
  alive(): boolean;
  request(
    slug: string | null,
    path: string,
    init?: { method?: string; json?: unknown; cookie?: string },
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;
  stop(): Promise<void>;
};

export async function startChildServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/platform-process.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: ":memory:",
      PORT: "0",
      HOST: "127.0.0.1",
      BASE_DOMAIN: TEST_BASE,
      EMAIL_DNS_CHECK: "false",
      AUTH_RATE_LIMIT: "false",
      STAFF_EMAILS: "staff@atrium.test",
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 90_000);
    const check = () => {
      const line = out.split("\n").find((l) => l.startsWith('{"port":'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${out}`));
    });
  });

  const host = (slug: string | null) => `${slug ? `${slug}.` : ""}${TEST_BASE}`;
  return {
    port,
    process: child,
    output: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    request(slug, path, init = {}) {
      const method = init.method ?? (init.json !== undefined ? "POST" : "GET");
      const body = init.json === undefined ? undefined : JSON.stringify(init.json);
      const headers: Record<string, string> = { host: host(slug) };
      if (body) headers["content-type"] = "application/json";
      if (method !== "GET") headers.origin = `http://${host(slug)}`;
      if (init.cookie) headers.cookie = init.cookie;
      return new Promise((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        });
        req.on("error", reject);
        if (body) req.write(body);
        req.end();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

/** The session cookie of a sign-in on the child server (its Set-Cookie headers, name=value pairs). */
export function cookieOf(headers: Record<string, string | string[] | undefined>): string {
  const set = headers["set-cookie"];
  const all = Array.isArray(set) ? set : set ? [set] : [];
  return all
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}
