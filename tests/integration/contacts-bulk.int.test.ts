// Bulk actions and tags on the site's contacts (decision 0038): one action on many contacts changes
// exactly those that it applies to and answers how many; another site's ids are not found and
// nothing changes; the tags come back with their counts; a new contact's history starts with
// "created"; and only the site's managers reach any of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { contacts } from "../../server/modules/audience";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "bulk-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "bulk-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function newContact(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/contacts", { json: { email: `b-${uid()}@school.org`, ...json } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; email: string; tags: string[]; status: number };
}

async function listCount(s: SiteWithOwner, id: string) {
  const res = (await body(await api(s, "/lists"))) as
    | { items?: { id: string; contacts: number }[] }
    | { id: string; contacts: number }[];
  const items = Array.isArray(res) ? res : (res.items ?? []);
  return items.find((l) => l.id === id)?.contacts;
}

async function refusedField(res: Response, field: string) {
  const e = await expectError(res, 422, "validation_failed");
  expect(JSON.stringify(e.details)).toContain(`"${field}"`);
}

const get = async (s: SiteWithOwner, id: string) =>
  (await body(await api(s, `/contacts/${id}`))) as { tags: string[]; status: number };

describe("bulk actions", () => {
  it("adds a tag only where it is missing and removes it only where it is", async () => {
    const a = await newContact(A, { tags: ["vip"] });
    const b = await newContact(A);
    const add = await api(A, "/contacts/bulk", { json: { ids: [a.id, b.id], action: "add_tag", tag: "vip" } });
    expect(await body(add)).toEqual({ changed: 1 });
    expect((await get(A, a.id)).tags).toEqual(["vip"]);
    expect((await get(A, b.id)).tags).toEqual(["vip"]);
    const remove = await api(A, "/contacts/bulk", { json: { ids: [a.id], action: "remove_tag", tag: "vip" } });
    expect(await body(remove)).toEqual({ changed: 1 });
    expect((await get(A, a.id)).tags).toEqual([]);
  });

  it("sets the status, puts on and takes off a list, and deletes", async () => {
    const a = await newContact(A);
    const b = await newContact(A);
    const off = await api(A, "/contacts/bulk", { json: { ids: [a.id, b.id], action: "set_status", status: 0 } });
    expect(await body(off)).toEqual({ changed: 2 });
    expect((await get(A, a.id)).status).toBe(0);

    const list = (await body(await api(A, "/lists", { json: { name: `Bulk ${uid()}` } }))) as { id: string };
    const on = await api(A, "/contacts/bulk", { json: { ids: [a.id, b.id], action: "add_to_list", listId: list.id } });
    expect(await body(on)).toEqual({ changed: 2 });
    expect(await listCount(A, list.id)).toBe(2);
    const offList = await api(A, "/contacts/bulk", {
      json: { ids: [a.id], action: "remove_from_list", listId: list.id },
    });
    expect(await body(offList)).toEqual({ changed: 1 });

    const del = await api(A, "/contacts/bulk", { json: { ids: [a.id, b.id], action: "delete" } });
    expect(await body(del)).toEqual({ changed: 2 });
    expect((await api(A, `/contacts/${a.id}`)).status).toBe(404);
    expect(await listCount(A, list.id)).toBe(0);
  });

  it("refuses an action without what it needs, naming the field", async () => {
    const a = await newContact(A);
    await refusedField(await api(A, "/contacts/bulk", { json: { ids: [a.id], action: "add_tag" } }), "tag");
    await refusedField(await api(A, "/contacts/bulk", { json: { ids: [a.id], action: "add_to_list" } }), "listId");
  });

  it("answers 404 for another site's contact and changes nothing", async () => {
    const mine = await newContact(A);
    const theirs = await newContact(B);
    const res = await api(A, "/contacts/bulk", { json: { ids: [mine.id, theirs.id], action: "add_tag", tag: "x" } });
    expect(res.status).toBe(404);
    expect((await get(A, mine.id)).tags).toEqual([]);
    expect((await get(B, theirs.id)).tags).toEqual([]);
    const del = await api(A, "/contacts/bulk", { json: { ids: [theirs.id], action: "delete" } });
    expect(del.status).toBe(404);
    expect((await api(B, `/contacts/${theirs.id}`)).status).toBe(200);
  });

  it("is for managers only", async () => {
    const a = await newContact(A);
    const student = await memberOf(t, A.site, "student", "bulk-student");
    const res = await t.request(A.site.slug, "/api/v1/contacts/bulk", {
      cookie: student.cookie,
      json: { ids: [a.id], action: "delete" },
    });
    expect(res.status).toBe(403);
    expect((await get(A, a.id)).status).toBe(1);
    expect((await t.request(A.site.slug, "/api/v1/tags", { cookie: student.cookie })).status).toBe(403);
  });
});

describe("tags and history", () => {
  it("lists the site's tags with their counts, not another site's", async () => {
    const tag = `t-${uid()}`;
    await newContact(A, { tags: [tag, "shared"] });
    await newContact(A, { tags: [tag] });
    await newContact(B, { tags: ["only-b"] });
    const items = ((await body(await api(A, "/tags"))) as { items: { tag: string; contacts: number }[] }).items;
    expect(items).toContainEqual({ tag, contacts: 2 });
    expect(items.map((i) => i.tag)).not.toContain("only-b");
  });

  it("starts a new contact's history with 'created', and another site's contact has none to show", async () => {
    const a = await newContact(A);
    const events = await contacts.history(t.database.db, A.site.accountId, a.id);
    expect(events.map((e) => e.kind)).toEqual(["created"]);
    await expect(contacts.history(t.database.db, B.site.accountId, a.id)).rejects.toMatchObject({ status: 404 });
    // Merging a known address adds no second "created".
    await api(A, "/contacts", { json: { email: a.email } });
    expect((await contacts.history(t.database.db, A.site.accountId, a.id)).length).toBe(1);
  });
});

describe("export", () => {
  it("writes the filter's contacts as CSV with quoting, lists and a guard against formulas", async () => {
    const tag = `exp-${uid()}`;
    // A value needs its field defined first (decision 0044).
    expect((await api(A, "/fields", { json: { key: "city", label: "City", type: "text" } })).status).toBe(201);
    const a = await newContact(A, { name: "=cmd|' /C calc'!A0", tags: [tag, "x,y"], fields: { city: "Paris" } });
    await newContact(A, { name: "Not exported" });
    await newContact(B, { tags: [tag] });
    const list = (await body(await api(A, "/lists", { json: { name: `Export ${uid()}` } }))) as {
      id: string;
      name: string;
    };
    await api(A, `/lists/${list.id}/contacts`, { json: { contactIds: [a.id] } });
    const res = await api(A, `/contacts/export.csv?tag=${tag}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("email,name,status,source,tags,lists,fields,created");
    expect(lines).toHaveLength(2);
    expect(
      lines[1].startsWith(
        `${a.email},'=cmd|' /C calc'!A0,active,manual,"${tag};x,y",${list.name},"{""city"":""Paris""}",`,
      ),
    ).toBe(true);
    const other = await api(B, `/contacts/export.csv?tag=${tag}`);
    expect((await other.text()).split("\r\n").filter(Boolean)).toHaveLength(2);
    expect((await t.request(A.site.slug, "/api/v1/contacts/export.csv")).status).toBe(401);
  });
});
