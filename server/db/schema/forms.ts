// Forms and popups (spec §2 /dashboard/manage/marketing/forms and /popups, decision 0039): a site's
// forms with their fields, what visitors submitted through them, the per-address submission counter
// behind the rate limit, and popups that show a form to a visitor.
import { sql } from "drizzle-orm";
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { FormField, FormSettings } from "../../../core/form-rules";
import type { PopupFrequency, PopupPages, PopupTrigger } from "../../../core/popup-rules";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const FORM_STATUSES = ["active", "inactive"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const forms = pgTable(
  "forms",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    fields: jsonb("fields").$type<FormField[]>().notNull().default([]),
    settings: jsonb("settings").$type<FormSettings>().notNull().default({ listIds: [], tags: [] }),
    status: text("status", { enum: FORM_STATUSES }).notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("forms_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    formId: uuid("form_id").notNull(),
    /** The contact the submission created or merged into; null once that contact is removed. */
    contactId: uuid("contact_id"),
    /** The submitted values by field name, as validated against the form. */
    data: jsonb("data").$type<Record<string, string | boolean>>().notNull().default({}),
    /** A keyed hash of the sender's address: enough to spot a flood, not to know who sent it. */
    ipHash: text("ip_hash").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({ columns: [t.accountId, t.formId], foreignColumns: [forms.accountId, forms.id] }).onDelete("cascade"),
    index("form_submissions_form_idx").on(t.accountId, t.formId, t.createdAt),
    ...tenantPolicies(),
  ],
);

export const popups = pgTable(
  "popups",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** Sanitised HTML from the rich-text editor. */
    content: text("content").notNull().default(""),
    /** The form shown under the content; null for a popup that only informs. */
    formId: uuid("form_id"),
    trigger: jsonb("trigger").$type<PopupTrigger>().notNull().default({ type: "delay", delaySeconds: 5 }),
    pages: jsonb("pages").$type<PopupPages>().notNull().default({ mode: "all", paths: [] }),
    frequency: jsonb("frequency").$type<PopupFrequency>().notNull().default({ type: "once" }),
    status: text("status", { enum: FORM_STATUSES }).notNull().default("active"),
    impressions: integer("impressions").notNull().default(0),
    closes: integer("closes").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("popups_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);
