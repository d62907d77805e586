// Course notifications and e-mails (spec §4, §7, §8): subscribes to the learning events and turns
// each into bell notifications and e-mails for the student or the course's instructors, gated by
// the site's touchpoints. Registered once at start-up with the address config for absolute links.
import { COURSE_EVENT_TYPES } from "../../../core/course-events";
import type { Db } from "../../db/client";
import { events } from "../events";
import { type AddressConfig, deliverCourseEvent } from "./deliver";

const addresses = new Map<Db, AddressConfig>();
let subscribed = false;

export const courseNotifications = {
  /** Links in e-mails are absolute; they are built from the site address under this config. */
  register(db: Db, address: AddressConfig) {
    addresses.set(db, address);
    if (subscribed) return;
    subscribed = true;
    for (const type of COURSE_EVENT_TYPES) {
      events.on(type, async (eventDb, event) => {
        const address = addresses.get(eventDb);
        if (address) await deliverCourseEvent(eventDb, event, address);
      });
    }
  },
  forget(db: Db) {
    addresses.delete(db);
  },
};
export { deliverCourseEvent } from "./deliver";
