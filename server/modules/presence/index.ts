// Who is online on each site: one row per browser device, kept fresh by the web process that holds
// the device's WebSocket (server/realtime) and announced on the bus whenever the list changes.
export { PRESENCE_STALE_SECONDS, PRESENCE_TOPIC, presence, presenceFor } from "./service";
export type { MemberProfile, OnlineMember, PresenceDevice, PresenceEntry, PresenceList } from "./service";
