// Appointments: an instructor publishes a type and hours, a member books a free slot shown in UTC,
// both sides see it (with a Jitsi link among their meetings); the last slot raced by two members is
// booked once; a member cannot cancel after the cut-off; a paid type's booking waits for its order
// and is confirmed when the order is paid, with an .ics invitation; another site's ids are not found.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { bookings, mailOutbox, usageMeters } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { markOrderPaid } from "../../server/modules/commerce";
import { events } from "../../server/modules/events";
import { buildProduct } from "../../server/seed/commerce-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
type Person = Awaited<ReturnType<typeof memberOf>>;
let teacher: Person;
let ann: Person;
let bob: Person;
let otherTeacher: Person;

const api = (slug: string, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(slug, `/api/v1${path}`, { cookie, ...init });
const a = (p: Person, path: string, init: RequestInit & { json?: unknown } = {}) =>
  api(A.site.slug, p.cookie, path, init);

const HOUR = 3_600_000;
/** Whole-hour starts: the type's slots are on the hour in UTC. */
const hourFromNow = (h: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + h * HOUR);

async function newType(p: Person, json: Record<string, unknown> = {}) {
  const res = await a(p, "/appointment-types", {
    json: { title: `Coaching ${uid()}`, durationMinutes: 60, minimumNoticeMinutes: 0, cancelCutoffHours: 24, ...json },
  });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string };
}

async function book(p: Person, typeId: string, start: Date) {
  return a(p, "/bookings", { json: { typeId, start: start.toISOString(), timeZone: "America/New_York" } });
}

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "appt-a", { plan: PLAN_IDS.professional, features: { appointments: true } });
  B = await siteWithOwner(t, "appt-b", { plan: PLAN_IDS.professional, features: { appointments: true } });
  teacher = await memberOf(t, A.site, "instructor");
  ann = await memberOf(t, A.site, "student", "ann");
  bob = await memberOf(t, A.site, "student", "bob");
  otherTeacher = await memberOf(t, B.site, "instructor");
  // Every day, all day, in UTC: slots on every hour.
  const all = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
  for (const [site, p] of [
    [A, teacher],
    [B, otherTeacher],
  ] as const) {
    const res = await api(site.site.slug, p.cookie, "/availability", {
      method: "PUT",
      json: { timeZone: "UTC", weekly: all, overrides: [] },
    });
    expect(res.status, JSON.stringify(await body(res))).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe("availability and types", () => {
  it("refuses overlapping hours and an unknown zone, naming the field", async () => {
    const bad = await a(teacher, "/availability", {
      method: "PUT",
      json: {
        timeZone: "Mars/Olympus",
        weekly: [
          { weekday: 1, start: "09:00", end: "12:00" },
          { weekday: 1, start: "11:00", end: "13:00" },
        ],
        overrides: [],
      },
    });
    const error = (await expectError(bad, 422, "validation_failed")) as { details: { field: string }[] };
    expect(error.details.map((d) => d.field)).toEqual(expect.arrayContaining(["timeZone", "weekly"]));
  });

  it("students may not publish types; a site without the feature refuses", async () => {
    await expectError(
      await a(ann, "/appointment-types", { json: { title: "x", durationMinutes: 30 } }),
      403,
      "forbidden",
    );
    const off = await siteWithOwner(t, "appt-off", { plan: PLAN_IDS.professional });
    await expectError(await api(off.site.slug, off.ownerCookie, "/appointment-types"), 403, "feature_disabled");
  });

  it("zoom needs the addon", async () => {
    const res = await a(teacher, "/appointment-types", {
      json: { title: "Zoom", durationMinutes: 30, provider: "zoom" },
    });
    expect([403, 422]).toContain(res.status);
    expect(JSON.stringify(await body(res))).toMatch(/zoom|Zoom/);
  });
});

describe("booking", () => {
  it("a member books a free slot; both sides see it, with a Jitsi room among their meetings", async () => {
    const type = await newType(teacher);
    const from = hourFromNow(2);
    const slotsRes = await a(
      ann,
      `/appointment-types/${type.id}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + 3 * HOUR).toISOString()}`,
    );
    const slots = (await body(slotsRes)) as { items: { start: string }[] };
    expect(slots.items.map((s) => s.start)).toEqual(
      [0, 1, 2].map((h) => new Date(from.getTime() + h * HOUR).toISOString()),
    );

    const res = await book(ann, type.id, from);
    const booked = (await body(res)) as { id: string; status: string; meetingUrl: string };
    expect(res.status, JSON.stringify(booked)).toBe(201);
    expect(booked.status).toBe("confirmed");
    expect(booked.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/atrium-[0-9a-f]{32}$/);

    const after = (await body(
      await a(
        bob,
        `/appointment-types/${type.id}/slots?from=${from.toISOString()}&to=${new Date(from.getTime() + 3 * HOUR).toISOString()}`,
      ),
    )) as { items: { start: string }[] };
    expect(after.items.map((s) => s.start)).not.toContain(from.toISOString());

    const mine = (await body(await a(ann, "/bookings?scope=mine"))) as { items: { id: string }[] };
    expect(mine.items.map((b) => b.id)).toContain(booked.id);
    const held = (await body(await a(teacher, "/bookings?scope=instructor"))) as {
      items: { id: string; memberName: string }[];
    };
    expect(held.items.find((b) => b.id === booked.id)).toBeTruthy();
    for (const p of [ann, teacher]) {
      const meetings = (await body(await a(p, "/meetings"))) as { items: { id: string; meetingUrl: string }[] };
      expect(meetings.items.find((m) => m.id === booked.id)?.meetingUrl).toBe(booked.meetingUrl);
    }
    await expectError(await a(bob, `/bookings/${booked.id}`), 404, "not_found");

    await events.drain(t.database.db, A.site.accountId);
    const mails = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.accountId, A.site.accountId), eq(mailOutbox.kind, "appointment_confirmed"))),
    );
    const toAnn = mails.find((m) => m.toAddress === ann.user.email && m.text.includes(booked.meetingUrl));
    expect(toAnn?.attachments?.[0].content).toContain(`UID:${booked.id}@atrium`);
    expect(toAnn?.attachments?.[0].content).toContain("METHOD:REQUEST");
    expect(mails.some((m) => m.toAddress === teacher.user.email)).toBe(true);
    const [meter] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(usageMeters)
        .where(and(eq(usageMeters.accountId, A.site.accountId), eq(usageMeters.meter, "jitsi"))),
    );
    expect(Number(meter?.value)).toBeGreaterThanOrEqual(1);
  });

  it("refuses a time that is not a free slot, naming start", async () => {
    const type = await newType(teacher);
    const res = await book(ann, type.id, new Date(hourFromNow(3).getTime() + 15 * 60_000));
    await expectError(res, 409, "conflict");
  });

  it("the last free slot raced by two members is booked once", async () => {
    const type = await newType(teacher, { durationMinutes: 60 });
    const start = hourFromNow(30);
    const results = await Promise.all([
      book(ann, type.id, start),
      book(bob, type.id, start),
      book(ann, type.id, start),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const live = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(bookings)
        .where(and(eq(bookings.accountId, A.site.accountId), eq(bookings.startAt, start))),
    );
    expect(live.filter((b) => b.status !== "cancelled")).toHaveLength(1);
  });

  it("a member cannot cancel or move after the cut-off; the instructor can", async () => {
    const type = await newType(teacher, { cancelCutoffHours: 24 });
    const res = await book(ann, type.id, hourFromNow(5));
    const booked = (await body(res)) as { id: string };
    await expectError(await a(ann, `/bookings/${booked.id}/cancel`, { method: "POST" }), 409, "conflict");
    await expectError(
      await a(ann, `/bookings/${booked.id}/reschedule`, { json: { start: hourFromNow(8).toISOString() } }),
      409,
      "conflict",
    );
    const mine = (await body(await a(ann, `/bookings/${booked.id}`))) as { status: string };
    expect(mine.status).toBe("confirmed");
    const byTeacher = (await body(await a(teacher, `/bookings/${booked.id}/cancel`, { method: "POST" }))) as {
      status: string;
    };
    expect(byTeacher.status).toBe("cancelled");
  });

  it("a member moves and cancels before the cut-off; the cancellation mails a CANCEL", async () => {
    const type = await newType(teacher, { cancelCutoffHours: 1 });
    const booked = (await body(await book(ann, type.id, hourFromNow(40)))) as { id: string };
    const moved = await a(ann, `/bookings/${booked.id}/reschedule`, { json: { start: hourFromNow(42).toISOString() } });
    expect(((await body(moved)) as { start: string }).start).toBe(hourFromNow(42).toISOString());
    const cancelled = (await body(await a(ann, `/bookings/${booked.id}/cancel`, { method: "POST" }))) as {
      status: string;
    };
    expect(cancelled.status).toBe("cancelled");
    await events.drain(t.database.db, A.site.accountId);
    const mails = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.accountId, A.site.accountId), eq(mailOutbox.kind, "appointment_cancelled"))),
    );
    const ics = mails.find((m) => m.toAddress === teacher.user.email && m.attachments?.[0].content.includes(booked.id));
    expect(ics?.attachments?.[0].content).toContain("METHOD:CANCEL");
  });

  it("attendance is marked by the instructor once the meeting started", async () => {
    const type = await newType(teacher);
    const booked = (await body(await book(ann, type.id, hourFromNow(6)))) as { id: string };
    await expectError(
      await a(teacher, `/bookings/${booked.id}/attendance`, { method: "PUT", json: { attended: true } }),
      409,
      "conflict",
    );
    await expectError(
      await a(ann, `/bookings/${booked.id}/attendance`, { method: "PUT", json: { attended: true } }),
      403,
      "forbidden",
    );
  });
});

describe("paid types", () => {
  it("a paid booking is pending with an order, and confirmed when the order is paid", async () => {
    const product = await buildProduct(t.database.db, A.site, { title: `Session ${uid()}`, amount: 4900 });
    const type = await newType(teacher, { productId: product.id });
    const res = await book(bob, type.id, hourFromNow(50));
    const booked = (await body(res)) as { id: string; status: string; orderId: string; meetingUrl: string | null };
    expect(res.status, JSON.stringify(booked)).toBe(201);
    expect(booked.status).toBe("pending");
    expect(booked.meetingUrl).toBeNull();
    expect(booked.orderId).toBeTruthy();
    // The slot is held while the order waits.
    await expectError(await book(ann, type.id, hourFromNow(50)), 409, "conflict");

    await markOrderPaid(t.database.db, A.site.accountId, booked.orderId, { source: "owner", actorId: A.owner.id });
    await events.drain(t.database.db, A.site.accountId);
    const after = (await body(await a(bob, `/bookings/${booked.id}`))) as { status: string; meetingUrl: string };
    expect(after.status).toBe("confirmed");
    expect(after.meetingUrl).toMatch(/meet\.jit\.si/);
  });
});

describe("another site", () => {
  it("another site's bookings and types are not found, and stay unchanged", async () => {
    const type = await newType(teacher);
    const booked = (await body(await book(ann, type.id, hourFromNow(60)))) as { id: string };
    const b = (p: string, init: RequestInit & { json?: unknown } = {}) => api(B.site.slug, B.ownerCookie, p, init);
    await expectError(await b(`/bookings/${booked.id}`), 404, "not_found");
    await expectError(await b(`/bookings/${booked.id}/cancel`, { method: "POST" }), 404, "not_found");
    await expectError(await b(`/appointment-types/${type.id}`), 404, "not_found");
    await expectError(
      await b(`/appointment-types/${type.id}/slots?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z`),
      404,
      "not_found",
    );
    // A malformed id is refused before any query, as everywhere in the API (requireUuid).
    await expectError(await b("/bookings/not-a-uuid"), 400, "bad_request");
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(bookings).where(eq(bookings.id, booked.id)),
    );
    expect(row.status).toBe("confirmed");
  });
});
