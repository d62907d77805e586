// What the appointment screens call: an instructor's own types (created, changed, switched off),
// weekly hours, bookings and products to sell a type through; a member moving a booking before
// the cut-off and refused after it; a manager seeing every instructor's types and bookings and
// moving one; attendance waiting for the start; students and other sites refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { buildProduct } from "../../server/seed/commerce-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let off: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let teacher: Person;
let ann: Person;
let ctx: ReturnType<typeof withLoadContext>;

const HOUR = 3_600_000;
const hourFromNow = (h: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + h * HOUR);
type S = AtriumLoadContext["services"]["appointments"];
const call = async <T>(site: SiteWithOwner, cookie: string, use: (s: S) => Promise<T> | T) => {
  const res = await ctx(site.site.slug, cookie, (c) => use(c.services.appointments));
  return res;
};
const ok = async <T>(site: SiteWithOwner, cookie: string, use: (s: S) => Promise<T> | T): Promise<T> => {
  const res = await call(site, cookie, use);
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(200);
  return b.result as T;
};

beforeAll(async () => {
  t = await startTestPlatform();
  ctx = withLoadContext(t);
  A = await siteWithOwner(t, "appts-a", { plan: PLAN_IDS.professional, features: { appointments: true } });
  B = await siteWithOwner(t, "appts-b", { plan: PLAN_IDS.professional, features: { appointments: true } });
  off = await siteWithOwner(t, "appts-off", { plan: PLAN_IDS.professional });
  teacher = await memberOf(t, A.site, "instructor", "teach");
  ann = await memberOf(t, A.site, "student", "ann");
});
afterAll(async () => {
  await t?.close();
});

describe("the instructor's appointments screen", () => {
  let typeId: string;
  let bookingId: string;

  it("creates, changes and switches off a type, offering published products to sell it", async () => {
    const product = await buildProduct(t.database.db, A.site, { title: "One-hour critique", amount: 3500 });
    await buildProduct(t.database.db, A.site, { title: "Draft", amount: 100, status: "draft" });
    const choices = await ok(A, teacher.cookie, (s) => s.productChoices());
    expect(choices).toEqual([{ id: product.id, title: "One-hour critique", charged: 3500 }]);

    expect(await ok(A, teacher.cookie, (s) => s.myTypes())).toEqual([]);
    const created = await ok(A, teacher.cookie, (s) =>
      s.saveType(null, { title: "Intro", durationMinutes: 60, minimumNoticeMinutes: 0, cancelCutoffHours: 24 }),
    );
    typeId = created.id;
    const paid = await ok(A, teacher.cookie, (s) => s.saveType(typeId, { productId: product.id }));
    expect(paid).toMatchObject({ title: "Intro", productId: product.id, active: true });
    await ok(A, teacher.cookie, (s) => s.saveType(typeId, { productId: null, active: false }));
    expect((await ok(A, teacher.cookie, (s) => s.myTypes())).map((x) => [x.title, x.active])).toEqual([
      ["Intro", false],
    ]);
    // Switched off, members no longer see it; the instructor switches it on again.
    expect(await ok(A, ann.cookie, (s) => s.types())).toEqual([]);
    await ok(A, teacher.cookie, (s) => s.saveType(typeId, { active: true }));
    expect((await ok(A, ann.cookie, (s) => s.types())).map((x) => x.id)).toEqual([typeId]);
  });

  it("saves weekly hours in the instructor's zone and refuses overlapping ones", async () => {
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
    await ok(A, teacher.cookie, (s) =>
      s.saveAvailability({ timeZone: "UTC", weekly, overrides: [{ date: "2031-01-01", intervals: [] }] }),
    );
    expect(await ok(A, teacher.cookie, (s) => s.availability())).toEqual({
      timeZone: "UTC",
      weekly,
      overrides: [{ date: "2031-01-01", intervals: [] }],
    });
    const bad = await expectError(
      await call(A, teacher.cookie, (s) =>
        s.saveAvailability({
          timeZone: "UTC",
          weekly: [
            { weekday: 1, start: "09:00", end: "12:00" },
            { weekday: 1, start: "11:00", end: "13:00" },
          ],
          overrides: [],
        }),
      ),
      422,
      "validation_failed",
    );
    expect(bad.message).toMatch(/overlap/);
  });

  it("lists who booked; attendance waits for the start; the member moves it before the cut-off", async () => {
    const booked = await ok(A, ann.cookie, (s) =>
      s.book({ typeId, start: hourFromNow(48).toISOString(), timeZone: "Europe/Berlin" }),
    );
    bookingId = booked.id;
    const held = await ok(A, teacher.cookie, (s) => s.instructorBookings("upcoming"));
    expect(held.map((b) => [b.id, b.memberId, b.status])).toEqual([[bookingId, ann.user.id, "confirmed"]]);
    expect(await ok(A, teacher.cookie, (s) => s.attendance)).toBe(true);
    await expectError(await call(A, teacher.cookie, (s) => s.markAttendance(bookingId, true)), 409, "conflict");

    const later = hourFromNow(50).toISOString();
    const moved = await ok(A, ann.cookie, (s) => s.reschedule(bookingId, later));
    expect(moved.start).toBe(later);
  });

  it("refuses the member after the cut-off, with the reason, and lets the manager move it", async () => {
    const soon = await ok(A, ann.cookie, (s) =>
      s.book({ typeId, start: hourFromNow(3).toISOString(), timeZone: "UTC" }),
    );
    const refused = await expectError(
      await call(A, ann.cookie, (s) => s.reschedule(soon.id, hourFromNow(5).toISOString())),
      409,
      "conflict",
    );
    expect(refused.details).toEqual([{ field: "start", message: "past_cutoff" }]);
    const later = hourFromNow(6).toISOString();
    const moved = await ok(A, A.ownerCookie, (s) => s.reschedule(soon.id, later));
    expect(moved.start).toBe(later);
  });

  it("shows managers every instructor's types and the site's bookings", async () => {
    expect(await ok(A, A.ownerCookie, (s) => [s.canManage, s.canTeach])).toEqual([true, true]);
    const types = await ok(A, A.ownerCookie, (s) => s.allTypes());
    expect(types.map((x) => [x.id, x.instructorId])).toEqual([[typeId, teacher.user.id]]);
    const all = await ok(A, A.ownerCookie, (s) => s.manageBookings("upcoming", {}));
    expect(all.items.map((b) => b.id)).toContain(bookingId);
    expect(all.instructors).toEqual([expect.objectContaining({ value: teacher.user.id })]);
    // The owner's own list holds only their own types.
    expect(await ok(A, A.ownerCookie, (s) => s.myTypes())).toEqual([]);
  });

  it("pages the managers' list and filters it by instructor in the database", async () => {
    const first = await ok(A, A.ownerCookie, (s) => s.manageBookings("upcoming", { page: 1, perPage: 1 }));
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect([first.items.length, first.page, first.pages]).toEqual([1, 1, first.total]);
    const second = await ok(A, A.ownerCookie, (s) => s.manageBookings("upcoming", { page: 2, perPage: 1 }));
    expect(second.items).toHaveLength(1);
    // Upcoming runs from the earliest: page two starts no sooner than page one.
    expect(second.items[0]!.id).not.toBe(first.items[0]!.id);
    expect(Date.parse(second.items[0]!.start)).toBeGreaterThanOrEqual(Date.parse(first.items[0]!.start));
    const theirs = await ok(A, A.ownerCookie, (s) => s.manageBookings("upcoming", { instructorId: teacher.user.id }));
    expect(theirs.total).toBe(first.total);
    expect(new Set(theirs.items.map((b) => b.instructorId))).toEqual(new Set([teacher.user.id]));
    const nobody = await ok(A, A.ownerCookie, (s) => s.manageBookings("upcoming", { instructorId: A.owner.id }));
    expect([nobody.total, nobody.items, nobody.pages]).toEqual([0, [], 1]);
    // The filter still offers everyone, whichever one is chosen.
    expect(nobody.instructors.map((x) => x.value)).toEqual([teacher.user.id]);
    expect(await ok(A, A.ownerCookie, (s) => s.allTypes(A.owner.id))).toEqual([]);
  });

  it("refuses students, other sites and sites without the feature", async () => {
    expect(await ok(A, ann.cookie, (s) => [s.canTeach, s.canManage])).toEqual([false, false]);
    await expectError(await call(A, ann.cookie, (s) => s.myTypes()), 403, "forbidden");
    await expectError(await call(A, ann.cookie, (s) => s.manageBookings("upcoming", {})), 403, "forbidden");
    await expectError(await call(A, ann.cookie, (s) => s.saveType(typeId, { title: "Mine" })), 403, "forbidden");
    await expectError(await call(A, teacher.cookie, (s) => s.allTypes()), 403, "forbidden");
    await expectError(
      await call(B, B.ownerCookie, (s) => s.reschedule(bookingId, hourFromNow(60).toISOString())),
      404,
      "not_found",
    );
    await expectError(await call(B, B.ownerCookie, (s) => s.saveType(typeId, { active: false })), 404, "not_found");
    await expectError(await call(off, off.ownerCookie, (s) => s.myTypes()), 403, "feature_disabled");
    // A plan without attendance: the screens explain instead of offering the buttons.
    const starter = await siteWithOwner(t, "appts-starter", {
      plan: PLAN_IDS.starter,
      features: { appointments: true },
    });
    expect(await ok(starter, starter.ownerCookie, (s) => s.attendance)).toBe(false);
    expect((await ok(A, teacher.cookie, (s) => s.myTypes()))[0].active).toBe(true);
  });
});
