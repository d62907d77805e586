// The site search over members and the public member directory: names and slugs only, this site only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildMember, buildUser } from "../../server/seed/builders";
import { directory, profile } from "../../server/modules/members";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { siteWithOwner, uniqueEmail } from "./helpers";

describe("search and directory", () => {
  let t: TestPlatform;
  let slugA: string;
  let accountA: string;
  beforeAll(async () => {
    t = await startTestPlatform();
    const a = await siteWithOwner(t, "search-a");
    const b = await siteWithOwner(t, "search-b");
    slugA = a.site.slug;
    accountA = a.site.accountId;
    for (const name of ["Grace Hopper", "Grace Kelly", "Alan Turing"]) {
      await buildMember(
        t.database.db,
        a.site,
        await buildUser(t.platform.auth, { email: uniqueEmail("m"), name }),
        "student",
      );
    }
    await buildMember(
      t.database.db,
      b.site,
      await buildUser(t.platform.auth, { email: uniqueEmail("m"), name: "Grace Elsewhere" }),
      "student",
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds this site's members by part of their name, case-insensitively, with a profile link", async () => {
    const res = await t.request(slugA, "/api/v1/search?q=gRaCe&type=all");
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results.map((r: { title: string }) => r.title).sort()).toEqual(["Grace Hopper", "Grace Kelly"]);
    expect(results[0].url).toMatch(/^\/members\/grace-/);
    expect(results.every((r: { type: string }) => r.type === "members")).toBe(true);
  });

  it("finds nothing for an empty term, a type without content yet, or a term matching another site", async () => {
    expect((await (await t.request(slugA, "/api/v1/search?q=")).json()).results).toEqual([]);
    expect((await (await t.request(slugA, "/api/v1/search?q=grace&type=course")).json()).results).toEqual([]);
    expect((await (await t.request(slugA, "/api/v1/search?q=elsewhere")).json()).results).toEqual([]);
    const bad = await t.request(slugA, "/api/v1/search?q=x&type=spaceships");
    expect(bad.status).toBe(422);
  });

  it("treats % and _ in a term as text, not as patterns", async () => {
    expect((await (await t.request(slugA, "/api/v1/search?q=%25")).json()).results).toEqual([]);
    expect((await (await t.request(slugA, "/api/v1/search?q=_")).json()).results).toEqual([]);
  });

  it("lists the directory alphabetically with names, slugs and picture ids only, and finds a profile by slug", async () => {
    const page = await directory(t.database.db, accountA, 1);
    expect(page.total).toBe(4);
    const names = page.items.map((m) => m.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    // The user id only addresses the public picture /avatars/{userId}/avatar.jpg; never an e-mail.
    expect(Object.keys(page.items[0]).sort()).toEqual(["name", "since", "slug", "userId"]);
    const one = await profile(t.database.db, accountA, page.items[0].slug);
    expect(one?.name).toBe(page.items[0].name);
    expect(await profile(t.database.db, accountA, "nobody-here")).toBeNull();
  });
});
