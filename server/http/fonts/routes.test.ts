import { describe, expect, it } from "vitest";
import { createFontRoutes } from "./routes";

const app = createFontRoutes();

describe("font routes", () => {
  it("serves a font's stylesheet pointing only at this platform", async () => {
    const res = await app.request("/inter.css");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/css");
    const css = await res.text();
    expect(css).toContain("font-family: 'Inter'");
    expect(css).toMatch(/font-weight: 400/);
    expect(css).toMatch(/font-weight: 500/);
    expect(css).toMatch(/font-weight: 700/);
    const urls = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((u) => u.startsWith("/fonts/inter/"))).toBe(true);
  });

  it("serves the font files those URLs name", async () => {
    const css = await (await app.request("/merriweather.css")).text();
    const url = css.match(/url\((\/fonts\/merriweather\/[^)]+\.woff2)\)/)?.[1];
    expect(url).toBeTruthy();
    const res = await app.request(url!.replace(/^\/fonts/, ""));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("font/woff2");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("answers 404 for unknown fonts and for paths outside the font's files", async () => {
    expect((await app.request("/comic-sans.css")).status).toBe(404);
    expect((await app.request("/inter/..%2Fpackage.json")).status).toBe(404);
    expect((await app.request("/inter/roboto-latin-400-normal.woff2")).status).toBe(404);
  });
});
