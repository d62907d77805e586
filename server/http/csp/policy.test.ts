import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./policy";

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name, values];
    }),
  );

describe("contentSecurityPolicy", () => {
  it("runs scripts from the site and with the answer's nonce only; no eval, no plugins, no framing by others", () => {
    const p = directives(
      contentSecurityPolicy({ grant: { nonce: "abc" }, owner: null, origin: "http://demo.localhost:3000" }),
    );
    expect(p["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(p["default-src"]).toEqual(["'self'"]);
    expect(p["object-src"]).toEqual(["'none'"]);
    expect(p["base-uri"]).toEqual(["'self'"]);
    expect(p["frame-ancestors"]).toEqual(["'self'"]);
    expect(p["connect-src"]).toEqual(["'self'", "ws://demo.localhost:3000"]);
    expect(p["font-src"]).toEqual(["'self'", "data:"]);
    expect(p["frame-src"]).toEqual(["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"]);
    expect(p["upgrade-insecure-requests"]).toBeUndefined();
    expect(Object.values(p).flat()).not.toContain("'unsafe-eval'");
  });

  it("allows a cached page's scripts by hash, with no nonce at all", () => {
    const p = directives(
      contentSecurityPolicy({ grant: { hashes: ["'sha256-x'", "'sha256-y'"] }, owner: null, origin: null }),
    );
    expect(p["script-src"]).toEqual(["'self'", "'sha256-x'", "'sha256-y'"]);
    expect(p["connect-src"]).toEqual(["'self'"]);
  });

  it("adds the owner's inline code and origins where the owner's scripts run", () => {
    const p = directives(
      contentSecurityPolicy({
        grant: { nonce: "n" },
        owner: {
          hashes: ["'sha256-o'"],
          scriptOrigins: ["https://cdn.example.com"],
          frameOrigins: ["https://cal.example"],
        },
        origin: "https://school.example.com",
      }),
    );
    expect(p["script-src"]).toEqual(["'self'", "'nonce-n'", "'sha256-o'", "https://cdn.example.com"]);
    expect(p["style-src"]).toContain("https://cdn.example.com");
    expect(p["connect-src"]).toEqual(["'self'", "wss://school.example.com", "https://cdn.example.com"]);
    expect(p["frame-src"]).toContain("https://cal.example");
    expect(p["upgrade-insecure-requests"]).toEqual([]);
  });
});
