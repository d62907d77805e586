// Run as a separate process by the realtime test on PostgreSQL: another web process (or a job) in
// which a member comes online and a notification is created for someone, announced on the bus.
// Arguments: database url, account id, recipient user id, user id of the member coming online.
import { randomUUID } from "node:crypto";
import { openDatabase } from "../../server/db/client";
import { notifications } from "../../server/modules/notifications";
import { presence } from "../../server/modules/presence";
import { bus } from "../../server/realtime/bus";

const [url, accountId, recipientId, onlineUserId] = process.argv.slice(2);
const database = await openDatabase({ url, poolSize: 2 });
const stop = await bus.connect(url);
const profile = await presence.memberProfile(database.db, accountId, onlineUserId);
if (!profile) throw new Error("the member coming online is not a member of the site");
await presence.upsert(database.db, accountId, "another-process", [
  {
    ...profile,
    deviceId: randomUUID(),
    device: { browser: "Firefox", platform: "Mac", screenWidth: 1440, screenHeight: 900, deviceType: "desktop" },
  },
]);
await notifications.create(database.db, accountId, { userId: recipientId, title: "From another process" });
await stop();
await database.close();
