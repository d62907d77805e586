// Funnels (spec §2 "Funnel step types", §3 "Funnel graph", §4 "Funnel session"): a site's funnels
// with their graph of steps, the visitor sessions that campaign links start, and the steps each
// session reached (with the revenue of an order reached on the confirmation step).
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { FunnelGraph, FunnelStatus } from "../../../core/funnel-graph";
import { FUNNEL_STATUSES } from "../../../core/funnel-graph";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export type FunnelDeviceInfo = {
  browser: string;
  platform: string;
  screenWidth: number;
  screenHeight: number;
  deviceType: "desktop" | "tablet" | "mobile";
};

export const funnels = pgTable(
  "funnels",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    status: text("status", { enum: FUNNEL_STATUSES }).$type<FunnelStatus>().notNull().default("draft"),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    graph: jsonb("graph").$type<FunnelGraph>().notNull().default({ nodes: [], edges: [] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("funnels_created_idx").on(t.accountId, t.createdAt),
    // One live funnel per campaign triple, so a tracked visit belongs to one funnel.
    uniqueIndex("funnels_live_utm_idx")
      .on(t.accountId, t.utmSource, t.utmMedium, t.utmCampaign)
      .where(sql`status = 'live'`),
    ...tenantPolicies(),
  ],
);

export const funnelSessions = pgTable(
  "funnel_sessions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    funnelId: uuid("funnel_id").notNull(),
    utmSource: text("utm_source").notNull(),
    utmMedium: text("utm_medium").notNull(),
    utmCampaign: text("utm_campaign").notNull(),
    initialPage: text("initial_page").notNull().default(""),
    currentNode: text("current_node").notNull(),
    finished: boolean("finished").notNull().default(false),
    deviceInfo: jsonb("device_info").$type<FunnelDeviceInfo>().notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.funnelId], foreignColumns: [funnels.accountId, funnels.id] }).onDelete(
      "cascade",
    ),
    index("funnel_sessions_funnel_idx").on(t.accountId, t.funnelId, t.startedAt),
    ...tenantPolicies(),
  ],
);

export const funnelSessionEvents = pgTable(
  "funnel_session_events",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    sessionId: uuid("session_id").notNull(),
    nodeId: text("node_id").notNull(),
    path: text("path").notNull().default(""),
    query: text("query").notNull().default(""),
    /** The paid total of the order reached on this step, in minor units; null for other steps. */
    revenue: integer("revenue"),
    orderId: uuid("order_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.sessionId],
      foreignColumns: [funnelSessions.accountId, funnelSessions.id],
    }).onDelete("cascade"),
    // A step is counted once per session, so a reload or a replayed event does not inflate it.
    uniqueIndex("funnel_session_events_step_idx").on(t.accountId, t.sessionId, t.nodeId),
    ...tenantPolicies(),
  ],
);
