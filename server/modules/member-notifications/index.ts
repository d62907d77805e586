// Member notices: a welcome when someone joins a site as a student or becomes an instructor,
// notices to the site's owner of joins, new instructors, courses created and published, and a
// subscription's renewal and end to its member. Each is gated by its touchpoint. Registered once
// at start-up with the address config for absolute links.
import { MEMBER_EVENT_TYPES } from "../../../core/member-events";
import type { Db } from "../../db/client";
import { events } from "../events";
import { type AddressConfig, deliverMemberEvent } from "./deliver";

const addresses = new Map<Db, AddressConfig>();
let subscribed = false;

export const memberNotifications = {
  /** Links in e-mails are absolute; they are built from the site address under this config. */
  register(db: Db, address: AddressConfig) {
    addresses.set(db, address);
    if (subscribed) return;
    subscribed = true;
    for (const type of MEMBER_EVENT_TYPES) {
      events.on(type, async (eventDb, event) => {
        const config = addresses.get(eventDb);
        if (config) await deliverMemberEvent(eventDb, event, config);
      });
    }
  },
  forget(db: Db) {
    addresses.delete(db);
  },
};
export { deliverMemberEvent } from "./deliver";
