// Appointments (spec §2 /dashboard/appointments, /bookings, /meetings, /manage/appointments): the
// types instructors offer, their hours, free slots, bookings with their mail, reminders and payment,
// and the meetings those bookings are, with their video links and attendance.
import "./notices";

export { availabilityService, type AvailabilityView } from "./availability";
export { APPOINTMENT_EVENTS, bookingService, confirmPaidBooking } from "./booking";
export { type BookingScope, type BookingWhen, bookingLists } from "./lists";
export { PENDING_HOLD_MINUTES, REMINDERS, runReminders } from "./notices";
export type { Actor, AppointmentTypeView, BookingView } from "./shared";
export { appointmentTypeService } from "./types";
