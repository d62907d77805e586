// The audience (decision 0036): a contact is created only once its address is verified, and the
// verification is counted in the site's emailverifications meter up to the plan's email_verify
// limit; an address the site has is merged, also when two creates race; lists keep counts and
// membership changes are idempotent; another site's ids are not found; only managers reach it; and
// the spec's /api/verifyEmail answers the same rule.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { mailingContacts, usageMeters } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { periodOf } from "../../server/modules/usage";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "aud-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "aud-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function verifications(accountId: string): Promise<number> {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: usageMeters.value })
      .from(usageMeters)
      .where(
        and(
          eq(usageMeters.accountId, accountId),
          eq(usageMeters.meter, "emailverifications"),
          eq(usageMeters.period, periodOf()),
        ),
      ),
  );
  return Number(row?.value ?? 0);
}

async function newContact(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/contacts", { json: { email: `c-${uid()}@school.org`, ...json } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; email: string; name: string };
}

async function newList(s: SiteWithOwner, name = `List ${uid()}`) {
  const res = await api(s, "/lists", { json: { name } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; name: string; contacts: number };
}

describe("contacts", () => {
  it("creates a contact once its address is verified, lower-cased, and counts one verification", async () => {
    const before = await verifications(A.site.accountId);
    const email = `Ada.${uid()}@School.org`;
    const res = await api(A, "/contacts", { json: { email, name: " Ada ", tags: ["vip", "vip", " "] } });
    expect(res.status).toBe(201);
    const c = await body(res);
    expect(c).toMatchObject({
      email: email.toLowerCase(),
      name: "Ada",
      status: 1,
      tags: ["vip"],
      settings: { source: "manual", form_id: null },
    });
    expect(await verifications(A.site.accountId)).toBe(before + 1);
    expect(await body(await api(A, `/contacts/${c.id}`))).toMatchObject({ id: c.id, email: email.toLowerCase() });
  });

  it("refuses a throw-away address naming the field, and writes nothing", async () => {
    const rows = await countFor(t, mailingContacts, A.site.accountId);
    const err = await expectError(
      await api(A, "/contacts", { json: { email: "someone@mailinator.com" } }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([{ field: "email", message: expect.stringMatching(/throw-away/) }]);
    expect(await countFor(t, mailingContacts, A.site.accountId)).toBe(rows);
  });

  it("refuses a malformed address without counting a verification", async () => {
    const before = await verifications(A.site.accountId);
    const err = await expectError(await api(A, "/contacts", { json: { email: "a@b" } }), 422, "validation_failed");
    expect((err.details as { field: string }[])[0].field).toBe("email");
    expect(await verifications(A.site.accountId)).toBe(before);
  });

  it("merges an address the site has: same contact, name filled only when it had none, nothing counted", async () => {
    const email = `merge-${uid()}@school.org`;
    const first = await newContact(A, { email });
    expect(first.name).toBe("");
    const before = await verifications(A.site.accountId);
    const again = await api(A, "/contacts", { json: { email: email.toUpperCase(), name: "Grace" } });
    expect(again.status).toBe(200);
    expect(await body(again)).toMatchObject({ id: first.id, name: "Grace" });
    const third = await body(await api(A, "/contacts", { json: { email, name: "Someone else" } }));
    expect(third).toMatchObject({ id: first.id, name: "Grace" });
    expect(await verifications(A.site.accountId)).toBe(before);
  });

  it("gives one contact when the same new address is created many times at once", async () => {
    const email = `race-${uid()}@school.org`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(A, "/contacts", { json: { email, name: `Name ${i}` } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const ids = new Set(await Promise.all(results.map(async (r) => (await body(r)).id)));
    expect(ids.size).toBe(1);
    const rows = await withPlatform(t.database.db, (tx) =>
      tx.select().from(mailingContacts).where(eq(mailingContacts.email, email)),
    );
    expect(rows).toHaveLength(1);
  });

  it("lists with search and filters, pages, and changes and removes a contact", async () => {
    const tag = `t${uid()}`;
    const x = await newContact(A, { name: `Xavier ${tag}`, tags: [tag], source: "import" });
    const y = await newContact(A, { tags: [tag] });
    const list = async (q: string) => body(await api(A, `/contacts?${q}`));
    expect((await list(`q=${tag}`)).items.map((c: { id: string }) => c.id)).toEqual([x.id]);
    expect((await list(`q=${x.email.slice(0, 10)}`)).items[0].id).toBe(x.id);
    expect((await list(`tag=${tag}`)).total).toBe(2);
    expect((await list(`tag=${tag}&source=import`)).items.map((c: { id: string }) => c.id)).toEqual([x.id]);
    const page = await list(`tag=${tag}&per_page=1&page=2`);
    expect(page).toMatchObject({ total: 2, items: [{ id: x.id }] });

    // A value needs its field defined first (decision 0044).
    expect((await api(A, "/fields", { json: { key: "company", label: "Company", type: "text" } })).status).toBe(201);
    const patched = await api(A, `/contacts/${y.id}`, {
      method: "PATCH",
      json: { name: "Yara", status: 0, tags: ["a", "a"], fields: { company: "Acme" } },
    });
    expect(await body(patched)).toMatchObject({ name: "Yara", status: 0, tags: ["a"], fields: { company: "Acme" } });
    expect((await list(`tag=${tag}&status=1`)).total).toBe(1);
    await expectError(
      await api(A, `/contacts/${y.id}`, { method: "PATCH", json: { email: "x@school.org" } }),
      422,
      "validation_failed",
    );
    expect((await api(A, `/contacts/${y.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/contacts/${y.id}`), 404, "not_found");
  });
});

describe("lists", () => {
  it("creates, renames, counts, adds and removes contacts idempotently, and removes a list", async () => {
    const name = `News ${uid()}`;
    const l = await newList(A, name);
    expect(l).toMatchObject({ name, contacts: 0 });
    await expectError(await api(A, "/lists", { json: { name: name.toUpperCase() } }), 422, "validation_failed");

    const [c1, c2] = [await newContact(A), await newContact(A)];
    const add = (ids: string[]) => api(A, `/lists/${l.id}/contacts`, { json: { contactIds: ids } });
    expect(await body(await add([c1.id, c2.id]))).toEqual({ added: 2 });
    expect(await body(await add([c1.id]))).toEqual({ added: 0 });
    const counted = async () =>
      (await body(await api(A, "/lists"))).items.find((x: { id: string }) => x.id === l.id).contacts;
    expect(await counted()).toBe(2);
    expect((await body(await api(A, `/contacts?listId=${l.id}`))).total).toBe(2);

    const take = (ids: string[]) => api(A, `/lists/${l.id}/contacts`, { method: "DELETE", json: { contactIds: ids } });
    expect(await body(await take([c2.id]))).toEqual({ removed: 1 });
    expect(await body(await take([c2.id]))).toEqual({ removed: 0 });
    expect(await counted()).toBe(1);

    const renamed = await api(A, `/lists/${l.id}`, { method: "PATCH", json: { name: `${name} 2` } });
    expect(await body(renamed)).toMatchObject({ name: `${name} 2`, contacts: 1 });
    const other = await newList(A);
    await expectError(
      await api(A, `/lists/${other.id}`, { method: "PATCH", json: { name: `${name} 2` } }),
      422,
      "validation_failed",
    );

    expect((await api(A, `/lists/${l.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await body(await api(A, "/lists"))).items.some((x: { id: string }) => x.id === l.id)).toBe(false);
    // The list's contacts stay on the site.
    expect((await api(A, `/contacts/${c1.id}`)).status).toBe(200);
  });
});

describe("plan limit", () => {
  it("refuses a verification past the plan's email_verify limit with plan_limit, and writes nothing", async () => {
    const s = await siteWithOwner(t, "aud-limit", { plan: PLAN_IDS.starter });
    await withPlatform(t.database.db, (tx) =>
      tx.insert(usageMeters).values({
        accountId: s.site.accountId,
        meter: "emailverifications",
        period: periodOf(),
        value: 99,
      }),
    );
    await newContact(s);
    expect(await verifications(s.site.accountId)).toBe(100);
    const err = await expectError(
      await api(s, "/contacts", { json: { email: `late-${uid()}@school.org` } }),
      403,
      "plan_limit",
    );
    expect(err.details).toMatchObject({ limit: "email_verify", value: 100, used: 100 });
    expect(await countFor(t, mailingContacts, s.site.accountId)).toBe(1);
    const spec = await t.request(s.site.slug, "/api/verifyEmail", {
      json: { email: "someone@school.org", account_id: s.site.accountId },
    });
    await expectError(spec, 403, "plan_limit");
  });
});

describe("access", () => {
  it("answers 404 for another site's contact and list, and leaves them unchanged", async () => {
    const c = await newContact(A, { name: "Kept" });
    const l = await newList(A);
    await expectError(await api(B, `/contacts/${c.id}`), 404, "not_found");
    await expectError(await api(B, `/contacts/${c.id}`, { method: "PATCH", json: { name: "X" } }), 404, "not_found");
    await expectError(await api(B, `/contacts/${c.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(B, `/lists/${l.id}`, { method: "PATCH", json: { name: "X" } }), 404, "not_found");
    await expectError(await api(B, `/lists/${l.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(B, `/lists/${l.id}/contacts`, { json: { contactIds: [c.id] } }), 404, "not_found");
    const own = await newList(B);
    await expectError(await api(B, `/lists/${own.id}/contacts`, { json: { contactIds: [c.id] } }), 404, "not_found");
    expect(await body(await api(A, `/contacts/${c.id}`))).toMatchObject({ name: "Kept" });
    expect((await body(await api(A, "/lists"))).items.find((x: { id: string }) => x.id === l.id).name).toBe(l.name);
  });

  it("refuses members who are not managers", async () => {
    for (const role of ["student", "instructor"] as const) {
      const m = await memberOf(t, A.site, role, `aud-${role}`);
      const as = (path: string, init: RequestInit & { json?: unknown } = {}) =>
        t.request(A.site.slug, `/api/v1${path}`, { ...init, cookie: m.cookie });
      await expectError(await as("/contacts"), 403, "forbidden");
      await expectError(await as("/contacts", { json: { email: "x@school.org" } }), 403, "forbidden");
      await expectError(await as("/lists"), 403, "forbidden");
    }
    const admin = await memberOf(t, A.site, "admin", "aud-admin");
    expect((await t.request(A.site.slug, "/api/v1/lists", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("/api/verifyEmail", () => {
  it("answers status by the rule, counts each check, and knows only this host's site", async () => {
    const check = (email: string, account_id = A.site.accountId) =>
      t.request(A.site.slug, "/api/verifyEmail", { json: { email, account_id } });
    const before = await verifications(A.site.accountId);
    expect(await body(await check("someone@school.org"))).toEqual({ status: true });
    expect(await body(await check("someone@yopmail.com"))).toEqual({ status: false });
    expect(await body(await check("a@b"))).toEqual({ status: false });
    expect(await verifications(A.site.accountId)).toBe(before + 2);
    await expectError(await check("someone@school.org", B.site.accountId), 404, "not_found");
  });

  it("lets one client check ten addresses a site in ten minutes, then answers 429 with Retry-After and counts nothing", async () => {
    const from = (ip: string, email: string) =>
      t.request(A.site.slug, "/api/verifyEmail", {
        json: { email, account_id: A.site.accountId },
        headers: { "x-test-client-ip": ip },
      });
    for (let i = 0; i < 10; i++) expect((await from("203.0.113.7", `n${i}-${uid()}@school.org`)).status).toBe(200);
    const before = await verifications(A.site.accountId);
    const refused = await from("203.0.113.7", `late-${uid()}@school.org`);
    const err = await expectError(refused, 429, "rate_limited");
    expect(err.message).toMatch(/try again/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await verifications(A.site.accountId)).toBe(before);
    // Another client is not held back by the first.
    expect(await body(await from("203.0.113.8", `other-${uid()}@school.org`))).toEqual({ status: true });
  });

  it("lets exactly ten of fifteen checks sent at once from one client through", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        t
          .request(A.site.slug, "/api/verifyEmail", {
            json: { email: `race${i}-${uid()}@school.org`, account_id: A.site.accountId },
            headers: { "x-test-client-ip": "203.0.113.99" },
          })
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
