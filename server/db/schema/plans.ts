// The platform's plan catalogue (spec §6, §9). A platform table: no account owns a plan.
import { jsonb, pgTable, text, timestamp, uuid, integer } from "drizzle-orm/pg-core";

export const plans = pgTable("plans", {
  id: uuid("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  label: text("label").notNull(),
  description: text("description").notNull(),
  kind: text("kind").notNull(),
  features: jsonb("features").$type<string[]>().notNull(),
  addons: jsonb("addons").$type<string[]>().notNull(),
  limits: jsonb("limits").$type<Record<string, unknown>>().notNull(),
  pricing: jsonb("pricing").$type<Record<string, unknown>>().notNull(),
  trialDays: integer("trial_days").notNull(),
  concurrentUsers: integer("concurrent_users").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
