// A member's own language and dashboard menu on a site (spec §2 per-user menu preference, §9 the
// 20 languages): PATCH /api/v1/me/preferences, read back by GET /api/v1/me and by loaders through
// the member context; per site, per member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../server/modules/members";
import { buildMember } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "pref-a");
  B = await siteWithOwner(t, "pref-b");
});
afterAll(async () => {
  await t?.close();
});

const save = (slug: string, cookie: string, json: unknown) =>
  t.request(slug, "/api/v1/me/preferences", { method: "PATCH", cookie, json });
const me = async (slug: string, cookie: string) => body(await t.request(slug, "/api/v1/me", { cookie }));

describe("PATCH /api/v1/me/preferences", () => {
  it("starts empty, saves each field on its own, and GET /me reports both", async () => {
    const student = await memberOf(t, A.site, "student");
    expect(await me(A.site.slug, student.cookie)).toMatchObject({ language: null, menuPreference: null });

    const lang = await save(A.site.slug, student.cookie, { language: "fr" });
    expect(await body(lang)).toEqual({ language: "fr", menuPreference: null });
    const menu = [
      { id: "messages", enabled: true },
      { id: "courses", enabled: false },
    ];
    expect(await body(await save(A.site.slug, student.cookie, { menu }))).toEqual({
      language: "fr",
      menuPreference: menu,
    });
    expect(await me(A.site.slug, student.cookie)).toMatchObject({ language: "fr", menuPreference: menu });

    // null puts one back to the default and keeps the other.
    expect(await body(await save(A.site.slug, student.cookie, { language: null }))).toEqual({
      language: null,
      menuPreference: menu,
    });
    const ctx = await members.context(t.database.db, A.site, student.user.id);
    expect(ctx).toMatchObject({ language: null, menuPreference: menu });
  });

  it("refuses languages outside the 20, more than 50 items, duplicates and unknown fields", async () => {
    const student = await memberOf(t, A.site, "student");
    await save(A.site.slug, student.cookie, { language: "de" });
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ id: `item-${i}`, enabled: true }));
    const cases: [unknown, string][] = [
      [{ language: "xx" }, "language"],
      [{ menu: tooMany }, "menu"],
      [
        {
          menu: [
            { id: "a", enabled: true },
            { id: "a", enabled: false },
          ],
        },
        "menu",
      ],
      [{ menu: [{ id: "a", enabled: "yes" }] }, "menu.0.enabled"],
      [{ theme: "dark" }, "theme"],
    ];
    for (const [json, field] of cases) {
      const err = await expectError(await save(A.site.slug, student.cookie, json), 422, "validation_failed");
      expect((err.details as { field: string }[])[0].field, JSON.stringify(json)).toBe(field);
    }
    expect((await me(A.site.slug, student.cookie)).language).toBe("de");
  });

  it("is per site and per member: a change on A leaves the same person's B membership and others alone", async () => {
    const student = await memberOf(t, A.site, "student", "two-sites");
    const other = await memberOf(t, A.site, "student", "neighbour");
    await buildMember(t.database.db, B.site, student.user, "student");
    const onB = await signIn(t, B.site.slug, student.user.email, student.user.password);

    await save(A.site.slug, student.cookie, { language: "ja", menu: [{ id: "points", enabled: false }] });
    expect(await me(B.site.slug, onB)).toMatchObject({ language: null, menuPreference: null });
    expect(await me(A.site.slug, other.cookie)).toMatchObject({ language: null, menuPreference: null });
  });

  it("needs a session", async () => {
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/me/preferences", { method: "PATCH", json: {} }));
  });
});
