// Tags across contacts and typed custom fields (decision 0044): a rename merges into a tag a contact
// already has without a duplicate, a delete removes the tag everywhere on the site and nowhere else,
// values are refused unless they match their field's type (naming `fields.<key>`), another site's
// field is not found, and a member's tags live on the contact with the member's e-mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { contacts, memberTags, setFields, tagMember } from "../../server/modules/audience";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "tagf-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "tagf-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function newContact(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/contacts", { json: { email: `tf-${uid()}@school.org`, ...json } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; email: string; tags: string[]; fields: Record<string, unknown> };
}
const get = async (s: SiteWithOwner, id: string) =>
  (await body(await api(s, `/contacts/${id}`))) as { tags: string[]; fields: Record<string, unknown> };

async function refused(res: Response, field: string) {
  const e = await expectError(res, 422, "validation_failed");
  expect(e.details).toContainEqual(expect.objectContaining({ field }));
}

async function newField(s: SiteWithOwner, json: Record<string, unknown>) {
  const res = await api(s, "/fields", { method: "POST", json });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; key: string };
}

describe("tags across contacts", () => {
  it("renames a tag everywhere on the site, merging without duplicates", async () => {
    const [from, to] = [`old ${uid()}`, `new/${uid()}`];
    const both = await newContact(A, { tags: ["a", from, to, "z"] });
    const one = await newContact(A, { tags: [from, "b"] });
    const none = await newContact(A, { tags: ["b"] });
    const theirs = await newContact(B, { tags: [from] });
    const res = await api(A, `/tags/${encodeURIComponent(from)}`, { method: "PATCH", json: { name: ` ${to} ` } });
    expect(await body(res)).toEqual({ changed: 2 });
    expect((await get(A, both.id)).tags).toEqual(["a", to, "z"]);
    expect((await get(A, one.id)).tags).toEqual([to, "b"]);
    expect((await get(A, none.id)).tags).toEqual(["b"]);
    expect((await get(B, theirs.id)).tags).toEqual([from]);
    const tags = (await body(await api(A, "/tags"))).items as { tag: string; contacts: number }[];
    expect(tags).toContainEqual({ tag: to, contacts: 2 });
    expect(tags.map((x) => x.tag)).not.toContain(from);
  });

  it("deletes a tag from every contact of the site, and no other site's", async () => {
    const tag = `gone-${uid()}`;
    const a = await newContact(A, { tags: [tag, "keep"] });
    const theirs = await newContact(B, { tags: [tag] });
    expect(await body(await api(A, `/tags/${tag}`, { method: "DELETE" }))).toEqual({ changed: 1 });
    expect((await get(A, a.id)).tags).toEqual(["keep"]);
    expect((await get(B, theirs.id)).tags).toEqual([tag]);
    expect(await body(await api(A, `/tags/${tag}`, { method: "DELETE" }))).toEqual({ changed: 0 });
  });

  it("refuses an empty or too long name, naming it", async () => {
    const tag = `x-${uid()}`;
    const a = await newContact(A, { tags: [tag] });
    await refused(await api(A, `/tags/${tag}`, { method: "PATCH", json: { name: "" } }), "name");
    await refused(await api(A, `/tags/${tag}`, { method: "PATCH", json: { name: "   " } }), "name");
    await refused(await api(A, `/tags/${tag}`, { method: "PATCH", json: { name: "x".repeat(61) } }), "name");
    expect((await get(A, a.id)).tags).toEqual([tag]);
  });

  it("is for managers only", async () => {
    const tag = `m-${uid()}`;
    const a = await newContact(A, { tags: [tag] });
    const student = await memberOf(t, A.site, "student", "tagf-student");
    const res = await t.request(A.site.slug, `/api/v1/tags/${tag}`, { cookie: student.cookie, method: "DELETE" });
    expect(res.status).toBe(403);
    expect((await get(A, a.id)).tags).toEqual([tag]);
  });

  it.skipIf(!onPostgres)("leaves consistent tags when renames run at once (PostgreSQL)", async () => {
    const [x, y, z] = [`x-${uid()}`, `y-${uid()}`, `z-${uid()}`];
    const made = await Promise.all(Array.from({ length: 8 }, () => newContact(A, { tags: [x, "k", y] })));
    const answers = await Promise.all([
      api(A, `/tags/${x}`, { method: "PATCH", json: { name: z } }),
      api(A, `/tags/${y}`, { method: "PATCH", json: { name: z } }),
      api(A, `/tags/${x}`, { method: "PATCH", json: { name: y } }),
      api(A, `/tags/${y}`, { method: "PATCH", json: { name: x } }),
    ]);
    for (const res of answers) expect(res.status).toBe(200);
    for (const c of made) {
      const tags = (await get(A, c.id)).tags;
      expect(new Set(tags).size).toBe(tags.length);
      expect(tags).toContain("k");
      expect(tags.filter((tag) => tag !== "k").length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("typed custom fields", () => {
  it("defines fields, refuses a taken or malformed key and a select without options", async () => {
    const key = `plan_${uid()}`;
    const field = await newField(A, { key, label: "Plan", type: "select", options: ["basic", " pro ", "basic"] });
    expect(await body(await api(A, `/fields/${field.id}`))).toMatchObject({ key, options: ["basic", "pro"] });
    await refused(await api(A, "/fields", { json: { key, label: "Again", type: "text" } }), "key");
    await refused(await api(A, "/fields", { json: { key: "Bad Key", label: "X", type: "text" } }), "key");
    await refused(await api(A, "/fields", { json: { key: `s_${uid()}`, label: "S", type: "select" } }), "options");
    // Another site may use the same key.
    await newField(B, { key, label: "Plan", type: "text" });
  });

  it("refuses values that do not match their field's type, naming the key", async () => {
    const [n, d, s, c] = [`n_${uid()}`, `d_${uid()}`, `s_${uid()}`, `c_${uid()}`];
    await newField(A, { key: n, label: "Seats", type: "number" });
    await newField(A, { key: d, label: "Renewal", type: "date" });
    await newField(A, { key: s, label: "Tier", type: "select", options: ["gold", "silver"] });
    await newField(A, { key: c, label: "VIP", type: "checkbox" });
    const a = await newContact(A, { fields: { [n]: 3 } });
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [n]: "three" } } }),
      `fields.${n}`,
    );
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [d]: "2026-02-31" } } }),
      `fields.${d}`,
    );
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [s]: "bronze" } } }),
      `fields.${s}`,
    );
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [c]: "maybe" } } }),
      `fields.${c}`,
    );
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { unknown_key: "x" } } }),
      "fields.unknown_key",
    );
    await refused(
      await api(A, "/contacts", { json: { email: `tf-${uid()}@school.org`, fields: { [n]: "x" } } }),
      `fields.${n}`,
    );
    expect((await get(A, a.id)).fields).toEqual({ [n]: 3 });
    const ok = await api(A, `/contacts/${a.id}`, {
      method: "PATCH",
      json: { fields: { [n]: "4", [d]: "2027-01-31", [s]: "gold", [c]: true } },
    });
    expect(ok.status).toBe(200);
    expect((await get(A, a.id)).fields).toEqual({ [n]: 4, [d]: "2027-01-31", [s]: "gold", [c]: true });
  });

  it("keeps a value whose field was deleted as it is, lets it go, but never sets it anew", async () => {
    const key = `old_${uid()}`;
    const field = await newField(A, { key, label: "Old", type: "text" });
    const a = await newContact(A, { fields: { [key]: "kept" } });
    expect((await api(A, `/fields/${field.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [key]: "kept" } } })).status).toBe(
      200,
    );
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [key]: "new" } } }),
      `fields.${key}`,
    );
    expect((await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: {} } })).status).toBe(200);
    expect((await get(A, a.id)).fields).toEqual({});
  });

  it("answers 404 for another site's field and leaves it unchanged", async () => {
    const theirs = await newField(B, { key: `b_${uid()}`, label: "Theirs", type: "text" });
    expect((await api(A, `/fields/${theirs.id}`)).status).toBe(404);
    expect((await api(A, `/fields/${theirs.id}`, { method: "PATCH", json: { label: "Mine" } })).status).toBe(404);
    expect((await api(A, `/fields/${theirs.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await body(await api(B, `/fields/${theirs.id}`))).toMatchObject({ label: "Theirs" });
    // Nor can site A give its contacts a value of site B's field.
    const a = await newContact(A);
    await refused(
      await api(A, `/contacts/${a.id}`, { method: "PATCH", json: { fields: { [theirs.key]: "x" } } }),
      `fields.${theirs.key}`,
    );
  });

  it("sets a field on many contacts at once, and filters contacts by it", async () => {
    const key = `tier_${uid()}`;
    await newField(A, { key, label: "Tier", type: "select", options: ["gold", "silver"] });
    const a = await newContact(A);
    const b = await newContact(A, { fields: { [key]: "gold" } });
    const set = await api(A, "/contacts/bulk", {
      json: { ids: [a.id, b.id], action: "set_field", field: key, value: "gold" },
    });
    expect(await body(set)).toEqual({ changed: 1 });
    await refused(
      await api(A, "/contacts/bulk", { json: { ids: [a.id], action: "set_field", field: key, value: "bronze" } }),
      `fields.${key}`,
    );
    await refused(
      await api(A, "/contacts/bulk", { json: { ids: [a.id], action: "set_field", value: "gold" } }),
      "field",
    );
    const found = (await body(await api(A, `/contacts?field=${key}&value=gold`))).items as { id: string }[];
    expect(found.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    const clear = await api(A, "/contacts/bulk", {
      json: { ids: [a.id], action: "set_field", field: key, value: null },
    });
    expect(await body(clear)).toEqual({ changed: 1 });
    expect((await get(A, a.id)).fields).toEqual({});
  });

  it("sets some values of one contact and leaves the others (setFields)", async () => {
    const [x, y] = [`x_${uid()}`, `y_${uid()}`];
    await newField(A, { key: x, label: "X", type: "number" });
    await newField(A, { key: y, label: "Y", type: "checkbox" });
    const a = await newContact(A, { fields: { [x]: 1 } });
    expect(await setFields(t.database.db, A.site.accountId, a.id, { [y]: "true" })).toEqual({ [x]: 1, [y]: true });
    expect(await setFields(t.database.db, A.site.accountId, a.id, { [x]: null })).toEqual({ [y]: true });
    await expect(setFields(t.database.db, B.site.accountId, a.id, { [y]: true })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("members' tags", () => {
  it("tags a member through the contact of their e-mail, creating it as a member's contact", async () => {
    const m = await memberOf(t, A.site, "student", "tagf-member");
    const db = t.database.db;
    expect(await tagMember(db, A.site.accountId, m.memberId, { add: ["vip", "cohort 1"], remove: [] })).toEqual([
      "vip",
      "cohort 1",
    ]);
    const email = m.user.email.toLowerCase();
    const [contact] = (await contacts.list(db, A.site.accountId, { q: email, page: 1, perPage: 5 })).items;
    expect(contact.settings.source).toBe("member");
    expect(await tagMember(db, A.site.accountId, m.memberId, { add: ["new"], remove: ["vip"] })).toEqual([
      "cohort 1",
      "new",
    ]);
    expect(await memberTags(db, A.site.accountId, [m.user.email])).toEqual({ [email]: ["cohort 1", "new"] });
    expect(await memberTags(db, B.site.accountId, [m.user.email])).toEqual({});
    await expect(tagMember(db, B.site.accountId, m.memberId, { add: ["x"], remove: [] })).rejects.toMatchObject({
      status: 404,
    });
  });
});
