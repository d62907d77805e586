// What the shells' loaders and actions get from the server (server/http/load-context.ts): the
// site's configuration, and services for notifications, presence, preferences, configuration and
// the page cache, each deciding from the request's own member what it allows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../server/modules/notifications";
import { withLoadContext } from "./load-context-app";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let student: Awaited<ReturnType<typeof memberOf>>;
let loader: ReturnType<typeof withLoadContext>;

beforeAll(async () => {
  t = await startTestPlatform();
  loader = withLoadContext(t);
  A = await siteWithOwner(t, "ctx-a");
  B = await siteWithOwner(t, "ctx-b");
  student = await memberOf(t, A.site, "student");
  await t.request(B.site.slug, "/api/v1/site/config", {
    method: "PATCH",
    cookie: B.ownerCookie,
    json: { misc: { scripts: "<script>b()</script>" } },
  });
});
afterAll(async () => {
  await t?.close();
});

const result = async (res: Response) => (await body(res)).result;

describe("siteConfig", () => {
  it("is the configuration of the site answering the host, scripts included, and only that site's", async () => {
    const onA = await result(await loader(A.site.slug, undefined, (ctx) => ctx.siteConfig));
    expect(onA.settings.sitetitle).toBe(A.site.settings.sitetitle);
    expect(onA.misc.scripts).toBe("");
    const onB = await result(await loader(B.site.slug, undefined, (ctx) => ctx.siteConfig));
    expect(onB.misc.scripts).toBe("<script>b()</script>");
  });
});

describe("services.site.updateConfig", () => {
  it("lets the owner change the configuration, and refuses a student whatever the page sends", async () => {
    const ok = await loader(A.site.slug, A.ownerCookie, (ctx) =>
      ctx.services.site.updateConfig({ header: { header_cart: false } }),
    );
    expect((await result(ok)).header.header_cart).toBe(false);
    await expectError(
      await loader(A.site.slug, student.cookie, (ctx) =>
        ctx.services.site.updateConfig({ settings: { sitetitle: "Student's site" } }),
      ),
      403,
      "forbidden",
    );
    await expectNotAuthenticated(
      await loader(A.site.slug, undefined, (ctx) => ctx.services.site.updateConfig({ header: {} })),
    );
    const config = await result(await loader(A.site.slug, undefined, (ctx) => ctx.siteConfig));
    expect(config.settings.sitetitle).toBe(A.site.settings.sitetitle);
  });
});

describe("services.notifications", () => {
  it("lists, marks read and marks all read for the signed-in member only", async () => {
    const mine = await notifications.create(t.database.db, A.site.accountId, {
      userId: student.user.id,
      title: "Quiz graded",
    });
    await notifications.create(t.database.db, A.site.accountId, {
      userId: student.user.id,
      title: "New message",
      type: "chat",
    });
    const ownersOwn = await notifications.create(t.database.db, A.site.accountId, {
      userId: A.owner.id,
      title: "Owner only",
    });
    const listed = await result(await loader(A.site.slug, student.cookie, (ctx) => ctx.services.notifications.list()));
    expect(listed).toMatchObject({ total: 2, unread: 2 });
    const read = await result(
      await loader(A.site.slug, student.cookie, (ctx) => ctx.services.notifications.markRead(mine.id)),
    );
    expect(read.read).toBe(true);
    await expectError(
      await loader(A.site.slug, student.cookie, (ctx) => ctx.services.notifications.markRead(ownersOwn.id)),
      404,
      "not_found",
    );
    const all = await result(
      await loader(A.site.slug, student.cookie, (ctx) => ctx.services.notifications.markAllRead("chat")),
    );
    expect(all).toEqual({ updated: 1 });
    await expectNotAuthenticated(await loader(A.site.slug, undefined, (ctx) => ctx.services.notifications.list()));
  });
});

describe("member preferences in the context", () => {
  it("context.member carries language and menuPreference; services.preferences.update changes them", async () => {
    const saved = await result(
      await loader(A.site.slug, student.cookie, (ctx) =>
        ctx.services.preferences.update({ language: "es", menu: [{ id: "points", enabled: false }] }),
      ),
    );
    expect(saved).toEqual({ language: "es", menuPreference: [{ id: "points", enabled: false }] });
    const member = await result(await loader(A.site.slug, student.cookie, (ctx) => ctx.member));
    expect(member).toMatchObject({ language: "es", menuPreference: [{ id: "points", enabled: false }] });
  });
});

describe("services.presence and services.pageCache", () => {
  it("presence is for members; clearing the page cache is for managers", async () => {
    expect(await result(await loader(A.site.slug, student.cookie, (ctx) => ctx.services.presence.list()))).toEqual({
      online: [],
      count: 0,
    });
    await expectNotAuthenticated(await loader(A.site.slug, undefined, (ctx) => ctx.services.presence.list()));
    expect((await loader(A.site.slug, A.ownerCookie, (ctx) => ctx.services.pageCache.invalidate())).status).toBe(200);
    expect((await loader(A.site.slug, A.ownerCookie, (ctx) => ctx.services.pageCache.invalidate("/blog"))).status).toBe(
      200,
    );
    await expectError(
      await loader(A.site.slug, student.cookie, (ctx) => ctx.services.pageCache.invalidate()),
      403,
      "forbidden",
    );
  });
});
