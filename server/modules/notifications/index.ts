// Messages from the platform to site owners (account_notifications), the platform updates that
// staff publish and owners pull through getUpdates, and each member's own notifications in the
// header bell (notifications), which announce themselves on the bus so open pages refresh.
export { accountNotifications } from "./service";
export type { AccountNotificationView } from "./service";
export { NOTIFICATION_TOPIC, NOTIFICATION_TYPES, notifications, ZCreateNotification } from "./site-notifications";
export type { CreateNotification, NotificationType, NotificationView } from "./site-notifications";
