// The REST API under /api/v1: its generated OpenAPI document and reference page, per-site API keys,
// JSON 404s, capability checks and the staff mailbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys as apiKeysTable, options } from "../../server/db/schema";
import { buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  expectError,
  expectNotAuthenticated,
  memberOf,
  type SiteWithOwner,
  siteWithOwner,
} from "./helpers";

let t: TestPlatform;
let S: SiteWithOwner;
let other: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "api");
  other = await siteWithOwner(t, "api-other");
});
afterAll(async () => {
  await t?.close();
});

describe("the API describes itself", () => {
  it("/api/v1/openapi.json is an OpenAPI 3.1 document with the API's paths", async () => {
    const res = await t.request(S.site.slug, "/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await body(res);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/me", "/members/{id}", "/options/{key}", "/sites", "/api-keys"]),
    );
    expect(Object.keys(doc.paths["/members/{id}"])).toEqual(expect.arrayContaining(["get", "patch"]));
    expect(doc.components.securitySchemes).toHaveProperty("apiKey");
  });

  it("/api/docs is an HTML reference listing the endpoints", async () => {
    const res = await t.request(S.site.slug, "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("/api/v1/members/{id}");
    expect(html).toContain("/api/v1/openapi.json");
  });
});

describe("API keys", () => {
  it("a key is shown once, works on its own site only, and stops working once revoked", async () => {
    const created = await t.request(S.site.slug, "/api/v1/api-keys", {
      json: { name: "CRM sync" },
      cookie: S.ownerCookie,
    });
    expect(created.status).toBe(201);
    const { key, apiKey } = await body(created);
    expect(key).toMatch(/^atr_[0-9a-f]{8}_/);
    expect(apiKey).toMatchObject({ name: "CRM sync", lastUsedAt: null });

    const listed = await t.request(S.site.slug, "/api/v1/api-keys", { cookie: S.ownerCookie });
    const listText = await listed.text();
    expect(JSON.parse(listText).items.map((k: { id: string }) => k.id)).toEqual([apiKey.id]);
    expect(listText).not.toContain(key);

    const bearer = { authorization: `Bearer ${key}` };
    const members = await t.request(S.site.slug, "/api/v1/members", { headers: bearer });
    expect(members.status).toBe(200);
    expect((await body(members)).items.map((m: { email: string }) => m.email)).toContain(S.owner.email);
    // Keys may not mint keys or create sites.
    await expectError(
      await t.request(S.site.slug, "/api/v1/api-keys", { json: { name: "more" }, headers: bearer }),
      403,
      "forbidden",
    );
    expect(await countFor(t, apiKeysTable, S.site.accountId)).toBe(1);

    await expectNotAuthenticated(await t.request(other.site.slug, "/api/v1/members", { headers: bearer }));
    await expectNotAuthenticated(
      await t.request(S.site.slug, "/api/v1/members", { headers: { authorization: `Bearer ${key}x` } }),
    );

    const revoked = await t.request(S.site.slug, `/api/v1/api-keys/${apiKey.id}`, {
      method: "DELETE",
      cookie: S.ownerCookie,
    });
    expect(revoked.status).toBe(204);
    await expectNotAuthenticated(await t.request(S.site.slug, "/api/v1/members", { headers: bearer }));
    await expectError(
      await t.request(S.site.slug, `/api/v1/api-keys/${apiKey.id}`, { method: "DELETE", cookie: S.ownerCookie }),
      404,
      "not_found",
    );
    expect((await body(await t.request(S.site.slug, "/api/v1/api-keys", { cookie: S.ownerCookie }))).items).toEqual([]);
  });

  it("another site's owner cannot revoke this site's key", async () => {
    const { apiKey, key } = await body(
      await t.request(S.site.slug, "/api/v1/api-keys", { json: { name: "keep" }, cookie: S.ownerCookie }),
    );
    await expectError(
      await t.request(other.site.slug, `/api/v1/api-keys/${apiKey.id}`, {
        method: "DELETE",
        cookie: other.ownerCookie,
      }),
      404,
      "not_found",
    );
    expect(
      (await t.request(S.site.slug, "/api/v1/members", { headers: { authorization: `Bearer ${key}` } })).status,
    ).toBe(200);
  });
});

describe("errors and access", () => {
  it("an unknown route under /api/v1 is a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/nothing-here"],
      ["POST", "/api/v1/members/extra/segments"],
      ["GET", "/api/nope"],
    ]) {
      const res = await t.request(S.site.slug, path, { method, cookie: S.ownerCookie });
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      await expectError(res, 404, "not_found");
    }
  });

  it("a student is forbidden the members list and another member's role; nothing changes", async () => {
    const student = await memberOf(t, S.site, "student");
    const peer = await memberOf(t, S.site, "student", "peer");
    await expectError(await t.request(S.site.slug, "/api/v1/members", { cookie: student.cookie }), 403, "forbidden");
    await expectError(
      await t.request(S.site.slug, `/api/v1/members/${peer.memberId}`, {
        method: "PATCH",
        json: { role: "admin" },
        cookie: student.cookie,
      }),
      403,
      "forbidden",
    );
    const before = await countFor(t, options, S.site.accountId);
    await expectError(
      await t.request(S.site.slug, "/api/v1/options/touchpoints", {
        method: "PUT",
        json: { value: {} },
        cookie: student.cookie,
      }),
      403,
      "forbidden",
    );
    expect(await countFor(t, options, S.site.accountId)).toBe(before);
    const peerNow = await body(
      await t.request(S.site.slug, `/api/v1/members/${peer.memberId}`, { cookie: S.ownerCookie }),
    );
    expect(peerNow.role).toBe("student");
    await expectNotAuthenticated(await t.request(S.site.slug, "/api/v1/members"));
    // The owner manages roles, but not their own.
    const promoted = await t.request(S.site.slug, `/api/v1/members/${peer.memberId}`, {
      method: "PATCH",
      json: { role: "instructor" },
      cookie: S.ownerCookie,
    });
    expect(await body(promoted)).toMatchObject({ id: peer.memberId, role: "instructor" });
    const ownerMember = (await body(await t.request(S.site.slug, "/api/v1/me", { cookie: S.ownerCookie }))).member;
    await expectError(
      await t.request(S.site.slug, `/api/v1/members/${ownerMember.id}`, {
        method: "PATCH",
        json: { role: "student" },
        cookie: S.ownerCookie,
      }),
      403,
      "forbidden",
    );
    expect((await body(await t.request(S.site.slug, "/api/v1/me", { cookie: S.ownerCookie }))).role).toBe("owner");
  });

  it("bad input to a v1 route is a 4xx naming the problem", async () => {
    const put = (init: { body?: string; json?: unknown; headers?: Record<string, string> }) =>
      t.request(S.site.slug, "/api/v1/options/colour", { method: "PUT", cookie: S.ownerCookie, ...init });
    await expectError(
      await put({ body: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    await expectError(
      await put({ body: '{"value":1}', headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await put({
        body: JSON.stringify({ value: "x".repeat(1024 * 1024 + 1) }),
        headers: { "content-type": "application/json" },
      }),
      413,
      "payload_too_large",
    );
    const extra = await expectError(await put({ json: { value: 1, sneaky: true } }), 422, "validation_failed");
    expect(JSON.stringify(extra.details)).toContain("sneaky");
    await expectError(
      await t.request(S.site.slug, "/api/v1/members/not-a-uuid", { cookie: S.ownerCookie }),
      422,
      "validation_failed",
    );
    const role = await expectError(
      await t.request(S.site.slug, `/api/v1/members/${S.site.accountId}`, {
        method: "PATCH",
        json: { role: "" },
        cookie: S.ownerCookie,
      }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(role.details)).toContain("role");
    // None of those wrote the option.
    await expectError(
      await t.request(S.site.slug, "/api/v1/options/colour", { cookie: S.ownerCookie }),
      404,
      "not_found",
    );
    // Sites are created on the platform's host only.
    await expectError(
      await t.request(S.site.slug, "/api/v1/sites", {
        json: { slug: "elsewhere-1", sitetitle: "X" },
        cookie: S.ownerCookie,
      }),
      404,
      "not_found",
    );
  });
});

describe("staff mailbox", () => {
  it("staff read every site's queued mail on the platform host; nobody else can", async () => {
    const reset = await t.request(S.site.slug, "/api/auth/request-password-reset", {
      json: { email: S.owner.email, redirectTo: "/login/reset-password" },
    });
    expect(reset.status).toBe(200);

    const staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    const staffCookie = await signIn(t, null, staff.email, staff.password);
    const res = await t.request(null, "/api/v1/staff/mail?per_page=100", { cookie: staffCookie });
    expect(res.status).toBe(200);
    const mailbox = await body(res);
    expect(mailbox.transport).toBe("outbox");
    expect(mailbox.items).toContainEqual(
      expect.objectContaining({ to: S.owner.email, kind: "password_reset", site: S.site.slug }),
    );
    expect(mailbox.total).toBeGreaterThanOrEqual(1);

    await expectError(
      await t.request(null, "/api/v1/staff/mail", { cookie: await signIn(t, null, S.owner.email, S.owner.password) }),
      403,
      "forbidden",
    );
    // Staff too, but on a tenant's host rather than the platform's.
    await expectError(
      await t.request(S.site.slug, "/api/v1/staff/mail", {
        cookie: await signIn(t, S.site.slug, staff.email, staff.password),
      }),
      403,
      "forbidden",
    );
    await expectNotAuthenticated(await t.request(null, "/api/v1/staff/mail"));
  });
});
