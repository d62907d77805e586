// Appointments (spec §2): types instructors publish, their weekly hours, free slots, bookings with
// reschedule and cancel (members before the type's cut-off), attendance, and everyone's meetings.
// Everything but /meetings needs the site's `appointments` feature; another site's ids are not found.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { hasCap } from "../../../../core/roles";
import { AppError } from "../../../errors";
import {
  type Actor,
  appointmentTypeService,
  availabilityService,
  bookingLists,
  bookingService,
} from "../../../modules/appointments";
import type { AppEnv } from "../../env";
import { isSiteManager, requireCap, requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZType = z
  .object({
    id: z.string().uuid(),
    instructorId: z.string(),
    instructorName: z.string(),
    title: z.string(),
    description: z.string(),
    durationMinutes: z.number().int(),
    productId: z.string().uuid().nullable().openapi({ description: "The shop product that sells it; null is free" }),
    bufferBeforeMinutes: z.number().int(),
    bufferAfterMinutes: z.number().int(),
    minimumNoticeMinutes: z.number().int(),
    bookingWindowDays: z.number().int(),
    cancelCutoffHours: z.number().int(),
    provider: z.enum(["jitsi", "zoom"]),
    active: z.boolean(),
  })
  .openapi("AppointmentType");
const ZTypeInput = z
  .object({
    title: z.string().max(120),
    description: z.string().max(2000).optional(),
    durationMinutes: z.number().int().min(5).max(480),
    productId: z.string().uuid().nullable().optional(),
    bufferBeforeMinutes: z.number().int().min(0).max(240).optional(),
    bufferAfterMinutes: z.number().int().min(0).max(240).optional(),
    minimumNoticeMinutes: z.number().int().min(0).optional(),
    bookingWindowDays: z.number().int().min(1).max(365).optional(),
    cancelCutoffHours: z.number().int().min(0).optional(),
    provider: z.enum(["jitsi", "zoom"]).optional().openapi({ description: "Zoom needs the zoom addon" }),
    active: z.boolean().optional(),
    instructorId: z.string().optional().openapi({ description: "Managers only: another instructor's type" }),
  })
  .strict()
  .openapi("AppointmentTypeInput");
const ZTypePatch = ZTypeInput.omit({ instructorId: true }).partial().strict().openapi("AppointmentTypePatch");
const ZInterval = z.object({
  start: z.string().openapi({ example: "09:00" }),
  end: z.string().openapi({ example: "12:30" }),
});
const ZAvailability = z
  .object({
    timeZone: z.string().openapi({ example: "Europe/Berlin" }),
    weekly: z.array(
      ZInterval.extend({ weekday: z.number().int().min(0).max(6).openapi({ description: "0 = Sunday" }) }),
    ),
    overrides: z.array(
      z.object({
        date: z.string().openapi({ example: "2026-12-24" }),
        intervals: z.array(ZInterval).openapi({ description: "Empty: a day off" }),
      }),
    ),
  })
  .openapi("Availability");
const ZSlot = z.object({ start: z.string(), end: z.string() }).openapi("Slot");
const ZBooking = z
  .object({
    id: z.string().uuid(),
    typeId: z.string().uuid(),
    title: z.string(),
    instructorId: z.string(),
    instructorName: z.string(),
    memberId: z.string(),
    memberName: z.string(),
    start: z.string(),
    end: z.string(),
    status: z.enum(["pending", "confirmed", "cancelled"]),
    provider: z.enum(["jitsi", "zoom"]),
    meetingUrl: z.string().nullable(),
    attended: z.boolean().nullable(),
    orderId: z.string().uuid().nullable(),
    checkoutUrl: z.string().nullable().openapi({ description: "Where a pending paid booking is paid" }),
    changeableUntil: z.string(),
  })
  .openapi("Booking");
const ZBookingInput = z
  .object({
    typeId: z.string().uuid(),
    start: z.string().openapi({ description: "A free slot's start (ISO 8601)" }),
    timeZone: z.string().optional().openapi({ description: "The member's IANA zone, for their e-mail" }),
  })
  .strict()
  .openapi("BookingInput");
const ZWhen = z.enum(["upcoming", "past"]).default("upcoming");

const tags = ["Appointments"];
const feature = requireFeature("appointments");
const members = [requireSession(), feature];
const teachers = [feature, requireCap("create_courses", "manage_options")];
// Any string: a malformed id is not found (404), exactly like an id of another site.
const one = {
  params: z.object({
    id: z
      .string()
      .max(64)
      .openapi({ param: { name: "id", in: "path" } }),
  }),
};
const list = (schema: z.ZodType, what: string) => ({
  200: ok(z.object({ items: z.array(schema) }), what),
  ...errorResponses,
});

const r = {
  types: createRoute({
    method: "get",
    path: "/appointment-types",
    tags,
    summary: "Bookable types; `mine=true` lists the instructor's own (active or not), managers see all with `all=true`",
    middleware: members,
    request: {
      query: z.object({ mine: z.enum(["true", "false"]).optional(), all: z.enum(["true", "false"]).optional() }),
    },
    responses: list(ZType, "The types"),
  }),
  createType: createRoute({
    method: "post",
    path: "/appointment-types",
    tags,
    summary: "Publish a type",
    middleware: teachers,
    request: { body: jsonBody(ZTypeInput) },
    responses: { 201: ok(ZType, "Created"), ...errorResponses },
  }),
  getType: createRoute({
    method: "get",
    path: "/appointment-types/{id}",
    tags,
    summary: "One type",
    middleware: members,
    request: one,
    responses: { 200: ok(ZType, "The type"), ...errorResponses },
  }),
  updateType: createRoute({
    method: "patch",
    path: "/appointment-types/{id}",
    tags,
    summary: "Change one of my types (managers: any)",
    middleware: teachers,
    request: { ...one, body: jsonBody(ZTypePatch) },
    responses: { 200: ok(ZType, "The type"), ...errorResponses },
  }),
  removeType: createRoute({
    method: "delete",
    path: "/appointment-types/{id}",
    tags,
    summary: "Remove a type without bookings (409 otherwise: switch it off)",
    middleware: teachers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  slots: createRoute({
    method: "get",
    path: "/appointment-types/{id}/slots",
    tags,
    summary: "Free slots starting in [from, to), at most 62 days, as UTC instants",
    middleware: members,
    request: { ...one, query: z.object({ from: z.string(), to: z.string() }) },
    responses: list(ZSlot, "The free slots"),
  }),
  getAvailability: createRoute({
    method: "get",
    path: "/availability",
    tags,
    summary: "My weekly hours and date overrides",
    middleware: teachers,
    responses: { 200: ok(ZAvailability, "The hours"), ...errorResponses },
  }),
  putAvailability: createRoute({
    method: "put",
    path: "/availability",
    tags,
    summary: "Replace my weekly hours and date overrides",
    middleware: teachers,
    request: { body: jsonBody(ZAvailability) },
    responses: { 200: ok(ZAvailability, "The hours"), ...errorResponses },
  }),
  bookings: createRoute({
    method: "get",
    path: "/bookings",
    tags,
    summary: "Bookings: mine as a member, mine as instructor, or the site's (managers)",
    middleware: members,
    request: { query: z.object({ scope: z.enum(["mine", "instructor", "all"]).default("mine"), when: ZWhen }) },
    responses: list(ZBooking, "The bookings"),
  }),
  book: createRoute({
    method: "post",
    path: "/bookings",
    tags,
    summary: "Book a free slot (a paid type is pending until its order is paid; 409 when taken)",
    middleware: members,
    request: { body: jsonBody(ZBookingInput) },
    responses: { 201: ok(ZBooking, "Booked"), ...errorResponses },
  }),
  getBooking: createRoute({
    method: "get",
    path: "/bookings/{id}",
    tags,
    summary: "One booking of mine (as member or instructor; managers: any)",
    middleware: members,
    request: one,
    responses: { 200: ok(ZBooking, "The booking"), ...errorResponses },
  }),
  reschedule: createRoute({
    method: "post",
    path: "/bookings/{id}/reschedule",
    tags,
    summary: "Move a booking to another free slot (members: before the cut-off)",
    middleware: members,
    request: { ...one, body: jsonBody(z.object({ start: z.string() }).strict().openapi("RescheduleInput")) },
    responses: { 200: ok(ZBooking, "Moved"), ...errorResponses },
  }),
  cancel: createRoute({
    method: "post",
    path: "/bookings/{id}/cancel",
    tags,
    summary: "Cancel a booking (members: before the cut-off)",
    middleware: members,
    request: one,
    responses: { 200: ok(ZBooking, "Cancelled"), ...errorResponses },
  }),
  attendance: createRoute({
    method: "put",
    path: "/bookings/{id}/attendance",
    tags,
    summary: "The instructor marks whether the member attended (plan feature attendance)",
    middleware: members,
    request: { ...one, body: jsonBody(z.object({ attended: z.boolean() }).strict()) },
    responses: { 200: ok(ZBooking, "Marked"), ...errorResponses },
  }),
  meetings: createRoute({
    method: "get",
    path: "/meetings",
    tags,
    summary: "My confirmed meetings (booked or held), upcoming or past, with their video links",
    middleware: [requireSession()],
    request: { query: z.object({ when: ZWhen }) },
    responses: list(ZBooking, "The meetings"),
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;
function actor(c: Context<AppEnv>): Actor {
  const m = c.get("member");
  if (!m) throw new AppError("forbidden", "Only members of this site book appointments here");
  return { userId: c.get("user")!.id, manager: isSiteManager(c) };
}
const canTeach = (c: Context<AppEnv>) => {
  const m = c.get("member");
  return Boolean(m && (m.isOwner || hasCap(m.caps, "create_courses") || hasCap(m.caps, "manage_options")));
};

export const appointmentRoutes = newRouter()
  .openapi(r.types, async (c) => {
    const me = actor(c);
    const q = c.req.valid("query");
    const filter =
      q.mine === "true" ? { instructorId: me.userId } : q.all === "true" && me.manager ? {} : { activeOnly: true };
    return c.json({ items: await appointmentTypeService.list(db(c), account(c), filter) }, 200);
  })
  .openapi(r.createType, async (c) => {
    const { instructorId, ...input } = c.req.valid("json");
    return c.json(
      await appointmentTypeService.create(db(c), c.get("site"), actor(c), input, instructorId ?? actor(c).userId),
      201,
    );
  })
  .openapi(r.getType, async (c) => {
    actor(c);
    return c.json(await appointmentTypeService.get(db(c), account(c), c.req.valid("param").id), 200);
  })
  .openapi(r.updateType, async (c) =>
    c.json(
      await appointmentTypeService.update(db(c), c.get("site"), actor(c), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(r.removeType, async (c) => {
    await appointmentTypeService.remove(db(c), account(c), actor(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.slots, async (c) => {
    actor(c);
    const q = c.req.valid("query");
    const items = await bookingService.slots(
      db(c),
      account(c),
      c.req.valid("param").id,
      new Date(q.from),
      new Date(q.to),
    );
    return c.json({ items: items.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() })) }, 200);
  })
  .openapi(r.getAvailability, async (c) =>
    c.json(await availabilityService.get(db(c), account(c), actor(c).userId), 200),
  )
  .openapi(r.putAvailability, async (c) =>
    c.json(await availabilityService.put(db(c), account(c), actor(c).userId, c.req.valid("json")), 200),
  )
  .openapi(r.bookings, async (c) => {
    const me = actor(c);
    const { scope, when } = c.req.valid("query");
    if (scope === "all" && !me.manager)
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    if (scope === "instructor" && !canTeach(c))
      throw new AppError("forbidden", "This needs the create_courses capability on this site");
    return c.json({ items: await bookingLists.list(db(c), account(c), me.userId, scope, when) }, 200);
  })
  .openapi(r.book, async (c) =>
    c.json(await bookingService.book(db(c), c.get("site"), actor(c), c.req.valid("json"), c.get("origin")), 201),
  )
  .openapi(r.getBooking, async (c) => {
    const me = actor(c);
    const view = await bookingService.view(db(c), account(c), c.req.valid("param").id, me);
    return c.json(view, 200);
  })
  .openapi(r.reschedule, async (c) =>
    c.json(
      await bookingService.reschedule(db(c), account(c), actor(c), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(r.cancel, async (c) =>
    c.json(await bookingService.cancel(db(c), account(c), actor(c), c.req.valid("param").id), 200),
  )
  .openapi(r.attendance, async (c) =>
    c.json(
      await bookingLists.markAttendance(
        db(c),
        c.get("site"),
        actor(c),
        c.req.valid("param").id,
        c.req.valid("json").attended,
      ),
      200,
    ),
  )
  .openapi(r.meetings, async (c) => {
    const me = actor(c);
    return c.json(
      { items: await bookingLists.list(db(c), account(c), me.userId, "meetings", c.req.valid("query").when) },
      200,
    );
  });
