import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression } from "./compression";

const big = JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ id: i, title: `Lesson ${i}` })) });

function appWith(route: (app: Hono) => void) {
  const app = new Hono();
  app.use("*", compression);
  route(app);
  return app;
}

const get = (app: Hono, path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("compression of dynamic answers", () => {
  const app = appWith((a) => {
    a.get("/json", (c) => c.json(JSON.parse(big)));
    a.get("/tiny", (c) => c.json({ ok: true }));
    a.get("/png", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/png" }));
    a.get("/no-transform", (c) =>
      c.body(big, 200, { "Content-Type": "application/json", "Cache-Control": "no-transform" }),
    );
    a.get("/tagged", (c) => c.body(big, 200, { "Content-Type": "text/css", ETag: '"v1"', Vary: "Accept" }));
  });

  it("answers brotli or gzip as accepted, with the compressed length and Vary", async () => {
    const br = await get(app, "/json", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-type")).toMatch(/application\/json/);
    const bytes = new Uint8Array(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(big.length / 4);
    expect(brotliDecompressSync(bytes).toString()).toBe(big);

    const gz = await get(app, "/json", "br;q=0, gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(big);
  });

  it("sends the body as it is when nothing is accepted, when it is tiny or already compressed", async () => {
    for (const [path, ae] of [
      ["/json", undefined],
      ["/json", "identity"],
      ["/tiny", "br"],
      ["/png", "br"],
      ["/no-transform", "br"],
    ] as const) {
      const res = await get(app, path, ae);
      expect(res.headers.get("content-encoding"), `${path} ${ae}`).toBeNull();
    }
    expect(await (await get(app, "/json")).text()).toBe(big);
    expect((await get(app, "/json")).headers.get("vary")).toBe("Accept-Encoding");
  });

  it("keeps what the answer varies on, and weakens a strong tag", async () => {
    const res = await get(app, "/tagged", "br");
    expect(res.headers.get("vary")).toBe("Accept, Accept-Encoding");
    expect(res.headers.get("etag")).toBe('W/"v1"');
  });
});

describe("a streamed answer", () => {
  it("reaches the browser part by part: the first part arrives while the rest is still being written", async () => {
    let release: () => void = () => undefined;
    const rest = new Promise<void>((ok) => {
      release = ok;
    });
    const shell = `<!doctype html><main>${"shell ".repeat(2000)}SHELL-END</main>`;
    const app = appWith((a) =>
      a.get("/page", () => {
        const enc = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(enc.encode(shell));
            await rest;
            controller.enqueue(enc.encode("<p>LATE-PART</p>"));
            controller.close();
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/html" } });
      }),
    );
    const res = await get(app, "/page", "br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-length")).toBeNull();

    // Decompress as the bytes come; the late part is only written once the shell was read.
    const inflate = createBrotliDecompress();
    let text = "";
    inflate.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const ended = new Promise((ok) => inflate.once("end", ok));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    while (!text.includes("SHELL-END")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the answer ended before its first part arrived");
      await new Promise<void>((ok) => inflate.write(value, () => ok()));
      await new Promise((ok) => setImmediate(ok));
    }
    expect(text).not.toContain("LATE-PART");
    release();
    for (let r = await reader.read(); !r.done; r = await reader.read()) inflate.write(r.value);
    inflate.end();
    await ended;
    expect(text.endsWith("<p>LATE-PART</p>")).toBe(true);
  });
});
