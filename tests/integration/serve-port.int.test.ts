// `PORT=4000 npm run serve` with nothing else set: the platform answers at localhost:4000, and the
// start-up banner says so; the build's assets go out as the files the build precompressed. Runs the
// built server (`npm run build`) as a real child process.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { freePort, getWithHost, type ServerProcess, serverBuilt, startServerProcess } from "../support/server-process";

describe.skipIf(!serverBuilt())("the built server started with only PORT", () => {
  let port: number;
  let db: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    port = await freePort();
    db = await createTestDatabase();
    server = await startServerProcess(
      { PORT: String(port), ...(db.url ? { DATABASE_URL: db.url } : {}) },
      /API docs:.*\n/,
    );
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("prints the address it really answers at", () => {
    expect(server.output()).toContain(`Platform:   http://localhost:${port}\n`);
    expect(server.output()).toContain(`Demo site:  http://demo.localhost:${port}\n`);
    expect(server.output()).not.toContain("localhost:3000");
  });

  it("serves the platform's home page at localhost on that port", async () => {
    const res = await getWithHost(port, `localhost:${port}`, "/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<html");
    const api = await getWithHost(port, `localhost:${port}`, "/api/v1/openapi.json");
    expect(api.status).toBe(200);
  });

  it("sends the build's scripts as the brotli or gzip files written beside them at build time", async () => {
    const home = await getWithHost(port, `localhost:${port}`, "/");
    const asset = /\/assets\/entry\.client-[\w-]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    for (const [ae, encoding, suffix] of [
      ["gzip, deflate, br", "br", ".br"],
      ["gzip", "gzip", ".gz"],
    ] as const) {
      const res = await getWithHost(port, `localhost:${port}`, asset as string, { "accept-encoding": ae });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.bytes.equals(readFileSync(join("build/client", `${asset}${suffix}`)))).toBe(true);
      expect(Number(res.headers["content-length"])).toBe(res.bytes.byteLength);
    }
  });
});
