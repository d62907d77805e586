// The demo site's appointments: the instructor's weekday hours (09:00 to 17:00, London time), a free
// 30-minute intro call and a paid one-hour critique sold through a shop product, and intro calls
// booked by demo students in the coming days, so both sides' screens have something to show.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { members } from "../db/schema";
import { withTenant } from "../db/tenant";
import { accounts, type SiteAccount } from "../modules/accounts";
import { appointmentTypeService, availabilityService, bookingService } from "../modules/appointments";
import type { BuiltUser } from "./builders";
import { buildProduct } from "./commerce-builders";

const DAY_MS = 86_400_000;
export const DEMO_APPOINTMENT_ZONE = "Europe/London";

export async function seedDemoAppointments(db: Db, site: SiteAccount, instructor: BuiltUser, now = new Date()) {
  const features = { ...site.features, appointments: true };
  await accounts.update(db, site.accountId, { features });
  const weekdays = [1, 2, 3, 4, 5] as const;
  await availabilityService.put(db, site.accountId, instructor.id, {
    timeZone: DEMO_APPOINTMENT_ZONE,
    weekly: weekdays.map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
    overrides: [],
  });
  const teacher = { userId: instructor.id, manager: false };
  const metered = { ...site, features };
  const intro = await appointmentTypeService.create(db, metered, teacher, {
    title: "Intro call",
    description: "Thirty minutes to talk about your goals and pick the right course.",
    durationMinutes: 30,
    bufferAfterMinutes: 15,
    minimumNoticeMinutes: 120,
    bookingWindowDays: 30,
    cancelCutoffHours: 12,
  });
  const product = await buildProduct(db, site, {
    title: "Studio critique — one hour",
    slug: "studio-critique-hour",
    description: "One hour with the instructor reviewing your pieces over video.",
    amount: 3500,
  });
  await appointmentTypeService.create(db, metered, teacher, {
    title: "Studio critique",
    description: "An hour of feedback on your work, glaze choices and next steps.",
    durationMinutes: 60,
    productId: product.id,
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 10,
    minimumNoticeMinutes: 24 * 60,
    bookingWindowDays: 60,
    cancelCutoffHours: 24,
  });

  // Students who book: the demo student and the first of the demo buyers.
  const students = await withTenant(db, site.accountId, (tx) =>
    tx
      .select({ userId: members.userId, email: members.email })
      .from(members)
      .where(eq(members.accountId, site.accountId))
      .orderBy(asc(members.createdAt)),
  );
  const bookers = students
    .filter((m) => m.email.endsWith("@demo.test") && !/^(owner|instructor)@/.test(m.email))
    .slice(0, 3);
  const slots = await bookingService.slots(
    db,
    site.accountId,
    intro.id,
    now,
    new Date(now.getTime() + 14 * DAY_MS),
    now,
  );
  // One booking on each of the first free days, a few hours into the day.
  const byDay = new Map<string, Date>();
  for (const s of slots) {
    const day = s.start.toISOString().slice(0, 10);
    if (!byDay.has(day) && s.start.getUTCHours() >= 10) byDay.set(day, s.start);
  }
  const starts = [...byDay.values()];
  const booked = [];
  for (const [i, b] of bookers.entries()) {
    const start = starts[i];
    if (!start) break;
    booked.push(
      await bookingService.book(
        db,
        metered,
        { userId: b.userId, manager: false },
        { typeId: intro.id, start: start.toISOString(), timeZone: DEMO_APPOINTMENT_ZONE },
        // A free type places no order, so no checkout address is needed.
        "",
        now,
      ),
    );
  }
  return { typeIds: [intro.id], bookings: booked.length };
}
