// Messages from the platform to site owners (account_notifications) and the platform updates that
// staff publish and owners pull through getUpdates.
export { accountNotifications } from "./service";
export type { AccountNotificationView } from "./service";
