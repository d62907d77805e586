import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticFiles } from "./static-files";

const script = `export const lessons = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Lesson ${i}`))};`;
let root: string;
let app: Hono;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "atrium-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "assets/app-1a2b.js"), script);
  writeFileSync(join(root, "assets/app-1a2b.js.br"), brotliCompressSync(script));
  writeFileSync(join(root, "assets/app-1a2b.js.gz"), gzipSync(script));
  writeFileSync(join(root, "assets/font-3c4d.woff2"), new Uint8Array(2048));
  writeFileSync(join(root, "secret.txt"), "not under assets");
  app = new Hono();
  app.use("/assets/*", staticFiles({ root, cacheControl: () => "public, max-age=31536000, immutable" }));
  app.all("*", (c) => c.text("fell through", 404));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app.request(path, { method, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("the build's static files", () => {
  it("sends the precompressed file the browser accepts, with the original's type and its own length", async () => {
    for (const [ae, encoding, file] of [
      ["gzip, deflate, br", "br", "app-1a2b.js.br"],
      ["br;q=0, gzip;q=0.5", "gzip", "app-1a2b.js.gz"],
      ["gzip;q=0.1, br;q=0.9", "br", "app-1a2b.js.br"],
    ] as const) {
      const res = await get("/assets/app-1a2b.js", ae);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(res.headers.get("content-encoding"), ae).toBe(encoding);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
      expect(Buffer.from(bytes).equals(readFileSync(join(root, "assets", file)))).toBe(true);
    }
  });

  it("sends the plain file to a browser that accepts neither, still saying it varies", async () => {
    const res = await get("/assets/app-1a2b.js", "identity");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe(script);
  });

  it("leaves compressed formats alone and answers HEAD with the length only", async () => {
    const font = await get("/assets/font-3c4d.woff2", "br");
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect(font.headers.get("content-encoding")).toBeNull();
    expect(font.headers.get("vary")).toBeNull();
    const head = await get("/assets/app-1a2b.js", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(brotliCompressSync(script).byteLength));
  });

  it("serves nothing outside its folder and passes unknown files on", async () => {
    for (const path of ["/assets/../secret.txt", "/assets/%2e%2e/secret.txt", "/assets/missing.js"]) {
      expect((await get(path, "br")).status, path).toBe(404);
    }
  });
});
