// Appointments (spec §2 /dashboard/appointments, /bookings, /meetings): the types instructors
// publish, each instructor's weekly hours and date overrides in their own zone, and the bookings
// members make, which are the site's meetings with their video link and attendance.
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { DateOverride, WeeklyInterval } from "../../../core/slots";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const MEETING_PROVIDERS = ["jitsi", "zoom"] as const;
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

export const appointmentTypes = pgTable(
  "appointment_types",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    instructorId: text("instructor_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    durationMinutes: integer("duration_minutes").notNull(),
    /** A paid type is sold through this shop product; null is free. */
    productId: uuid("product_id"),
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    minimumNoticeMinutes: integer("minimum_notice_minutes").notNull().default(0),
    bookingWindowDays: integer("booking_window_days").notNull().default(30),
    /** A member may cancel or move a booking until this many hours before it starts. */
    cancelCutoffHours: integer("cancel_cutoff_hours").notNull().default(24),
    provider: text("provider", { enum: MEETING_PROVIDERS }).$type<MeetingProvider>().notNull().default("jitsi"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("appointment_types_instructor_idx").on(t.accountId, t.instructorId),
    ...tenantPolicies(),
  ],
);

export const appointmentAvailability = pgTable(
  "appointment_availability",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    instructorId: text("instructor_id").notNull(),
    timeZone: text("time_zone").notNull(),
    weekly: jsonb("weekly").$type<WeeklyInterval[]>().notNull().default([]),
    overrides: jsonb("overrides").$type<DateOverride[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.instructorId] }), ...tenantPolicies()],
);

export const bookings = pgTable(
  "bookings",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    typeId: uuid("type_id").notNull(),
    instructorId: text("instructor_id").notNull(),
    memberId: text("member_id").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** The type's buffers when booked, so a later change of the type does not move other slots. */
    bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
    bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
    status: text("status", { enum: BOOKING_STATUSES }).$type<BookingStatus>().notNull(),
    /** The shop order that pays a paid booking; the booking is confirmed when it is paid. */
    orderId: uuid("order_id"),
    /** The member's zone when booking, for the times in their mail. */
    memberTimeZone: text("member_time_zone").notNull().default("UTC"),
    provider: text("provider", { enum: MEETING_PROVIDERS }).$type<MeetingProvider>().notNull().default("jitsi"),
    meetingUrl: text("meeting_url").notNull(),
    /** iCalendar SEQUENCE: grows with each reschedule and the cancellation. */
    sequence: integer("sequence").notNull().default(0),
    /** Null until the instructor marks it. */
    attended: boolean("attended"),
    reminded24At: timestamp("reminded_24_at", { withTimezone: true }),
    reminded1At: timestamp("reminded_1_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.typeId],
      foreignColumns: [appointmentTypes.accountId, appointmentTypes.id],
    }).onDelete("cascade"),
    // The last line of defence against a double booking: one live booking per instructor and start.
    uniqueIndex("bookings_instructor_start_idx")
      .on(t.accountId, t.instructorId, t.startAt)
      .where(sql`status <> 'cancelled'`),
    index("bookings_instructor_time_idx").on(t.accountId, t.instructorId, t.startAt),
    index("bookings_member_time_idx").on(t.accountId, t.memberId, t.startAt),
    index("bookings_order_idx").on(t.accountId, t.orderId),
    // The reminder job's scan across sites.
    index("bookings_reminder_idx").on(t.startAt).where(sql`status = 'confirmed'`),
    ...tenantPolicies(),
  ],
);
