// Input rules of appointments, shared by the server and the dashboard's forms: a type's settings,
// an instructor's weekly hours and date overrides, and a booking request.
import { z } from "zod";
import { isIsoDate, isTime, isTimeZone, minutesOf, overlappingInterval, WEEKDAYS } from "./slots";

const ZTime = z.string().refine(isTime, "Use HH:MM (00:00 to 24:00)");
const ZInterval = z
  .object({ start: ZTime, end: ZTime })
  .strict()
  .refine((iv) => minutesOf(iv.start) < minutesOf(iv.end), {
    message: "The end must be after the start",
    path: ["end"],
  });

export const ZTimeZone = z.string().max(64).refine(isTimeZone, "Unknown time zone");

export const ZAppointmentTypeInput = z
  .object({
    title: z.string().trim().min(1, "A title is required").max(120),
    description: z.string().max(2000).default(""),
    durationMinutes: z.number().int().min(5).max(480),
    productId: z.string().uuid().nullable().default(null),
    bufferBeforeMinutes: z.number().int().min(0).max(240).default(0),
    bufferAfterMinutes: z.number().int().min(0).max(240).default(0),
    minimumNoticeMinutes: z
      .number()
      .int()
      .min(0)
      .max(60 * 24 * 30)
      .default(60),
    bookingWindowDays: z.number().int().min(1).max(365).default(30),
    cancelCutoffHours: z
      .number()
      .int()
      .min(0)
      .max(24 * 14)
      .default(24),
    provider: z.enum(["jitsi", "zoom"]).default("jitsi"),
    active: z.boolean().default(true),
  })
  .strict();
export type AppointmentTypeInput = z.output<typeof ZAppointmentTypeInput>;

export const ZAvailabilityInput = z
  .object({
    timeZone: ZTimeZone,
    weekly: z
      .array(
        z
          .object({ weekday: z.number().int().min(0).max(6), start: ZTime, end: ZTime })
          .strict()
          .refine((iv) => minutesOf(iv.start) < minutesOf(iv.end), {
            message: "The end must be after the start",
            path: ["end"],
          }),
      )
      .max(70),
    overrides: z
      .array(
        z
          .object({
            date: z.string().refine(isIsoDate, "Use YYYY-MM-DD"),
            intervals: z.array(ZInterval).max(10),
          })
          .strict(),
      )
      .max(366)
      .default([]),
  })
  .strict()
  .superRefine((a, ctx) => {
    for (const day of WEEKDAYS) {
      const list = a.weekly.filter((w) => w.weekday === day);
      if (overlappingInterval(list) !== null)
        ctx.addIssue({ code: "custom", path: ["weekly"], message: "Hours of one weekday overlap" });
    }
    const dates = new Set<string>();
    for (const [i, o] of a.overrides.entries()) {
      if (dates.has(o.date))
        ctx.addIssue({ code: "custom", path: ["overrides", i, "date"], message: "Date given twice" });
      dates.add(o.date);
      if (overlappingInterval(o.intervals) !== null)
        ctx.addIssue({ code: "custom", path: ["overrides", i, "intervals"], message: "Hours overlap" });
    }
  });
export type AvailabilityInput = z.output<typeof ZAvailabilityInput>;

export const ZBookingInput = z
  .object({
    typeId: z.string().uuid(),
    start: z.iso.datetime({ offset: true }),
    timeZone: ZTimeZone.default("UTC"),
  })
  .strict();
export type BookingInput = z.output<typeof ZBookingInput>;

export const ZRescheduleInput = z.object({ start: z.iso.datetime({ offset: true }) }).strict();
