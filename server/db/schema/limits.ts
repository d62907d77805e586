// Fixed-window request counters for public endpoints that cost a site something (verifications,
// form posts): one row per key, shared by every web process.
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const requestLimits = pgTable("request_limits", {
  /** What is limited and for whom, e.g. `verify:<site>:<address>`. */
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(1),
});
