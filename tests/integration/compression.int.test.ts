// Compression of real answers (needs `npm run build`): API JSON and signed-in pages are compressed as
// they go out; a page the page cache keeps is compressed once when stored, and every visitor after
// that gets the stored bytes in the encoding they accept with no compression work at all.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { compressBytes as CompressBytes } from "../../server/http/compress";
import type { TestPlatform } from "../support/platform";
import { loadServerBuild, serverBuildExists } from "../support/server-build";
import type { SiteWithOwner } from "./helpers";

vi.mock("../../server/http/compress", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/http/compress")>();
  return { ...real, compressBytes: vi.fn(real.compressBytes) };
});

const BROWSER = "gzip, deflate, br, zstd";

const decoded = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(Number(res.headers.get("content-length") ?? bytes.byteLength)).toBe(bytes.byteLength);
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return brotliDecompressSync(bytes).toString();
  if (encoding === "gzip") return gunzipSync(bytes).toString();
  return new TextDecoder().decode(bytes);
};

describe.skipIf(!serverBuildExists())("compressed answers", () => {
  let t: TestPlatform;
  let S: SiteWithOwner;
  let compressBytes: typeof CompressBytes;
  beforeAll(async () => {
    // The integration files share their worker's modules (vitest.config.ts): the server is loaded
    // afresh here so that it uses the counted compressBytes above.
    vi.resetModules();
    ({ compressBytes } = await import("../../server/http/compress"));
    const { startTestPlatform } = await import("../support/platform");
    const { siteWithOwner } = await import("./helpers");
    t = await startTestPlatform({}, { build: await loadServerBuild() });
    S = await siteWithOwner(t, "gzip");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("compresses API JSON as the client asks", async () => {
    const plain = await t.request(S.site.slug, "/api/v1/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const json = await plain.text();
    for (const [ae, encoding] of [
      [BROWSER, "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=0.4", "gzip"],
    ] as const) {
      const res = await t.request(S.site.slug, "/api/v1/openapi.json", { headers: { "accept-encoding": ae } });
      expect(res.headers.get("content-encoding"), ae).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await decoded(res)).toBe(json);
    }
  });

  it("compresses a signed-in page on its way out", async () => {
    const res = await t.request(S.site.slug, "/dashboard", {
      cookie: S.ownerCookie,
      headers: { "accept-encoding": BROWSER },
    });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await decoded(res)).toContain("</html>");
  });

  it("compresses a cached page once per encoding asked for, and serves every visitor after that from the stored bytes", async () => {
    const work = vi.mocked(compressBytes);
    work.mockClear();
    const first = await t.request(S.site.slug, "/blog", { headers: { "accept-encoding": BROWSER } });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("content-encoding")).toBe("br");
    const html = await decoded(first);
    expect(html).toContain("</html>");
    // Only brotli so far: nobody has asked for gzip yet.
    expect(work.mock.calls.map((c) => c[1])).toEqual(["br"]);

    for (const [ae, encoding] of [
      [BROWSER, "br"],
      [BROWSER, "br"],
      ["gzip", "gzip"],
      ["gzip", "gzip"],
      [undefined, null],
    ] as const) {
      const res = await t.request(S.site.slug, "/blog", { headers: ae ? { "accept-encoding": ae } : {} });
      expect(res.headers.get("x-cache")).toBe("HIT");
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toContain("Accept-Encoding");
      expect(await decoded(res)).toBe(html);
    }
    // gzip was made once, for the first visitor who asked for it; nothing was compressed again.
    expect(work.mock.calls.map((c) => c[1])).toEqual(["br", "gzip"]);
  });
});
