// Bookings as each side sees them: a member's own, an instructor's, all of a site's (managers), and
// the meetings of a person (confirmed bookings they attend or hold), upcoming or past; attendance.
import { and, asc, desc, eq, gte, lt, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appointmentTypes, bookings, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type MeteredSite, requirePlanFeatureOf } from "../usage";
import { bookingService } from "./booking";
import { type Actor, type BookingView, bookingView, lockBooking, namesOf } from "./shared";

export type BookingScope = "mine" | "instructor" | "all" | "meetings";
export type BookingWhen = "upcoming" | "past";
const LIST_MAX = 200;

export const bookingLists = {
  /**
   * Upcoming lists run from the earliest, past ones from the latest; cancelled bookings show in
   * member and instructor lists, never among meetings.
   */
  async list(db: Db, accountId: string, userId: string, scope: BookingScope, when: BookingWhen, now = new Date()) {
    const who: SQL | undefined =
      scope === "mine"
        ? eq(bookings.memberId, userId)
        : scope === "instructor"
          ? eq(bookings.instructorId, userId)
          : scope === "meetings"
            ? and(
                or(eq(bookings.memberId, userId), eq(bookings.instructorId, userId)),
                eq(bookings.status, "confirmed"),
              )
            : undefined;
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select({ b: bookings, t: appointmentTypes, checkoutUrl: orders.checkoutUrl })
        .from(bookings)
        .innerJoin(
          appointmentTypes,
          and(eq(appointmentTypes.accountId, bookings.accountId), eq(appointmentTypes.id, bookings.typeId)),
        )
        .leftJoin(orders, and(eq(orders.accountId, bookings.accountId), eq(orders.orderId, bookings.orderId)))
        .where(
          and(
            eq(bookings.accountId, accountId),
            who,
            when === "upcoming" ? gte(bookings.endAt, now) : lt(bookings.endAt, now),
            scope === "meetings" ? ne(bookings.status, "cancelled") : undefined,
          ),
        )
        .orderBy(when === "upcoming" ? asc(bookings.startAt) : desc(bookings.startAt), asc(bookings.id))
        .limit(LIST_MAX);
      const names = await namesOf(
        tx,
        accountId,
        rows.flatMap((r) => [r.b.memberId, r.b.instructorId]),
      );
      return rows.map((r): BookingView => bookingView(r.b, r.t, names, r.checkoutUrl));
    });
  },

  /** The instructor (or a manager) marks whether the member came; needs the plan's `attendance`. */
  async markAttendance(db: Db, site: MeteredSite, actor: Actor, id: string, attended: boolean, now = new Date()) {
    requirePlanFeatureOf(site, "attendance");
    await withTenant(db, site.accountId, async (tx) => {
      const { b } = await lockBooking(tx, site.accountId, id, actor);
      if (!actor.manager && b.instructorId !== actor.userId)
        throw new AppError("forbidden", "Only the instructor marks attendance");
      if (b.status !== "confirmed") throw new AppError("conflict", "Only a confirmed meeting has attendance");
      if (b.startAt > now) throw new AppError("conflict", "Attendance is marked once the meeting has started");
      await tx
        .update(bookings)
        .set({ attended, updatedAt: now })
        .where(and(eq(bookings.accountId, site.accountId), eq(bookings.id, b.id)));
    });
    return bookingService.view(db, site.accountId, id);
  },
};
