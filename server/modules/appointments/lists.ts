// Bookings as each side sees them: a member's own, an instructor's, all of a site's (managers), and
// the meetings of a person (confirmed bookings they attend or hold), upcoming or past; attendance.
import { and, asc, count, desc, eq, gte, lt, ne, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { appointmentTypes, bookings, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { type MeteredSite, requirePlanFeatureOf } from "../usage";
import { bookingService } from "./booking";
import { type Actor, type BookingView, bookingView, lockBooking, namesOf } from "./shared";

export type BookingScope = "mine" | "instructor" | "all" | "meetings";
export type BookingWhen = "upcoming" | "past";
const LIST_MAX = 200;
/** Bookings per page of the managers' list. */
export const MANAGE_PER_PAGE = 25;

/** A page of bookings with their types' and people's names, in the list's order. */
async function bookingRows(
  tx: Tx,
  accountId: string,
  where: (SQL | undefined)[],
  when: BookingWhen,
  limit: number,
  offset = 0,
): Promise<BookingView[]> {
  const rows = await tx
    .select({ b: bookings, t: appointmentTypes, checkoutUrl: orders.checkoutUrl })
    .from(bookings)
    .innerJoin(
      appointmentTypes,
      and(eq(appointmentTypes.accountId, bookings.accountId), eq(appointmentTypes.id, bookings.typeId)),
    )
    .leftJoin(orders, and(eq(orders.accountId, bookings.accountId), eq(orders.orderId, bookings.orderId)))
    .where(and(eq(bookings.accountId, accountId), ...where))
    .orderBy(when === "upcoming" ? asc(bookings.startAt) : desc(bookings.startAt), asc(bookings.id))
    .limit(limit)
    .offset(offset);
  const names = await namesOf(
    tx,
    accountId,
    rows.flatMap((r) => [r.b.memberId, r.b.instructorId]),
  );
  return rows.map((r): BookingView => bookingView(r.b, r.t, names, r.checkoutUrl));
}

const isWhen = (when: BookingWhen, now: Date) =>
  when === "upcoming" ? gte(bookings.endAt, now) : lt(bookings.endAt, now);

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
    return withTenant(db, accountId, (tx) =>
      bookingRows(
        tx,
        accountId,
        [who, isWhen(when, now), scope === "meetings" ? ne(bookings.status, "cancelled") : undefined],
        when,
        LIST_MAX,
      ),
    );
  },

  /**
   * The managers' list: every booking of the site, or of one instructor, page by page, counted
   * in the database; and everyone the filter can offer (whoever offers a type or holds a booking).
   */
  async manage(
    db: Db,
    accountId: string,
    when: BookingWhen,
    opts: { instructorId?: string | null; page?: number; perPage?: number } = {},
    now = new Date(),
  ) {
    const page = Math.max(1, Math.floor(opts.page ?? 1) || 1);
    const perPage = Math.min(100, Math.max(1, Math.floor(opts.perPage ?? MANAGE_PER_PAGE) || MANAGE_PER_PAGE));
    const where = [isWhen(when, now), opts.instructorId ? eq(bookings.instructorId, opts.instructorId) : undefined];
    return withTenant(db, accountId, async (tx) => {
      const [total] = await tx
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), ...where));
      const items = await bookingRows(tx, accountId, where, when, perPage, (page - 1) * perPage);
      // Whoever holds a booking or offers a type, once each (UNION drops the repeats).
      const people = await tx
        .select({ id: bookings.instructorId })
        .from(bookings)
        .where(eq(bookings.accountId, accountId))
        .union(
          tx
            .select({ id: appointmentTypes.instructorId })
            .from(appointmentTypes)
            .where(eq(appointmentTypes.accountId, accountId)),
        );
      const ids = people.map((r) => r.id);
      const names = await namesOf(tx, accountId, ids);
      const instructors = ids
        .map((id) => ({ value: id, label: names.get(id) || id }))
        .sort((x, y) => x.label.localeCompare(y.label));
      const n = total?.n ?? 0;
      return { items, total: n, page, pages: Math.max(1, Math.ceil(n / perPage)), instructors };
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
