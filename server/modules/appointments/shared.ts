// What the appointment services share: who acts, the views they answer, and row look-ups that carry
// the site (and for members, the person) in the query itself, so another site's id is not found.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { appointmentTypes, type BookingStatus, bookings, type MeetingProvider, members } from "../../db/schema";
import { notFound, requireUuid } from "../../errors";

/** The signed-in person on this site: a manager (owner or manage_options) sees and changes everything. */
export type Actor = { userId: string; manager: boolean };

export type TypeRow = typeof appointmentTypes.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

export type AppointmentTypeView = {
  id: string;
  instructorId: string;
  instructorName: string;
  title: string;
  description: string;
  durationMinutes: number;
  productId: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  cancelCutoffHours: number;
  provider: MeetingProvider;
  active: boolean;
};

export type BookingView = {
  id: string;
  typeId: string;
  title: string;
  instructorId: string;
  instructorName: string;
  memberId: string;
  memberName: string;
  start: string;
  end: string;
  status: BookingStatus;
  provider: MeetingProvider;
  /** Shown once the booking is confirmed. */
  meetingUrl: string | null;
  attended: boolean | null;
  orderId: string | null;
  /** Where a pending paid booking is paid. */
  checkoutUrl: string | null;
  /** The member may still move or cancel it (before the type's cut-off). */
  changeableUntil: string;
};

export async function namesOf(tx: Tx, accountId: string, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ userId: members.userId, name: members.name })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, ids)));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

export async function contactOf(tx: Tx, accountId: string, userId: string) {
  const [m] = await tx
    .select({ name: members.name, email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  return m ?? null;
}

export const typeView = (r: TypeRow, names: Map<string, string>): AppointmentTypeView => ({
  id: r.id,
  instructorId: r.instructorId,
  instructorName: names.get(r.instructorId) ?? "",
  title: r.title,
  description: r.description,
  durationMinutes: r.durationMinutes,
  productId: r.productId,
  bufferBeforeMinutes: r.bufferBeforeMinutes,
  bufferAfterMinutes: r.bufferAfterMinutes,
  minimumNoticeMinutes: r.minimumNoticeMinutes,
  bookingWindowDays: r.bookingWindowDays,
  cancelCutoffHours: r.cancelCutoffHours,
  provider: r.provider,
  active: r.active,
});

export const cutoffOf = (b: Pick<BookingRow, "startAt">, t: Pick<TypeRow, "cancelCutoffHours">) =>
  new Date(b.startAt.getTime() - t.cancelCutoffHours * 3_600_000);

export function bookingView(
  b: BookingRow,
  t: Pick<TypeRow, "title" | "cancelCutoffHours">,
  names: Map<string, string>,
  checkoutUrl: string | null = null,
): BookingView {
  return {
    id: b.id,
    typeId: b.typeId,
    title: t.title,
    instructorId: b.instructorId,
    instructorName: names.get(b.instructorId) ?? "",
    memberId: b.memberId,
    memberName: names.get(b.memberId) ?? "",
    start: b.startAt.toISOString(),
    end: b.endAt.toISOString(),
    status: b.status,
    provider: b.provider,
    meetingUrl: b.status === "confirmed" ? b.meetingUrl : null,
    attended: b.attended,
    orderId: b.orderId,
    checkoutUrl: b.status === "pending" ? checkoutUrl : null,
    changeableUntil: cutoffOf(b, t).toISOString(),
  };
}

export async function loadType(tx: Tx, accountId: string, id: string): Promise<TypeRow> {
  const [row] = await tx
    .select()
    .from(appointmentTypes)
    .where(
      and(eq(appointmentTypes.accountId, accountId), eq(appointmentTypes.id, requireUuid(id, "Appointment type"))),
    );
  if (!row) throw notFound("Appointment type");
  return row;
}

/**
 * A booking the actor may see, locked for update: the member's own, the instructor's, or any for a
 * manager. Anything else is not found, exactly like an id that does not exist.
 */
export async function lockBooking(tx: Tx, accountId: string, id: string, actor: Actor) {
  const [row] = await tx
    .select({ b: bookings, t: appointmentTypes })
    .from(bookings)
    .innerJoin(
      appointmentTypes,
      and(eq(appointmentTypes.accountId, bookings.accountId), eq(appointmentTypes.id, bookings.typeId)),
    )
    .where(and(eq(bookings.accountId, accountId), eq(bookings.id, requireUuid(id, "Booking"))))
    .for("update", { of: bookings });
  if (!row) throw notFound("Booking");
  const { b } = row;
  if (!actor.manager && b.memberId !== actor.userId && b.instructorId !== actor.userId) throw notFound("Booking");
  return row;
}
