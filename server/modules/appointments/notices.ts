// What tells people about a booking: an e-mail with an .ics invitation (REQUEST when booked or moved,
// CANCEL when cancelled) and a bell notification to both sides, from the outbox events; reminders 24
// hours and 1 hour before, claimed row by row so each goes out once; pending paid bookings whose
// order was not paid within the hold are released; a paid order confirms its booking.
import { and, eq, gt, isNull, lt, lte, type SQL } from "drizzle-orm";
import { buildIcs } from "../../../core/ics";
import type { Db } from "../../db/client";
import { appointmentTypes, bookings, mailOutbox } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import { accounts } from "../accounts";
import { type DomainEvent, events } from "../events";
import { mail, mailMeetingTime, mailTexts } from "../mail";
import { notifications } from "../notifications";
import { availabilityService } from "./availability";
import { APPOINTMENT_EVENTS, confirmPaidBooking } from "./booking";
import { type BookingRow, contactOf, type TypeRow } from "./shared";

/** How long a paid booking holds its slot while the order waits for payment. */
export const PENDING_HOLD_MINUTES = 30;
export const REMINDERS = "appointments.reminders";

type Notice = "confirmed" | "rescheduled" | "cancelled" | "reminder";

async function send(
  db: Db,
  accountId: string,
  b: BookingRow,
  t: TypeRow,
  notice: Notice,
  zones: { instructor: string },
) {
  // One statement at a time on the transaction's client.
  const [member, instructor] = await withTenant(db, accountId, async (tx) => [
    await contactOf(tx, accountId, b.memberId),
    await contactOf(tx, accountId, b.instructorId),
  ]);
  if (!member || !instructor) return;
  const method = notice === "cancelled" ? "CANCEL" : "REQUEST";
  const site = await accounts.byId(db, accountId);
  if (!site) return;
  const sides = [
    { person: member, userId: b.memberId, other: instructor.name, zone: b.memberTimeZone },
    { person: instructor, userId: b.instructorId, other: member.name, zone: zones.instructor },
  ];
  for (const side of sides) {
    // Each side reads it in their own language on the site, the time in their own zone.
    const { lang, t: tr } = await mailTexts(db, site, { userId: side.userId });
    const what = tr(`mail.booking.${notice}`, { title: t.title });
    const at = mailMeetingTime(b.startAt, lang, side.zone);
    const subject = `${what} — ${at}`;
    // At least once upstream, once here: a redelivered event finds the first message in the outbox.
    const kind = `appointment_${notice}`;
    const [sent] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.accountId, accountId),
            eq(mailOutbox.kind, kind),
            eq(mailOutbox.subject, subject),
            eq(mailOutbox.toAddress, side.person.email),
          ),
        )
        .limit(1),
    );
    if (sent) continue;
    const ics = buildIcs({
      uid: `${b.id}@atrium`,
      sequence: b.sequence,
      method: notice === "cancelled" ? "CANCEL" : "REQUEST",
      start: b.startAt,
      end: b.endAt,
      stamp: new Date(),
      summary: t.title,
      description: notice === "cancelled" ? "" : tr("mail.booking.join", { url: b.meetingUrl }),
      location: notice === "cancelled" ? undefined : b.meetingUrl,
      url: notice === "cancelled" ? undefined : b.meetingUrl,
      organizer: instructor,
      attendee: member,
    });
    const lines = [
      tr("mail.booking.hello", { name: side.person.name }),
      "",
      what,
      at,
      tr("mail.booking.with", { name: side.other }),
      ...(notice === "cancelled" ? [] : ["", tr("mail.booking.video", { url: b.meetingUrl })]),
    ];
    await mail.enqueue(db, accountId, {
      to: side.person.email,
      kind,
      subject,
      text: lines.join("\n"),
      attachments: [
        {
          filename: notice === "cancelled" ? "cancel.ics" : "invite.ics",
          contentType: `text/calendar; method=${method}`,
          content: ics,
        },
      ],
    });
    await notifications.create(db, accountId, {
      userId: side.userId,
      component: "appointment",
      title: what,
      message: `${at} · ${side.other}`,
      data: { bookingId: b.id, link: "/dashboard/meetings" },
      itemId: b.id,
    });
  }
}

async function bookingOf(db: Db, accountId: string, id: string) {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ b: bookings, t: appointmentTypes })
      .from(bookings)
      .innerJoin(
        appointmentTypes,
        and(eq(appointmentTypes.accountId, bookings.accountId), eq(appointmentTypes.id, bookings.typeId)),
      )
      .where(and(eq(bookings.accountId, accountId), eq(bookings.id, id))),
  );
  return row ?? null;
}

async function instructorZone(db: Db, accountId: string, instructorId: string) {
  return (await availabilityService.get(db, accountId, instructorId)).timeZone;
}

function handler(notice: Notice) {
  return async (db: Db, event: DomainEvent) => {
    const row = await bookingOf(db, event.accountId, String(event.payload.bookingId ?? ""));
    // A later change superseded this one (its own event tells people).
    if (!row || row.b.sequence !== Number(event.payload.sequence)) return;
    await send(db, event.accountId, row.b, row.t, notice, {
      instructor: await instructorZone(db, event.accountId, row.b.instructorId),
    });
  };
}

events.on(APPOINTMENT_EVENTS.booked, handler("confirmed"));
events.on(APPOINTMENT_EVENTS.rescheduled, handler("rescheduled"));
events.on(APPOINTMENT_EVENTS.cancelled, handler("cancelled"));
events.on("payment_success", async (db, event) => {
  const orderId = String(event.payload.orderId ?? "");
  if (orderId) await confirmPaidBooking(db, event.accountId, orderId);
});

/** Claims the bookings due a reminder (one statement each, so a second run finds none). */
async function claimDue(db: Db, column: "reminded24At" | "reminded1At", hours: number, now: Date) {
  const col = bookings[column];
  const due: SQL = and(
    eq(bookings.status, "confirmed"),
    isNull(col),
    gt(bookings.startAt, now),
    lte(bookings.startAt, new Date(now.getTime() + hours * 3_600_000)),
  ) as SQL;
  return withPlatform(db, (tx) =>
    tx
      .update(bookings)
      .set({ [column]: now })
      .where(due)
      .returning(),
  );
}

/** Sends due reminders and releases unpaid holds; what the five-minute schedule runs. */
export async function runReminders(db: Db, now = new Date()) {
  // A booking made within the last 24 hours gets only the reminders still ahead of it.
  const hour = await claimDue(db, "reminded1At", 1, now);
  const day = (await claimDue(db, "reminded24At", 24, now)).filter((b) => !hour.some((h) => h.id === b.id));
  for (const b of [...hour, ...day]) {
    try {
      const row = await bookingOf(db, b.accountId, b.id);
      if (row)
        await send(db, b.accountId, row.b, row.t, "reminder", {
          instructor: await instructorZone(db, b.accountId, b.instructorId),
        });
    } catch (err) {
      console.error(`[appointments] reminder for ${b.id}:`, (err as Error).message);
    }
  }
  await withPlatform(db, (tx) =>
    tx
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: now })
      .where(
        and(
          eq(bookings.status, "pending"),
          lt(bookings.createdAt, new Date(now.getTime() - PENDING_HOLD_MINUTES * 60_000)),
        ),
      ),
  );
  return { reminders: hour.length + day.length };
}

jobs.define(REMINDERS, async (db) => {
  await runReminders(db);
});
jobs.schedule(REMINDERS, "*/5 * * * *");
