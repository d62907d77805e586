// What the appointment screens call from loaders and actions: bookable types and their free slots,
// booking, the member's bookings with reschedule and cancel, and everyone's meetings.
import type { Context } from "hono";
import { siteHasFeature } from "../../../core/features";
import { AppError, notAuthenticated } from "../../errors";
import {
  type Actor,
  appointmentTypeService,
  bookingLists,
  bookingService,
  type BookingWhen,
} from "../../modules/appointments";
import type { AppEnv } from "../env";
import { isSiteManager } from "../middleware/guards";

export function appointmentServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const actor = (): Actor => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    if (!c.get("member")) throw new AppError("forbidden", "Only members of this site book appointments here");
    return { userId: user.id, manager: isSiteManager(c) };
  };
  const booking = () => {
    if (!siteHasFeature(site.features, "appointments"))
      throw new AppError("feature_disabled", "The appointments feature is not enabled on this site");
    return actor();
  };
  return {
    appointments: {
      enabled: siteHasFeature(site.features, "appointments"),
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
      meetings: (when: BookingWhen) => bookingLists.list(db, site.accountId, actor().userId, "meetings", when),
    },
  };
}
