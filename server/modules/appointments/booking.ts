// Booking a slot, moving it and cancelling it. Every write that can take a slot first takes the
// instructor's transaction lock, then checks the slot against the bookings it can now see, so two
// members racing for the last slot are served one after the other and the second one is refused; a
// unique index on (site, instructor, start) of live bookings backs this up. A paid type's booking is
// held pending with a shop order and confirmed when that order is paid (confirmPaidBooking).
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { type BookingInput, ZBookingInput, ZRescheduleInput } from "../../../core/appointment-schemas";
import { type Busy, freeSlots, isFreeSlot, type Slot } from "../../../core/slots";
import type { Db, Tx } from "../../db/client";
import { bookings, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, requireUuid, validationError } from "../../errors";
import { placeOrder } from "../commerce";
import { type Emitted, events } from "../events";
import { type MeteredSite, usage } from "../usage";
import { availabilityOf } from "./availability";
import {
  type Actor,
  type BookingRow,
  type BookingView,
  bookingView,
  cutoffOf,
  loadType,
  lockBooking,
  namesOf,
  type TypeRow,
} from "./shared";

const DAY = 86_400_000;
const MAX_RANGE_DAYS = 62;

export const APPOINTMENT_EVENTS = {
  booked: "appointment_booked",
  rescheduled: "appointment_rescheduled",
  cancelled: "appointment_cancelled",
} as const;

const jitsiRoom = () => `https://meet.jit.si/atrium-${randomBytes(16).toString("hex")}`;

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";
const slotTaken = () => fieldError("conflict", "start", "This time is no longer free; pick another slot");

/** Serialises every slot-taking write of one instructor until the transaction ends. */
async function lockInstructor(tx: Tx, accountId: string, instructorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`booking:${accountId}:${instructorId}`}, 0))`);
}

async function busyAround(tx: Tx, accountId: string, instructorId: string, from: Date, to: Date, except?: string) {
  const rows = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.accountId, accountId),
        eq(bookings.instructorId, instructorId),
        ne(bookings.status, "cancelled"),
        lt(bookings.startAt, new Date(to.getTime() + DAY)),
        gt(bookings.endAt, new Date(from.getTime() - DAY)),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return rows.map(
    (b): Busy => ({
      start: b.startAt,
      end: b.endAt,
      bufferBeforeMinutes: b.bufferBeforeMinutes,
      bufferAfterMinutes: b.bufferAfterMinutes,
    }),
  );
}

const rulesOf = (t: TypeRow) => ({
  durationMinutes: t.durationMinutes,
  bufferBeforeMinutes: t.bufferBeforeMinutes,
  bufferAfterMinutes: t.bufferAfterMinutes,
  minimumNoticeMinutes: t.minimumNoticeMinutes,
  bookingWindowDays: t.bookingWindowDays,
});

async function checkFree(tx: Tx, accountId: string, type: TypeRow, start: Date, now: Date, except?: string) {
  const availability = await availabilityOf(tx, accountId, type.instructorId);
  const busy = await busyAround(tx, accountId, type.instructorId, start, start, except);
  const free = isFreeSlot({ ...availability, ...rulesOf(type), busy, now }, start);
  if (!free) throw slotTaken();
}

async function activeType(tx: Tx, accountId: string, id: string) {
  const type = await loadType(tx, accountId, id);
  if (!type.active) throw notFound("Appointment type");
  return type;
}

const emit = (tx: Tx, out: Emitted, accountId: string, type: string, b: BookingRow, actorId: string | null) =>
  events
    .emit(
      tx,
      accountId,
      type,
      { bookingId: b.id, sequence: b.sequence, memberId: b.memberId, instructorId: b.instructorId },
      actorId,
    )
    .then((e) => out.push(e));

/** A member who is neither the instructor nor a manager must act before the type's cut-off. */
function checkCutoff(actor: Actor, b: BookingRow, t: TypeRow, now: Date) {
  if (actor.manager || actor.userId === b.instructorId) return;
  if (now >= cutoffOf(b, t))
    throw new AppError(
      "conflict",
      `Bookings of this type can be changed until ${t.cancelCutoffHours} hours before they start`,
      [{ field: "start", message: "past_cutoff" }],
    );
}

async function confirmIn(tx: Tx, out: Emitted, accountId: string, where: ReturnType<typeof and>) {
  const confirmed = await tx
    .update(bookings)
    .set({ status: "confirmed", updatedAt: new Date() })
    .where(and(eq(bookings.accountId, accountId), eq(bookings.status, "pending"), where))
    .returning();
  for (const b of confirmed) {
    // Each confirmed meeting opens one video room: the site's `jitsi` meter (counted, not limited).
    if (b.provider === "jitsi")
      await usage.use(tx, { accountId, settings: { plan: null } }, "jitsi", 1, { enforce: false });
    await emit(tx, out, accountId, APPOINTMENT_EVENTS.booked, b, null);
  }
  return confirmed;
}

/** Confirms the pending bookings an order paid for; safe to run again for the same order. */
export function confirmPaidBooking(db: Db, accountId: string, orderId: string) {
  return events.transaction(db, accountId, (tx, out) => confirmIn(tx, out, accountId, eq(bookings.orderId, orderId)));
}

/** A booking as its member, its instructor or a manager sees it; anyone else: not found. */
async function viewOf(db: Db, accountId: string, id: string, actor?: Actor): Promise<BookingView> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select({ b: bookings, checkoutUrl: orders.checkoutUrl })
      .from(bookings)
      .leftJoin(orders, and(eq(orders.accountId, bookings.accountId), eq(orders.orderId, bookings.orderId)))
      .where(
        and(
          eq(bookings.accountId, accountId),
          eq(bookings.id, requireUuid(id, "Booking")),
          actor && !actor.manager
            ? or(eq(bookings.memberId, actor.userId), eq(bookings.instructorId, actor.userId))
            : undefined,
        ),
      );
    if (!row) throw notFound("Booking");
    const type = await loadType(tx, accountId, row.b.typeId);
    const names = await namesOf(tx, accountId, [row.b.memberId, row.b.instructorId]);
    return bookingView(row.b, type, names, row.checkoutUrl);
  });
}

export const bookingService = {
  /** Free slots of a bookable type starting in [from, to) (at most 62 days), as UTC instants. */
  async slots(db: Db, accountId: string, typeId: string, from: Date, to: Date, now = new Date()): Promise<Slot[]> {
    if (Number.isNaN(from.getTime())) throw fieldError("validation_failed", "from", "Not a date");
    if (Number.isNaN(to.getTime()) || to <= from) throw fieldError("validation_failed", "to", "Must be after from");
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY)
      throw fieldError("validation_failed", "to", `At most ${MAX_RANGE_DAYS} days at once`);
    return withTenant(db, accountId, async (tx) => {
      const type = await activeType(tx, accountId, typeId);
      const availability = await availabilityOf(tx, accountId, type.instructorId);
      const busy = await busyAround(tx, accountId, type.instructorId, from, to);
      return freeSlots({ ...availability, ...rulesOf(type), busy, from, to, now });
    });
  },

  /**
   * Books a slot for the actor. Free types are confirmed at once; a paid type's booking is pending
   * with an order whose checkout the member is sent to (an order that cannot be placed frees the slot).
   */
  async book(db: Db, site: MeteredSite, actor: Actor, input: unknown, origin: string, now = new Date()) {
    const parsed = ZBookingInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const data: BookingInput = parsed.data;
    const start = new Date(data.start);
    const accountId = site.accountId;
    let row: BookingRow;
    try {
      row = await events.transaction(db, accountId, async (tx, out) => {
        const type = await activeType(tx, accountId, data.typeId);
        if (type.instructorId === actor.userId)
          throw fieldError("validation_failed", "typeId", "You cannot book your own appointment type");
        await lockInstructor(tx, accountId, type.instructorId);
        await checkFree(tx, accountId, type, start, now);
        const [inserted] = await tx
          .insert(bookings)
          .values({
            accountId,
            typeId: type.id,
            instructorId: type.instructorId,
            memberId: actor.userId,
            startAt: start,
            endAt: new Date(start.getTime() + type.durationMinutes * 60_000),
            bufferBeforeMinutes: type.bufferBeforeMinutes,
            bufferAfterMinutes: type.bufferAfterMinutes,
            status: "pending",
            memberTimeZone: data.timeZone,
            provider: type.provider,
            meetingUrl: jitsiRoom(),
          })
          .returning();
        if (type.productId) return inserted;
        const [confirmed] = await confirmIn(tx, out, accountId, eq(bookings.id, inserted.id));
        return confirmed;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw slotTaken();
      throw e;
    }
    if (row.status === "pending") await payFor(db, accountId, row, origin);
    return viewOf(db, accountId, row.id);
  },

  async reschedule(db: Db, accountId: string, actor: Actor, id: string, input: unknown, now = new Date()) {
    const parsed = ZRescheduleInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const start = new Date(parsed.data.start);
    try {
      await events.transaction(db, accountId, async (tx, out) => {
        const { b, t } = await lockBooking(tx, accountId, id, actor);
        if (b.status === "cancelled") throw new AppError("conflict", "This booking is cancelled");
        checkCutoff(actor, b, t, now);
        await lockInstructor(tx, accountId, b.instructorId);
        await checkFree(tx, accountId, t, start, now, b.id);
        const [moved] = await tx
          .update(bookings)
          .set({
            startAt: start,
            endAt: new Date(start.getTime() + t.durationMinutes * 60_000),
            sequence: b.sequence + 1,
            reminded24At: null,
            reminded1At: null,
            updatedAt: now,
          })
          .where(and(eq(bookings.accountId, accountId), eq(bookings.id, b.id)))
          .returning();
        if (moved.status === "confirmed")
          await emit(tx, out, accountId, APPOINTMENT_EVENTS.rescheduled, moved, actor.userId);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw slotTaken();
      throw e;
    }
    return viewOf(db, accountId, id);
  },

  /** Cancels a booking (again: no change); the member only before the type's cut-off. */
  async cancel(db: Db, accountId: string, actor: Actor, id: string, now = new Date()) {
    await events.transaction(db, accountId, async (tx, out) => {
      const { b, t } = await lockBooking(tx, accountId, id, actor);
      if (b.status === "cancelled") return;
      checkCutoff(actor, b, t, now);
      const [gone] = await tx
        .update(bookings)
        .set({
          status: "cancelled",
          sequence: b.sequence + 1,
          cancelledAt: now,
          cancelledBy: actor.userId,
          updatedAt: now,
        })
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, b.id)))
        .returning();
      if (b.status === "confirmed") await emit(tx, out, accountId, APPOINTMENT_EVENTS.cancelled, gone, actor.userId);
    });
    return viewOf(db, accountId, id);
  },

  view: viewOf,
};

/** Places the order of a pending booking; an order that cannot be placed releases the slot. */
async function payFor(db: Db, accountId: string, row: BookingRow, origin: string) {
  const type = await withTenant(db, accountId, (tx) => loadType(tx, accountId, row.typeId));
  try {
    const { order } = await placeOrder(db, accountId, {
      userId: row.memberId,
      productIds: [type.productId as string],
      idempotencyKey: `booking-${row.id}`,
      origin,
    });
    await withTenant(db, accountId, (tx) =>
      tx
        .update(bookings)
        .set({ orderId: order.orderId })
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, row.id))),
    );
    // A free or instantly paid order may have been announced before the booking named it.
    if (order.status === "paid") await confirmPaidBooking(db, accountId, order.orderId);
  } catch (e) {
    await withTenant(db, accountId, (tx) =>
      tx
        .update(bookings)
        .set({ status: "cancelled", cancelledAt: new Date() })
        .where(and(eq(bookings.accountId, accountId), eq(bookings.id, row.id))),
    );
    throw e;
  }
}
