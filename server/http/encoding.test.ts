import { describe, expect, it } from "vitest";
import { etagMatches, isCompressible, negotiateEncoding, varyOnEncoding } from "./encoding";

describe("negotiateEncoding", () => {
  it("prefers brotli, falls back to gzip, and sends the body as it is when neither is accepted", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
  });

  it("honours q-values and the wildcard", () => {
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=1.0, br;q=1.0")).toBe("br");
    expect(negotiateEncoding("BR ; Q=0.9")).toBe("br");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0, *;q=0")).toBeNull();
    expect(negotiateEncoding("br;q=nonsense, gzip;q=0.2")).toBe("gzip");
  });
});

describe("isCompressible", () => {
  it("takes text formats and leaves compressed ones and event streams alone", () => {
    for (const t of [
      "text/html",
      "text/html; charset=utf-8",
      "text/css",
      "text/javascript",
      "application/javascript",
      "application/json",
      "application/problem+json",
      "application/rss+xml",
      "image/svg+xml",
      "text/csv",
    ]) {
      expect(isCompressible(t), t).toBe(true);
    }
    for (const t of [
      "image/png",
      "image/avif",
      "video/mp4",
      "application/pdf",
      "application/zip",
      "font/woff2",
      "text/event-stream",
      "",
      null,
    ]) {
      expect(isCompressible(t), String(t)).toBe(false);
    }
  });
});

describe("varyOnEncoding", () => {
  it("adds Accept-Encoding once to what the answer varies on", () => {
    expect(varyOnEncoding(null)).toBe("Accept-Encoding");
    expect(varyOnEncoding("Accept")).toBe("Accept, Accept-Encoding");
    expect(varyOnEncoding("accept-encoding")).toBe("accept-encoding");
    expect(varyOnEncoding("*")).toBe("*");
  });
});

describe("etagMatches", () => {
  it("compares weakly, so a compressed copy's tag revalidates the file", () => {
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});
