// Security headers on every kind of answer (JSON, fonts, media, the server's own HTML pages), HSTS
// on an https installation, and the per-site allow-list of script and frame origins that feeds the
// Content-Security-Policy: validated, stored normalised, and refused when the scripts need more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let S: SiteWithOwner;
beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "sechdr", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const patchMisc = (misc: Record<string, unknown>) =>
  t.request(S.site.slug, "/api/v1/site/config", { method: "PATCH", cookie: S.ownerCookie, json: { misc } });

describe("headers on every answer", () => {
  it("JSON answers, errors included, are never sniffed as something else", async () => {
    for (const res of [
      await t.request(S.site.slug, "/api/v1/site"),
      await t.request(S.site.slug, "/api/v1/nothing-here"),
      await t.request(null, "/healthz"),
    ]) {
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("font stylesheets and files too", async () => {
    const css = await t.request(null, "/fonts/inter.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the server's own HTML pages get the policy and cannot be framed by another site", async () => {
    for (const res of [await t.request(S.site.slug, "/api/docs"), await t.app.request("http://nowhere.example/")]) {
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("an uploaded SVG keeps its own sandbox, which forbids every script", async () => {
    const f = new FormData();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2"/></svg>';
    f.set("file", new File([svg], "dot.svg"));
    const item = await body(
      await t.request(S.site.slug, "/api/v1/media", { method: "POST", body: f, cookie: S.ownerCookie }),
    );
    const file = await t.request(S.site.slug, item.url);
    expect(file.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*sandbox/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("HSTS", () => {
  it("is sent by an https installation on every answer", async () => {
    const https = await startTestPlatform({ PUBLIC_SCHEME: "https" });
    try {
      for (const path of ["/healthz", "/api/v1/site", "/api/docs"]) {
        const res = await https.request(null, path);
        expect(res.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
      }
      const docs = await https.request(null, "/api/docs");
      expect(docs.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
  });
});

describe("the allow-list of the owner's script and frame origins", () => {
  it("is stored normalised and shapes the policy of the public pages", async () => {
    const res = await patchMisc({
      scripts: '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>gtag()</script>',
      script_origins: ["https://WWW.googletagmanager.com/", "https://www.googletagmanager.com"],
      frame_origins: ["https://*.calendly.com"],
    });
    expect(res.status).toBe(200);
    expect((await body(res)).misc).toEqual({
      scripts: '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>gtag()</script>',
      script_origins: ["https://www.googletagmanager.com"],
      frame_origins: ["https://*.calendly.com"],
    });
    const docs = await t.request(S.site.slug, "/api/docs");
    expect(docs.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
  });

  it("refuses a line that is not an origin, naming it", async () => {
    for (const bad of ["https://cdn.example.com/lib.js", "*", "'unsafe-inline'", "https://a.com; script-src *"]) {
      const err = await expectError(await patchMisc({ script_origins: [bad] }), 422, "validation_failed");
      expect(err.details).toEqual([expect.objectContaining({ field: "misc.script_origins.0" })]);
    }
    const err = await expectError(
      await patchMisc({ frame_origins: ["javascript:alert(1)"] }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([expect.objectContaining({ field: "misc.frame_origins.0" })]);
  });

  it("refuses scripts that load from an origin the list does not allow, so they are never silently blocked", async () => {
    const script = await expectError(
      await patchMisc({ scripts: '<script src="https://evil.example/x.js"></script>', script_origins: [] }),
      422,
      "validation_failed",
    );
    expect(script.details).toEqual([
      { field: "misc.scripts", message: expect.stringContaining("https://evil.example") },
    ]);
    const frame = await expectError(
      await patchMisc({ scripts: '<iframe src="https://maps.example.org/x"></iframe>', frame_origins: [] }),
      422,
      "validation_failed",
    );
    expect(frame.details).toEqual([{ field: "misc.scripts", message: expect.stringContaining("maps.example.org") }]);
    // Removing an origin the stored scripts still need is refused as well.
    await expectError(await patchMisc({ script_origins: [] }), 422, "validation_failed");
  });
});
