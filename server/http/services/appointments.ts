// What the appointment screens call from loaders and actions: bookable types and their free slots,
// booking, the member's bookings with reschedule and cancel, everyone's meetings, and for those who
// teach their own types, hours and bookings (managers: every instructor's).
import type { Context } from "hono";
import { siteHasFeature } from "../../../core/features";
import { planAllows } from "../../../core/plans";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import {
  type Actor,
  appointmentTypeService,
  availabilityService,
  bookingLists,
  bookingService,
  type BookingWhen,
} from "../../modules/appointments";
import { listProducts } from "../../modules/commerce";
import type { AppEnv } from "../env";
import { isSiteManager } from "../middleware/guards";

export function appointmentServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const member = c.get("member");
  const enabled = siteHasFeature(site.features, "appointments");
  const canManage = Boolean(member && isSiteManager(c));
  const canTeach = Boolean(
    member && (member.isOwner || hasCap(member.caps, "create_courses") || hasCap(member.caps, "manage_options")),
  );
  const actor = (): Actor => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    if (!c.get("member")) throw new AppError("forbidden", "Only members of this site book appointments here");
    return { userId: user.id, manager: isSiteManager(c) };
  };
  const booking = () => {
    if (!enabled) throw new AppError("feature_disabled", "The appointments feature is not enabled on this site");
    return actor();
  };
  const teacher = () => {
    const me = booking();
    if (!canTeach) throw new AppError("forbidden", "This needs the create_courses capability on this site");
    return me;
  };
  const manager = () => {
    const me = booking();
    if (!me.manager) throw new AppError("forbidden", "This needs the manage_options capability on this site");
    return me;
  };
  return {
    appointments: {
      enabled,
      /** The viewer offers appointments of their own (owner, create_courses or manage_options). */
      canTeach,
      /** The viewer sees and changes every instructor's types and bookings (manage_options). */
      canManage,
      /** The site's plan lets instructors mark attendance (plan feature `attendance`). */
      attendance: site.isPlatform || planAllows(site.settings.plan, "attendance"),
      types: () => {
        booking();
        return appointmentTypeService.list(db, site.accountId, { activeOnly: true });
      },
      slots: (typeId: string, from: Date, to: Date) => {
        booking();
        return bookingService.slots(db, site.accountId, typeId, from, to);
      },
      book: (input: unknown) => bookingService.book(db, site, booking(), input, c.get("origin")),
      myBookings: (when: BookingWhen) => bookingLists.list(db, site.accountId, booking().userId, "mine", when),
      cancel: (id: string) => bookingService.cancel(db, site.accountId, booking(), id),
      /** Moves a booking the viewer may change (members: before the cut-off) to another free slot. */
      reschedule: (id: string, start: string) =>
        bookingService.reschedule(db, site.accountId, booking(), id, { start }),
      meetings: (when: BookingWhen) => bookingLists.list(db, site.accountId, actor().userId, "meetings", when),

      /** The viewer's own types, active or not. */
      myTypes: () => appointmentTypeService.list(db, site.accountId, { instructorId: teacher().userId }),
      /** Every instructor's types, or one instructor's (managers). */
      allTypes: (instructorId?: string | null) => {
        manager();
        return appointmentTypeService.list(db, site.accountId, instructorId ? { instructorId } : {});
      },
      /** A new type of the viewer's, or a change to one they may change (managers: any). */
      saveType: (id: string | null, input: Record<string, unknown>) => {
        const me = teacher();
        return id
          ? appointmentTypeService.update(db, site, me, id, input)
          : appointmentTypeService.create(db, site, me, input);
      },
      availability: () => availabilityService.get(db, site.accountId, teacher().userId),
      saveAvailability: (input: unknown) => availabilityService.put(db, site.accountId, teacher().userId, input),
      /** The bookings of the viewer's types. */
      instructorBookings: (when: BookingWhen) =>
        bookingLists.list(db, site.accountId, teacher().userId, "instructor", when),
      /** The site's bookings, of one instructor or all, a page at a time, and the filter's people (managers). */
      manageBookings: (when: BookingWhen, opts: { instructorId?: string | null; page?: number; perPage?: number }) => {
        manager();
        return bookingLists.manage(db, site.accountId, when, opts);
      },
      markAttendance: (id: string, attended: boolean) => bookingLists.markAttendance(db, site, teacher(), id, attended),
      /** Published shop products a paid type can be sold through, with what they cost now. */
      productChoices: async () => {
        teacher();
        const { products } = await listProducts(db, site.accountId, { publishedOnly: true, perPage: 100 });
        return products.map((p) => ({ id: p.id, title: p.title, charged: p.charged }));
      },
    },
  };
}
