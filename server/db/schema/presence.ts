// Who is online on a site right now (spec §3 Online-presence record): one row per browser device,
// written by the web process holding its WebSocket, so every process can list the whole site.
// A row not refreshed for 70 seconds no longer counts and is swept.
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export type PresenceDevice = {
  browser: string;
  platform: string;
  screenWidth: number;
  screenHeight: number;
  deviceType: string;
};

export const presence = pgTable(
  "presence",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    deviceId: uuid("device_id").notNull(),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    avatar: text("avatar"),
    device: jsonb("device").$type<PresenceDevice>().notNull(),
    /** The web process holding the socket: only it deletes the row when the socket closes. */
    processId: text("process_id").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.deviceId] }),
    index("presence_seen_idx").on(t.seenAt),
    ...tenantPolicies(),
  ],
);
