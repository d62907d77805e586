// The site's address and features screen's services: a new slug moves the site (the old address
// stops answering, the same account signs in at the new one), a custom domain gets its DNS record,
// a bad one is refused by name, features switch within the plan, and only managers may do any of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, siteWithOwner, uniqueSlug } from "./helpers";
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

describe("address, domain and features", () => {
  it("moves the site to a new address, where the same account signs in", async () => {
    const s = await siteWithOwner(t, "addr");
    const next = uniqueSlug("moved");
    const res = await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.siteAddress.setSlug(next));
    expect((await body(res)).result.url).toBe(`http://${next}.atrium.test:3000`);
    expect((await t.request(s.site.slug, "/api/v1/site")).status).toBe(404);
    expect((await t.request(next, "/api/v1/site")).status).toBe(200);
    const cookie = await signIn(t, next, s.owner.email, s.owner.password);
    const me = await body(await t.request(next, "/api/v1/me", { cookie }));
    expect(me.isOwner).toBe(true);
  });

  it("refuses an address that is taken or malformed, naming the field", async () => {
    const a = await siteWithOwner(t, "addr-a");
    const b = await siteWithOwner(t, "addr-b");
    const taken = await body(
      await run(a.site.slug, a.ownerCookie, (ctx) => ctx.services.siteAddress.setSlug(b.site.slug)),
    );
    expect(taken.error).toMatchObject({ code: "conflict", details: [{ field: "slug" }] });
    const bad = await body(
      await run(a.site.slug, a.ownerCookie, (ctx) => ctx.services.siteAddress.setSlug("No Spaces!")),
    );
    expect(bad.error).toMatchObject({ code: "validation_failed", details: [{ field: "slug" }] });
  });

  it("sets a custom domain with the CNAME to create, answers at it, and clears it", async () => {
    const s = await siteWithOwner(t, "dom");
    const domain = `${uniqueSlug("academy")}.example.org`;
    const set = await body(await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.siteAddress.setDomain(domain)));
    expect(set.result.record).toEqual({ type: "CNAME", name: domain, value: `${s.site.slug}.atrium.test` });
    const atDomain = await t.app.request(`http://${domain}/api/v1/site`);
    expect((await body(atDomain)).slug).toBe(s.site.slug);
    const check = await body(await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.siteAddress.checkDomain()));
    expect(check.result.pointsHere).toBe(false);
    const bad = await body(
      await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.siteAddress.setDomain("not a domain")),
    );
    expect(bad.error).toMatchObject({ code: "validation_failed", details: [{ field: "domain" }] });
    await run(s.site.slug, s.ownerCookie, (ctx) => ctx.services.siteAddress.setDomain(null));
    expect((await t.app.request(`http://${domain}/api/v1/site`)).status).toBe(404);
  });

  it("switches features within the plan, and only for managers", async () => {
    const starter = await siteWithOwner(t, "feat");
    const refused = await body(
      await run(starter.site.slug, starter.ownerCookie, (ctx) =>
        ctx.services.siteAddress.setFeatures({ gamification: true }),
      ),
    );
    expect(refused.error).toMatchObject({ code: "plan_required" });
    const ok = await body(
      await run(starter.site.slug, starter.ownerCookie, (ctx) =>
        ctx.services.siteAddress.setFeatures({ groups: true }),
      ),
    );
    expect(ok.result.groups).toBe(true);
    const lifetime = await siteWithOwner(t, "feat-life", { plan: PLAN_IDS.lifetime });
    const on = await body(
      await run(lifetime.site.slug, lifetime.ownerCookie, (ctx) =>
        ctx.services.siteAddress.setFeatures({ gamification: true }),
      ),
    );
    expect(on.result.gamification).toBe(true);
    const student = await memberOf(t, starter.site, "student");
    const denied = await body(await run(starter.site.slug, student.cookie, (ctx) => ctx.services.siteAddress.state()));
    expect(denied.error).toMatchObject({ code: "forbidden" });
  });
});
