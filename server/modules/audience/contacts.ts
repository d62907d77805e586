// A site's mailing contacts. A new address is verified (and counted) before it is written; an
// address the site already has is merged, not duplicated: the existing contact comes back, taking
// the given name only when it had none. Two creates of one address at once meet on the unique
// (site, e-mail) key, so one contact results.
import { and, count, desc, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import { containsPattern } from "../../../core/search-query";
import type { Db, Tx } from "../../db/client";
import {
  type MailingContactFields,
  type MailingContactSettings,
  mailingContacts as table,
  mailingListContact,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";
import type { MeteredSite } from "../usage";
import { checkedFields, storedFields } from "./fields";
import { type ContactEvent, contactEvents, recordContactEvents } from "./history";
import {
  normaliseEmail,
  VERIFICATION_MESSAGES,
  type VerificationReason,
  type VerifyOptions,
  verifyEmail,
} from "./verify";

export type ContactView = {
  id: string;
  email: string;
  name: string;
  status: number;
  settings: MailingContactSettings;
  tags: string[];
  fields: MailingContactFields;
  createdAt: string;
  updatedAt: string;
};

export type ContactInput = {
  email: string;
  name?: string;
  source?: string;
  formId?: string | null;
  tags?: string[];
  fields?: MailingContactFields;
};
export type ContactPatch = { name?: string; status?: number; tags?: string[]; fields?: MailingContactFields };
/** What one bulk action does to every chosen contact (list actions go through the lists). */
export type ContactBulk =
  | { action: "add_tag" | "remove_tag"; tag: string }
  | { action: "set_status"; status: number }
  | { action: "set_field"; field: string; value: unknown }
  | { action: "delete" };

export type ContactQuery = {
  q?: string;
  listId?: string;
  tag?: string;
  status?: number;
  source?: string;
  /** Contacts whose field `fieldKey` holds `fieldValue` (as text: "3", "true", "2026-01-31"). */
  fieldKey?: string;
  fieldValue?: string;
  page: number;
  perPage: number;
};

type Row = typeof table.$inferSelect;

const view = (r: Row): ContactView => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  settings: r.settings,
  tags: r.tags,
  fields: r.fields,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Tags trimmed, empty ones dropped, each once. */
const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Contact")));

export const contacts = {
  /** Creates a contact after verifying its address, or merges into the site's contact of that address. */
  async create(
    db: Db,
    site: MeteredSite,
    input: ContactInput,
    opts: VerifyOptions,
  ): Promise<{ contact: ContactView; created: boolean }> {
    const email = normaliseEmail(input.email);
    const name = input.name?.trim() ?? "";
    const accountId = site.accountId;
    const fields = input.fields
      ? storedFields(await withTenant(db, accountId, (tx) => checkedFields(tx, accountId, input.fields ?? {})))
      : {};
    // A known address needs no verification (nor a unit of the meter): it is merged at once.
    const merged = await withTenant(db, accountId, (tx) => mergeName(tx, accountId, email, name));
    if (merged) return { contact: view(merged), created: false };

    const verdict = await verifyEmail(db, site, email, opts);
    if (!verdict.status)
      throw fieldError(
        "validation_failed",
        "email",
        VERIFICATION_MESSAGES[verdict.reason as Exclude<VerificationReason, "ok">],
      );

    return withTenant(db, accountId, (tx) => contacts.write(tx, accountId, { ...input, email, name, fields }));
  },

  /** The site's contact of this address, if it has one (no verification, nothing counted). */
  async byEmail(db: Db, accountId: string, email: string): Promise<ContactView | null> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.email, normaliseEmail(email)))),
    );
    return row ? view(row) : null;
  },

  /**
   * Writes the contact of an address already verified (or already known) in the caller's
   * transaction: a new one is created with its history's `created`, a known one takes the name only
   * when it had none. Two writers of one address meet on the unique key.
   */
  async write(tx: Tx, accountId: string, input: ContactInput): Promise<{ contact: ContactView; created: boolean }> {
    const email = normaliseEmail(input.email);
    const name = input.name?.trim() ?? "";
    const settings: MailingContactSettings = { source: input.source ?? "manual", form_id: input.formId ?? null };
    const [row] = await tx
      .insert(table)
      .values({ accountId, email, name, settings, tags: cleanTags(input.tags ?? []), fields: input.fields ?? {} })
      .onConflictDoUpdate({
        target: [table.accountId, table.email],
        set: {
          name: sql`case when ${table.name} = '' then excluded.name else ${table.name} end`,
          updatedAt: sql`now()`,
        },
      })
      // xmax is 0 on a freshly inserted row version, and set when the conflict path updated it.
      .returning({ ...getTableColumns(table), inserted: sql<boolean>`(xmax = 0)` });
    if (row.inserted)
      await recordContactEvents(tx, accountId, [
        { contactId: row.id, kind: "created", data: { source: settings.source } },
      ]);
    const { inserted, ...contact } = row;
    return { contact: view(contact), created: Boolean(inserted) };
  },

  async list(db: Db, accountId: string, query: ContactQuery): Promise<{ items: ContactView[]; total: number }> {
    const where: SQL[] = [eq(table.accountId, accountId)];
    const q = query.q?.trim();
    if (q) {
      const like = containsPattern(q);
      where.push(or(sql`${table.email} ilike ${like}`, sql`${table.name} ilike ${like}`) as SQL);
    }
    if (query.listId) {
      const listId = requireUuid(query.listId, "List", "listId");
      where.push(
        sql`exists (select 1 from ${mailingListContact} where ${mailingListContact.accountId} = ${table.accountId}
          and ${mailingListContact.contactId} = ${table.id} and ${mailingListContact.listId} = ${listId})`,
      );
    }
    if (query.tag) where.push(sql`${query.tag.trim()} = any(${table.tags})`);
    if (query.status !== undefined) where.push(eq(table.status, query.status));
    if (query.source) where.push(sql`${table.settings}->>'source' = ${query.source}`);
    if (query.fieldKey) where.push(sql`${table.fields}->>${query.fieldKey} = ${query.fieldValue ?? ""}`);
    return withTenant(db, accountId, async (tx) => {
      // One statement at a time on the transaction's client.
      const rows = await tx
        .select()
        .from(table)
        .where(and(...where))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(table)
        .where(and(...where));
      return { items: rows.map(view), total: Number(n) };
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<ContactView> {
    const [row] = await withTenant(db, accountId, (tx) => tx.select().from(table).where(byId(accountId, id)));
    if (!row) throw notFound("Contact");
    return view(row);
  },

  /** The site's tags with how many contacts carry each, and the sources its contacts came from. */
  async facets(db: Db, accountId: string): Promise<{ tags: { tag: string; contacts: number }[]; sources: string[] }> {
    return withTenant(db, accountId, async (tx) => {
      const tags = await tx.execute<{ tag: string; n: number }>(
        sql`select t as tag, count(*)::int as n from ${table}, unnest(${table.tags}) as t
            where ${table.accountId} = ${accountId} group by t order by lower(t), t`,
      );
      const sources = await tx.execute<{ source: string }>(
        sql`select distinct coalesce(${table.settings}->>'source', 'manual') as source from ${table}
            where ${table.accountId} = ${accountId} order by 1`,
      );
      return {
        tags: (tags as unknown as { rows: { tag: string; n: number }[] }).rows.map((r) => ({
          tag: r.tag,
          contacts: Number(r.n),
        })),
        sources: (sources as unknown as { rows: { source: string }[] }).rows.map((r) => r.source),
      };
    });
  },

  /** The contact's history, newest first; another site's contact is not found. */
  async history(db: Db, accountId: string, id: string): Promise<ContactEvent[]> {
    return withTenant(db, accountId, async (tx) => {
      const [row] = await tx.select({ id: table.id }).from(table).where(byId(accountId, id));
      if (!row) throw notFound("Contact");
      return contactEvents(tx, row.id);
    });
  },

  async update(db: Db, accountId: string, id: string, patch: ContactPatch): Promise<ContactView> {
    const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
    if (patch.name !== undefined) set.name = patch.name.trim();
    if (patch.status !== undefined) set.status = patch.status;
    if (patch.tags !== undefined) set.tags = cleanTags(patch.tags);
    const [row] = await withTenant(db, accountId, async (tx) => {
      if (patch.fields !== undefined) {
        // Keys without a definition may stay as the contact has them (or go), never be set anew.
        const [current] = await tx
          .select({ fields: table.fields })
          .from(table)
          .where(byId(accountId, id))
          .for("update");
        if (!current) throw notFound("Contact");
        set.fields = storedFields(await checkedFields(tx, accountId, patch.fields, current.fields));
      }
      return tx.update(table).set(set).where(byId(accountId, id)).returning();
    });
    if (!row) throw notFound("Contact");
    return view(row);
  },

  /**
   * Adds or removes a tag, sets the status, or deletes, for every chosen contact in one statement.
   * Every id must be a contact of the site, else 404 and nothing changes. Answers how many changed.
   */
  async bulk(db: Db, accountId: string, ids: string[], change: ContactBulk): Promise<{ changed: number }> {
    const chosen = [...new Set(ids)];
    if (!chosen.length) throw fieldError("validation_failed", "ids", "Choose at least one contact");
    for (const id of chosen) requireUuid(id, "Contact", "ids");
    const tag = "tag" in change ? change.tag.trim() : "";
    if ("tag" in change && !tag) throw fieldError("validation_failed", "tag", "Name the tag");
    if (change.action === "set_status" && change.status !== 0 && change.status !== 1)
      throw fieldError("validation_failed", "status", "The status is 1 (active) or 0 (inactive)");
    return withTenant(db, accountId, async (tx) => {
      const where = and(eq(table.accountId, accountId), inArray(table.id, chosen));
      const found = await tx.select({ id: table.id }).from(table).where(where);
      if (found.length !== chosen.length) throw notFound("Contact");
      if (change.action === "set_field") {
        const key = change.field.trim();
        const value = (await checkedFields(tx, accountId, { [key]: change.value }))[key];
        const rows = await tx
          .update(table)
          .set({
            fields:
              value === null
                ? sql`${table.fields} - ${key}::text`
                : sql`${table.fields} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
            updatedAt: new Date(),
          })
          .where(
            and(
              where,
              value === null
                ? sql`${table.fields} ? ${key}::text`
                : sql`${table.fields}->${key}::text is distinct from ${JSON.stringify(value)}::jsonb`,
            ),
          )
          .returning({ id: table.id });
        return { changed: rows.length };
      }
      const done =
        change.action === "delete"
          ? await tx.delete(table).where(where).returning({ id: table.id })
          : change.action === "set_status"
            ? await tx
                .update(table)
                .set({ status: change.status, updatedAt: new Date() })
                .where(and(where, sql`${table.status} <> ${change.status}`))
                .returning({ id: table.id })
            : change.action === "add_tag"
              ? await tx
                  .update(table)
                  .set({ tags: sql`array_append(${table.tags}, ${tag}::text)`, updatedAt: new Date() })
                  .where(and(where, sql`not (${tag}::text = any(${table.tags}))`))
                  .returning({ id: table.id })
              : await tx
                  .update(table)
                  .set({ tags: sql`array_remove(${table.tags}, ${tag}::text)`, updatedAt: new Date() })
                  .where(and(where, sql`${tag}::text = any(${table.tags})`))
                  .returning({ id: table.id });
      return { changed: done.length };
    });
  },

  /** Removes the contact and its list memberships (cascade). */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Contact");
  },
};

async function mergeName(tx: Tx, accountId: string, email: string, name: string): Promise<Row | undefined> {
  const [row] = await tx
    .update(table)
    .set({
      name: sql`case when ${table.name} = '' then ${name} else ${table.name} end`,
      updatedAt: sql`case when ${table.name} = '' and ${name} <> '' then now() else ${table.updatedAt} end`,
    })
    .where(and(eq(table.accountId, accountId), eq(table.email, email)))
    .returning();
  return row;
}
