// WEB_PROCESSES on PostgreSQL: the built server starts that many copies of itself on one port, keeps
// serving when one of them dies and starts it again, and stops them all on SIGTERM. Runs the built
// server (`npm run build`) as a real child process; PostgreSQL only (PGlite is always one process).
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/seed/builders";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { freePort, getWithHost, type ServerProcess, serverBuilt, startServerProcess } from "../support/server-process";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

function post(port: number, host: string, path: string, json: unknown) {
  const body = JSON.stringify(json);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>((ok, fail) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { host, origin: `http://${host}`, "content-type": "application/json", connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", () => ok({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** The live processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …; comm may hold spaces, so read after its closing parenthesis.
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(ppid) === pid && state !== "Z") out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => T | undefined | false, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres || !serverBuilt())("several web processes on one port", () => {
  let port: number;
  let db: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    port = await freePort();
    db = await createTestDatabase();
    server = await startServerProcess(
      // No AUTH_SECRET: the one generated at start must be every process's. A fresh DATA_DIR.
      { PORT: String(port), DATABASE_URL: db.url as string, WEB_PROCESSES: "2", SEED_DEMO: "true" },
      /API docs:.*\n/,
    );
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  // A new connection each time: a kept-alive one would stay with the process that first took it.
  const home = () => getWithHost(port, `localhost:${port}`, "/", { connection: "close" });

  it("starts two processes that answer on the one port", async () => {
    const children = await until(
      "two web processes",
      () => childrenOf(server.pid).length === 2 && childrenOf(server.pid),
    );
    expect(children).toHaveLength(2);
    expect(server.output()).toContain("starting 2 web processes on one port");
    for (let i = 0; i < 6; i++) expect((await home()).status).toBe(200);
  });

  it("keeps a member signed in whichever process answers", async () => {
    const host = `demo.localhost:${port}`;
    const signIn = await post(port, host, "/api/auth/sign-in/email", {
      email: "student@demo.test",
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const cookie = [signIn.headers["set-cookie"] ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .join("; ");
    // Connections are handed out in turn, so eight new ones reach both processes.
    for (let i = 0; i < 8; i++) {
      const me = await getWithHost(port, host, "/api/v1/me", { cookie, connection: "close" });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).user.email).toBe("student@demo.test");
    }
  });

  it("keeps answering when one dies, and starts it again", async () => {
    const [victim, survivor] = childrenOf(server.pid);
    process.kill(victim, "SIGKILL");
    // Until the supervisor has heard of the death, the port may still hand a connection to the
    // dead process (node:cluster's own window); from then on the survivor takes every request.
    await until("the supervisor to notice", () => /web process \d stopped \(SIGKILL\)/.test(server.output()));
    expect(childrenOf(server.pid)).not.toContain(victim);
    for (let i = 0; i < 6; i++) expect((await home()).status).toBe(200);
    const replaced = await until(
      "a new web process",
      () => childrenOf(server.pid).length === 2 && childrenOf(server.pid),
    );
    expect(replaced).toContain(survivor);
    expect(replaced).not.toContain(victim);
    expect(server.output()).toMatch(/web process \d stopped \(SIGKILL\); starting it again/);
    for (let i = 0; i < 6; i++) expect((await home()).status).toBe(200);
  }, 60_000);

  it("stops every process on SIGTERM", async () => {
    const children = childrenOf(server.pid);
    const primary = server.pid;
    await server.stop();
    expect(alive(primary)).toBe(false);
    await until("every web process to end", () => children.every((pid) => !alive(pid)), 20_000);
  }, 30_000);
});
