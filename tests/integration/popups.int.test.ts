// Popups (decision 0039): managers keep them with the `forms` plan feature; a visitor's page gets the
// active popups for its path, with only what it needs; impressions, closes and conversions are
// counted exactly, also in parallel; another site's popups and forms are not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { buildForm } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "popup-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "popup-b", { plan: PLAN_IDS.professional });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function newPopup(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/popups", {
    json: { name: `Popup ${uid()}`, content: "<p>Join us</p><script>alert(1)</script>", ...json },
  });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; name: string; content: string };
}

const publicList = async (s: SiteWithOwner, path: string) =>
  (await body(await t.request(s.site.slug, `/api/popups?path=${encodeURIComponent(path)}`))).items as {
    id: string;
  }[];

describe("popups", () => {
  it("creates one with sanitised content and reads, changes and removes it", async () => {
    const p = await newPopup(A, { trigger: { type: "exit" }, frequency: { type: "every_days", days: 3 } });
    expect(p.content).toBe("<p>Join us</p>");
    const changed = await body(await api(A, `/popups/${p.id}`, { method: "PATCH", json: { name: "Renamed" } }));
    expect(changed).toMatchObject({
      name: "Renamed",
      trigger: { type: "exit" },
      frequency: { type: "every_days", days: 3 },
    });
    expect((await api(A, `/popups/${p.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/popups/${p.id}`), 404, "not_found");
  });

  it("refuses another site's form and answers 404 for another site's popup", async () => {
    const form = await buildForm(t.database.db, B.site);
    const refused = await api(A, "/popups", { json: { name: "x", formId: form.id } });
    expect((await expectError(refused, 422, "validation_failed")).details).toEqual([
      { field: "formId", message: "The site has no such form" },
    ]);
    const theirs = await newPopup(B);
    await expectError(await api(A, `/popups/${theirs.id}`), 404, "not_found");
    await expectError(await api(A, `/popups/${theirs.id}`, { method: "PATCH", json: { name: "x" } }), 404, "not_found");
    await expectError(
      await t.request(A.site.slug, `/api/popups/${theirs.id}/event`, { json: { type: "impression" } }),
      404,
      "not_found",
    );
    expect((await publicList(A, "/")).map((p) => p.id)).not.toContain(theirs.id);
  });

  it("gives a page only the active popups meant for its path", async () => {
    const only = await newPopup(A, { pages: { mode: "only", paths: ["/pricing"] } });
    const except = await newPopup(A, { pages: { mode: "except", paths: ["/blog/*"] } });
    const off = await newPopup(A, { status: "inactive" });
    const onPricing = (await publicList(A, "/pricing")).map((p) => p.id);
    expect(onPricing).toEqual(expect.arrayContaining([only.id, except.id]));
    expect(onPricing).not.toContain(off.id);
    const onBlog = (await publicList(A, "/blog/news")).map((p) => p.id);
    expect(onBlog).not.toContain(only.id);
    expect(onBlog).not.toContain(except.id);
  });

  it("counts impressions, closes and conversions exactly, also in parallel", async () => {
    const p = await newPopup(A);
    const send = (type: string) =>
      t.request(A.site.slug, `/api/popups/${p.id}/event`, {
        json: { type },
        headers: { origin: "https://elsewhere.example" },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, () => send("impression")));
    expect(answers.every((r) => r.status === 204)).toBe(true);
    expect((await send("close")).status).toBe(204);
    expect((await send("conversion")).status).toBe(204);
    await expectError(await send("click"), 422, "validation_failed");
    expect(await body(await api(A, `/popups/${p.id}`))).toMatchObject({ impressions: 8, closes: 1, conversions: 1 });
  });

  it("needs the forms plan feature", async () => {
    const starter = await siteWithOwner(t, "popup-s", { plan: PLAN_IDS.starter });
    await expectError(await api(starter, "/popups"), 403, "plan_required");
    expect(await publicList(starter, "/")).toEqual([]);
  });
});
