// A site's installable app (/dashboard/app): the manifest each site serves, its settings with their
// validation, and the site's API keys created once, listed and revoked, for managers only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, siteWithOwner } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let run: ReturnType<typeof withLoadContext>;
beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
});
afterAll(async () => {
  await t?.close();
});

describe("the site's app", () => {
  it("serves each site's own manifest, following its settings", async () => {
    const a = await siteWithOwner(t, "app-a");
    const b = await siteWithOwner(t, "app-b");
    const res = await t.request(a.site.slug, "/manifest.webmanifest");
    expect(res.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    expect(await res.json()).toMatchObject({ name: a.site.slug, display: "standalone", start_url: "/dashboard" });
    const saved = await body(
      await run(a.site.slug, a.ownerCookie, (ctx) =>
        ctx.services.webApp.save({
          name: "Kiln Academy",
          shortName: "Kiln",
          themeColor: "#aa3300",
          backgroundColor: "#ffffff",
        }),
      ),
    );
    expect(saved.result).toMatchObject({ shortName: "Kiln" });
    expect(await (await t.request(a.site.slug, "/manifest.webmanifest")).json()).toMatchObject({
      name: "Kiln Academy",
      short_name: "Kiln",
      theme_color: "#aa3300",
    });
    expect((await (await t.request(b.site.slug, "/manifest.webmanifest")).json()).name).toBe(b.site.slug);
  });

  it("refuses settings that are not valid, naming the field, and keeps the old ones", async () => {
    const s = await siteWithOwner(t, "app-bad");
    const bad = await body(
      await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.webApp.save({ shortName: "Much too long a name" })),
    );
    expect(bad.error).toMatchObject({ code: "validation_failed", details: [{ field: "shortName" }] });
    expect((await (await t.request(s.site.slug, "/manifest.webmanifest")).json()).short_name).toBe(
      s.site.slug.slice(0, 12).trim(),
    );
  });

  it("creates an API key shown once, which then calls the API, and revokes it", async () => {
    const s = await siteWithOwner(t, "app-keys");
    const made = await body(await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.webApp.keys.create("Zapier")));
    const key: string = made.result.key;
    expect(key).toMatch(/^atr_[0-9a-f]{8}_/);
    const list = await body(await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.webApp.keys.list()));
    expect(list.result).toEqual([expect.objectContaining({ name: "Zapier", prefix: key.slice(4, 12) })]);
    expect(JSON.stringify(list.result)).not.toContain(key);
    const auth = { headers: { authorization: `Bearer ${key}` } };
    expect((await t.request(s.site.slug, "/api/v1/posts", auth)).status).toBe(200);
    await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.webApp.keys.revoke(made.result.apiKey.id));
    expect((await t.request(s.site.slug, "/api/v1/posts", auth)).status).toBe(401);
  });

  it("is for the site's managers only", async () => {
    const s = await siteWithOwner(t, "app-who");
    const student = await memberOf(t, s.site, "student");
    const denied = await body(await run(s.site.slug, student.cookie, (ctx) => ctx.services.webApp.settings()));
    expect(denied.error).toMatchObject({ code: "forbidden" });
  });
});
