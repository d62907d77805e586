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
    /** 'single': added at once; 'double': pending until the contact confirms the e-mailed link. */
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
    /** 'pending': on a double opt-in list, waiting for the contact to confirm (no campaign reaches it yet). */
    status: text("status", { enum: ["subscribed", "pending"] })
      .notNull()
      .default("subscribed"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
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

/**
 * What happened to a contact, newest first on the contact's page: created, imported, a form
 * submitted, a campaign sent, opened or clicked, unsubscribed. Written by the service that did it.
 */
export const mailingContactEvents = pgTable(
  "mailing_contact_events",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    contactId: uuid("contact_id").notNull(),
    /** created | imported | form_submitted | email_sent | email_opened | email_clicked | unsubscribed | order … */
    kind: text("kind").notNull(),
    /** What the kind needs to be shown: { formId, formName } or { campaignId, subject, url } … */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    foreignKey({
      columns: [t.accountId, t.contactId],
      foreignColumns: [mailingContacts.accountId, mailingContacts.id],
    }).onDelete("cascade"),
    index("mailing_contact_events_contact_idx").on(t.accountId, t.contactId, t.at),
    ...tenantPolicies(),
  ],
);

/** A typed custom field the site defines for its contacts (decision 0044); values live in `fields`. */
export const mailingFields = pgTable(
  "mailing_fields",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** The key of the value in a contact's `fields`: lower-case letters, digits, underscores; fixed once made. */
    key: text("key").notNull(),
    label: text("label").notNull(),
    type: text("type", { enum: ["text", "number", "date", "select", "checkbox"] }).notNull(),
    /** The choices of a select, in order; empty for the other types. */
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    uniqueIndex("mailing_fields_key_idx").on(t.accountId, t.key),
    ...tenantPolicies(),
  ],
);

/** Who a campaign goes to: contacts on any of the lists, or with any of the tags (both empty: nobody). */
export type CampaignAudience = { listIds: string[]; tags: string[] };

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "failed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** An e-mail campaign (spec §2 /dashboard/manage/marketing/emails). */
export const emailCampaigns = pgTable(
  "email_campaigns",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    subject: text("subject").notNull().default(""),
    /** The preview line mail programs show after the subject. */
    preheader: text("preheader").notNull().default(""),
    fromName: text("from_name").notNull().default(""),
    /** Sanitised HTML from the rich-text editor, with merge tokens such as {{contact.name}}. */
    bodyHtml: text("body_html").notNull().default(""),
    audience: jsonb("audience").$type<CampaignAudience>().notNull().default({ listIds: [], tags: [] }),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Why a send stopped (the plan's e-mail limit, the mail server …), shown to the owner. */
    pauseReason: text("pause_reason"),
    /** The links of the body as sent, by position: a click redirects only to one of these. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    /** What a batch of a sending campaign needs of its site (plan, name, address), fixed when it was queued. */
    sendContext: jsonb("send_context").$type<Record<string, unknown>>(),
    recipientsTotal: integer("recipients_total").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    openedCount: integer("opened_count").notNull().default(0),
    clickedCount: integer("clicked_count").notNull().default(0),
    unsubscribedCount: integer("unsubscribed_count").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("email_campaigns_created_idx").on(t.accountId, t.createdAt),
    index("email_campaigns_due_idx").on(t.scheduledAt).where(sql`status = 'scheduled'`),
    ...tenantPolicies(),
  ],
);

export const RECIPIENT_STATUSES = ["queued", "sending", "sent", "failed", "skipped"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** One contact of one campaign: the unit that is sent once, and tracked. */
export const emailCampaignRecipients = pgTable(
  "email_campaign_recipients",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id").notNull(),
    contactId: uuid("contact_id").notNull(),
    email: text("email").notNull(),
    /** Opaque key of the open pixel, click redirect and unsubscribe link of this recipient. */
    token: text("token").notNull(),
    status: text("status", { enum: RECIPIENT_STATUSES }).notNull().default("queued"),
    error: text("error"),
    /** The outbox message written for this recipient (in the transaction that marked it sent). */
    outboxId: uuid("outbox_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    // One row per contact and campaign: queueing twice cannot send twice.
    primaryKey({ columns: [t.accountId, t.campaignId, t.contactId] }),
    foreignKey({
      columns: [t.accountId, t.campaignId],
      foreignColumns: [emailCampaigns.accountId, emailCampaigns.id],
    }).onDelete("cascade"),
    uniqueIndex("email_campaign_recipients_token_idx").on(t.accountId, t.token),
    index("email_campaign_recipients_status_idx").on(t.accountId, t.campaignId, t.status),
    // A message that fails for good, or gets through after all, finds its recipient.
    index("email_campaign_recipients_outbox_idx").on(t.accountId, t.outboxId),
    ...tenantPolicies(),
  ],
);

/** One row's refusal in an import (decision 0043). */
export type ContactImportError = { row: number; column: string | null; code: string; message: string; value?: string };
/** What an import did: contacts created, existing ones changed or left as they were, rows skipped. */
export type ContactImportCounts = { created: number; updated: number; unchanged: number; skipped: number };
/** A contact as the import will write it (core/contact-import ImportContact). */
export type ContactImportRow = {
  email: string;
  name: string;
  status: number | null;
  tags: string[];
  fields: Record<string, string | number | boolean>;
};

/**
 * A CSV import of contacts (decision 0043): checked when uploaded, then written by a background job
 * in one transaction. `contacts` holds the rows to write until the job is done; `processed` moves
 * as the job goes, so the screen shows progress.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    fileName: text("file_name").notNull().default(""),
    listId: uuid("list_id"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Data rows in the file; contacts to write after merging rows of one address. */
    rows: integer("rows").notNull().default(0),
    total: integer("total").notNull().default(0),
    processed: integer("processed").notNull().default(0),
    counts: jsonb("counts")
      .$type<ContactImportCounts>()
      .notNull()
      .default({ created: 0, updated: 0, unchanged: 0, skipped: 0 }),
    /** Why the job failed (plan_limit when the month's verifications ran out meanwhile). */
    failure: jsonb("failure").$type<{ code: string; message: string } | null>(),
    contacts: jsonb("contacts").$type<ContactImportRow[] | null>(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("contact_imports_created_idx").on(t.accountId, t.createdAt),
    ...tenantPolicies(),
  ],
);
