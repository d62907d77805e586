// The page cache in front of the real React Router build: the home page of a site rendered for a
// visitor is served from memory the second time, never to a signed-in member, and re-rendered with
// the new title after the owner renames the site. Needs `npm run build` (the server bundle).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { loadServerBuild, serverBuildExists } from "../support/server-build";
import { type SiteWithOwner, siteWithOwner } from "./helpers";

describe.skipIf(!serverBuildExists())("page cache with the React Router build", () => {
  let t: TestPlatform;
  let S: SiteWithOwner;
  beforeAll(async () => {
    t = await startTestPlatform({}, { build: await loadServerBuild() });
    S = await siteWithOwner(t, "pcb");
  });
  afterAll(async () => {
    await t?.close();
  });

  const home = async (cookie?: string) => {
    const res = await t.request(S.site.slug, "/", { cookie });
    return {
      status: res.status,
      cache: res.headers.get("x-cache"),
      type: res.headers.get("content-type"),
      html: await res.text(),
    };
  };

  it("renders the home page once for visitors, then serves it from the cache", async () => {
    const first = await home();
    expect(first).toMatchObject({ status: 200, cache: "MISS" });
    expect(first.type).toMatch(/text\/html/);
    expect(first.html).toContain(S.site.settings.sitetitle);
    const second = await home();
    expect(second.cache).toBe("HIT");
    expect(second.html).toBe(first.html);
  });

  it("renders the signed-in owner's own page every time", async () => {
    await home();
    for (let i = 0; i < 2; i++) expect((await home(S.ownerCookie)).cache).toBe("BYPASS");
  });

  it("shows the new site title right after the owner changes it", async () => {
    await home();
    expect((await home()).cache).toBe("HIT");
    const res = await t.request(S.site.slug, "/api/v1/site/config", {
      method: "PATCH",
      cookie: S.ownerCookie,
      json: { settings: { sitetitle: "Freshly Renamed School" } },
    });
    expect(res.status).toBe(200);
    const after = await home();
    expect(after.cache).toBe("MISS");
    expect(after.html).toContain("Freshly Renamed School");
  });
});
