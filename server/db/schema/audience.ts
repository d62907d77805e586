// The audience (spec §3, decision 0036): a site's mailing contacts, its lists, and which contacts
// are on which list. A contact is an address the site may write to, not a member; e-mail is kept
// lower-case and is unique on the site.
import { sql } from "drizzle-orm";
import {
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
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

/** Where a contact came from (spec §3 settings: source, form_id). */
export type MailingContactSettings = { source?: string; form_id?: string | null };
export type MailingContactFields = Record<string, string | number | boolean | null>;

export const mailingContacts = pgTable(
  "mailing_contacts",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** Lower-case, trimmed. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    /** 1 = active (spec §3); 0 = inactive (unsubscribed or switched off by a manager). */
    status: integer("status").notNull().default(1),
    settings: jsonb("settings").$type<MailingContactSettings>().notNull().default({}),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    fields: jsonb("fields").$type<MailingContactFields>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // The merge rule's key: two creates of one address on a site meet here.
    uniqueIndex("mailing_contacts_email_idx").on(t.accountId, t.email),
    index("mailing_contacts_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);

export const mailingLists = pgTable(
  "mailing_lists",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    /** 'single': added at once; 'double': the contact confirms by e-mail first (sending comes later). */
    optIn: text("opt_in", { enum: ["single", "double"] })
      .notNull()
      .default("single"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    // Names are unique on a site regardless of case ("News" and "news" are one list to a reader).
    uniqueIndex("mailing_lists_name_idx").on(t.accountId, sql`lower(${t.name})`),
    ...tenantPolicies(),
  ],
);

export const mailingListContact = pgTable(
  "mailing_list_contact",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    listId: uuid("list_id").notNull(),
    contactId: uuid("contact_id").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.listId, t.contactId] }),
    foreignKey({
      columns: [t.accountId, t.listId],
      foreignColumns: [mailingLists.accountId, mailingLists.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.accountId, t.contactId],
      foreignColumns: [mailingContacts.accountId, mailingContacts.id],
    }).onDelete("cascade"),
    index("mailing_list_contact_contact_idx").on(t.accountId, t.contactId),
    ...tenantPolicies(),
  ],
);
