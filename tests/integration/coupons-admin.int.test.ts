// The owner's coupons over REST (spec §3 coupons): create with the spec's field names, list, change,
// delete; names are unique per site ignoring case; bad amounts, dates and scopes name the field and
// write nothing; usage_count cannot be set; another site's coupon is not found and stays as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../../server/db/schema";
import { buildCoupon } from "../../server/seed/commerce-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cpn-a");
  B = await siteWithOwner(t, "cpn-b");
});
afterAll(async () => {
  await t?.close();
});

const api = (S: SiteWithOwner, path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) =>
  t.request(S.site.slug, `/api/v1${path}`, { cookie: S.ownerCookie, ...init });

describe("coupon CRUD", () => {
  it("creates, lists, updates and deletes a coupon", async () => {
    const res = await api(A, "/coupons", {
      json: {
        name: "SPRING10",
        discount_type: "percentage",
        coupon_amount: 10,
        usage_limit: 5,
        per_user_limit: 1,
        date_start: "2026-03-01T00:00:00.000Z",
        date_end: "2026-06-01T00:00:00.000Z",
        scope: "count",
        payments: 3,
      },
    });
    expect(res.status).toBe(201);
    const c = await body(res);
    expect(c).toMatchObject({
      name: "SPRING10",
      discount_type: "percentage",
      coupon_amount: 10,
      usage_limit: 5,
      usage_count: 0,
      per_user_limit: 1,
      date_start: "2026-03-01T00:00:00.000Z",
      scope: "count",
      payments: 3,
    });
    const list = await body(await api(A, "/coupons"));
    expect(list.coupons.map((x: { name: string }) => x.name)).toContain("SPRING10");
    const changed = await body(
      await api(A, `/coupons/${c.id}`, {
        method: "PATCH",
        json: { discount_type: "flat", coupon_amount: 500, scope: "forever" },
      }),
    );
    expect(changed).toMatchObject({ discount_type: "flat", coupon_amount: 500, scope: "forever", payments: null });
    expect((await api(A, `/coupons/${c.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/coupons/${c.id}`), 404, "not_found");
  });

  it("refuses a second coupon of the same name in any case, on create and on rename", async () => {
    await buildCoupon(t.database.db, A.site, { name: "Welcome" });
    const before = await countFor(t, coupons, A.site.accountId);
    const dup = await api(A, "/coupons", { json: { name: "WELCOME", discount_type: "flat", coupon_amount: 100 } });
    const err = await expectError(dup, 409, "conflict");
    expect(err.details).toEqual([expect.objectContaining({ field: "name" })]);
    expect(await countFor(t, coupons, A.site.accountId)).toBe(before);
    const other = await buildCoupon(t.database.db, A.site, { name: "Other" });
    await expectError(
      await api(A, `/coupons/${other.id}`, { method: "PATCH", json: { name: "welcome" } }),
      409,
      "conflict",
    );
    // The same name on another site is fine.
    const elsewhere = await api(B, "/coupons", {
      json: { name: "welcome", discount_type: "flat", coupon_amount: 100 },
    });
    expect(elsewhere.status).toBe(201);
  });

  it("refuses bad values with the field named and writes nothing", async () => {
    const before = await countFor(t, coupons, A.site.accountId);
    const base = { name: "BAD", discount_type: "percentage", coupon_amount: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ coupon_amount: 101 }, "coupon_amount"],
      [{ coupon_amount: 0 }, "coupon_amount"],
      [{ discount_type: "flat", coupon_amount: 0 }, "coupon_amount"],
      [{ discount_type: "free" }, "discount_type"],
      [{ usage_limit: -1 }, "usage_limit"],
      [{ per_user_limit: -1 }, "per_user_limit"],
      [{ date_start: "2026-06-01T00:00:00Z", date_end: "2026-05-01T00:00:00Z" }, "date_end"],
      [{ scope: "count" }, "payments"],
      [{ scope: "count", payments: 1 }, "payments"],
      [{ usage_count: 3 }, "usage_count"],
      [{ name: "" }, "name"],
    ];
    for (const [patch, field] of cases) {
      const err = await expectError(
        await api(A, "/coupons", { json: { ...base, ...patch } }),
        422,
        "validation_failed",
      );
      expect((err.details as { field: string }[]).map((d) => d.field)).toContain(field);
    }
    expect(await countFor(t, coupons, A.site.accountId)).toBe(before);
  });

  it("keeps a change that would break the coupon from being written", async () => {
    const c = await buildCoupon(t.database.db, A.site, { name: "HALF", discountType: "percentage", amount: 50 });
    await expectError(
      await api(A, `/coupons/${c.id}`, { method: "PATCH", json: { coupon_amount: 150 } }),
      422,
      "validation_failed",
    );
    expect((await body(await api(A, `/coupons/${c.id}`))).coupon_amount).toBe(50);
  });

  it("is for managers only", async () => {
    const student = await memberOf(t, A.site, "student");
    await expectError(await api(A, "/coupons", { cookie: student.cookie }), 403, "forbidden");
    const res = await api(A, "/coupons", {
      cookie: student.cookie,
      json: { name: "MINE", discount_type: "flat", coupon_amount: 100 },
    });
    await expectError(res, 403, "forbidden");
  });

  it("answers 404 for another site's coupon and leaves it unchanged", async () => {
    const theirs = await buildCoupon(t.database.db, B.site, { name: "BONLY", amount: 20 });
    const path = `/coupons/${theirs.id}`;
    await expectError(await api(A, path), 404, "not_found");
    await expectError(await api(A, path, { method: "PATCH", json: { coupon_amount: 90 } }), 404, "not_found");
    await expectError(await api(A, path, { method: "DELETE" }), 404, "not_found");
    expect(await body(await api(B, path))).toMatchObject({ name: "BONLY", coupon_amount: 20 });
  });
});
