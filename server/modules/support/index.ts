// What people tell us: dashboard feedback (also e-mailed to the platform), support tickets between
// a site's owner and platform staff with their notifications, and browser error reports.
export { support, FEEDBACK_CATEGORIES } from "./service";
export {
  supportTickets,
  TICKET_EVENTS,
  type TicketActor,
  type TicketDetail,
  type TicketListQuery,
  type TicketReach,
  type TicketReplyView,
  type TicketView,
} from "./tickets";
export { ticketNotifications } from "./notify";
