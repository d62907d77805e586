// The built server (`npm run build`: dist/server/main.js and build/) as a child process, started
// with exactly the environment a test gives it, and plain HTTP requests to it with any Host header.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const SERVER_MAIN = "dist/server/main.js";
export const serverBuilt = () => existsSync(SERVER_MAIN) && existsSync("build/server/index.js");

/** A port nobody listens on right now (the kernel picks it; we release it at once). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => (port ? ok(port) : fail(new Error("could not pick a free port"))));
    });
  });
}

export type ServerProcess = { pid: number; output: () => string; stop(): Promise<void> };

/**
 * Starts `node dist/server/main.js` with `env` only (plus PATH and a fresh DATA_DIR unless given),
 * and resolves once its output contains `ready`.
 */
export async function startServerProcess(env: Record<string, string>, ready: RegExp): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), "atrium-serve-"));
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? "", ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  await new Promise<void>((ok, fail) => {
    const check = () => {
      if (ready.test(output)) {
        child.stdout?.off("data", check);
        child.off("exit", exited);
        ok();
      }
    };
    const exited = (code: number | null) =>
      fail(new Error(`the server exited (${code}) before it was ready:\n${output}`));
    child.stdout?.on("data", check);
    child.once("exit", exited);
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  return { pid: child.pid as number, output: () => output, stop };
}

/** A GET to 127.0.0.1:port with the given Host header (the site is chosen by it), body as sent. */
export function getWithHost(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer; body: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { ...headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        ok({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: bytes.toString("utf8") });
      });
      res.on("error", fail);
    });
    req.on("error", fail);
    req.end();
  });
}
