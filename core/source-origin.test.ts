import { describe, expect, it } from "vitest";
import { originCovers, parseOriginLines, parseSourceOrigin } from "./source-origin";

describe("parseSourceOrigin", () => {
  it("keeps origins and subdomain wildcards, normalised", () => {
    expect(parseSourceOrigin(" https://CDN.Example.com/ ")).toBe("https://cdn.example.com");
    expect(parseSourceOrigin("https://*.example.com")).toBe("https://*.example.com");
    expect(parseSourceOrigin("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    expect(parseSourceOrigin("https://example.com:443")).toBe("https://example.com");
    expect(parseSourceOrigin("https://bücher.de")).toBe("https://xn--bcher-kva.de");
  });

  it("refuses anything that is not exactly an origin", () => {
    for (const bad of [
      "",
      "*",
      "https://*",
      "https://*.com",
      "example.com",
      "ftp://example.com",
      "data:",
      "'unsafe-inline'",
      "https://example.com/path.js",
      "https://example.com?x=1",
      "https://example.com#x",
      "https://user:pw@example.com",
      "https://example.com; script-src *",
      "https://exa mple.com",
      "https://a.*.example.com",
      "https://-bad.example.com",
      "https://example.com:99999",
      "https:\\\\example.com",
    ]) {
      expect(parseSourceOrigin(bad), bad).toBeNull();
    }
  });
});

describe("originCovers", () => {
  const covers = (allowed: string, url: string) => originCovers(allowed, new URL(url));
  it("matches scheme, host and port as a browser's policy does", () => {
    expect(covers("https://cdn.example.com", "https://cdn.example.com/a.js")).toBe(true);
    expect(covers("https://cdn.example.com", "http://cdn.example.com/a.js")).toBe(false);
    expect(covers("http://cdn.example.com", "https://cdn.example.com/a.js")).toBe(true);
    expect(covers("https://cdn.example.com", "https://cdn.example.com:8443/a.js")).toBe(false);
    expect(covers("http://127.0.0.1:8080", "http://127.0.0.1:8080/w.js")).toBe(true);
    expect(covers("https://*.example.com", "https://a.b.example.com/x")).toBe(true);
    expect(covers("https://*.example.com", "https://example.com/x")).toBe(false);
    expect(covers("https://example.com", "https://evil-example.com/x")).toBe(false);
  });
});

describe("parseOriginLines", () => {
  it("reads one origin a line, without duplicates, and names the lines that are not", () => {
    expect(parseOriginLines("https://a.com\n\nhttps://A.com/\r\nnot an origin\nhttps://*.b.org")).toEqual({
      origins: ["https://a.com", "https://*.b.org"],
      invalid: ["not an origin"],
    });
  });
});
