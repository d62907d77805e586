// A site's mailing lists and which contacts are on them. Names are unique on the site regardless of
// case; adding a contact already on a list, or removing one that is not, changes nothing.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailingContacts, mailingListContact, mailingLists as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";

export type OptIn = "single" | "double";
export type ListView = { id: string; name: string; optIn: OptIn; contacts: number; createdAt: string };

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "List")));

const nameTaken = () => fieldError("validation_failed", "name", "The site already has a list with this name");

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw fieldError("validation_failed", "name", "A list needs a name");
  return n;
};

async function counted(db: Db, accountId: string, listId?: string): Promise<ListView[]> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({
        id: table.id,
        name: table.name,
        optIn: table.optIn,
        createdAt: table.createdAt,
        contacts: count(mailingListContact.contactId),
      })
      .from(table)
      .leftJoin(
        mailingListContact,
        and(eq(mailingListContact.accountId, table.accountId), eq(mailingListContact.listId, table.id)),
      )
      .where(listId ? byId(accountId, listId) : eq(table.accountId, accountId))
      .groupBy(table.accountId, table.id)
      .orderBy(asc(sql`lower(${table.name})`));
    return rows.map((r) => ({ ...r, contacts: Number(r.contacts), createdAt: r.createdAt.toISOString() }));
  });
}

async function one(db: Db, accountId: string, id: string): Promise<ListView> {
  const [list] = await counted(db, accountId, id);
  if (!list) throw notFound("List");
  return list;
}

export const mailingLists = {
  list: (db: Db, accountId: string) => counted(db, accountId),

  get: one,

  /** For each of the contacts, the names of the lists it is on. */
  async namesFor(db: Db, accountId: string, contactIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!contactIds.length) return out;
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ contactId: mailingListContact.contactId, name: table.name })
        .from(mailingListContact)
        .innerJoin(
          table,
          and(eq(table.accountId, mailingListContact.accountId), eq(table.id, mailingListContact.listId)),
        )
        .where(and(eq(mailingListContact.accountId, accountId), inArray(mailingListContact.contactId, contactIds)))
        .orderBy(asc(sql`lower(${table.name})`)),
    );
    for (const r of rows) out.set(r.contactId, [...(out.get(r.contactId) ?? []), r.name]);
    return out;
  },

  /** The ids of the lists a contact of the site is on. */
  async of(db: Db, accountId: string, contactId: string): Promise<string[]> {
    const id = requireUuid(contactId, "Contact");
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ listId: mailingListContact.listId })
        .from(mailingListContact)
        .where(and(eq(mailingListContact.accountId, accountId), eq(mailingListContact.contactId, id))),
    );
    return rows.map((r) => r.listId);
  },

  async create(db: Db, accountId: string, input: { name: string; optIn?: OptIn }): Promise<ListView> {
    const name = cleanName(input.name);
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(table)
        .values({ accountId, name, optIn: input.optIn ?? "single" })
        .onConflictDoNothing()
        .returning({ id: table.id }),
    );
    if (!row) throw nameTaken();
    return one(db, accountId, row.id);
  },

  async rename(db: Db, accountId: string, id: string, input: { name: string }): Promise<ListView> {
    const name = cleanName(input.name);
    let updated: { id: string }[];
    try {
      updated = await withTenant(db, accountId, (tx) =>
        tx.update(table).set({ name }).where(byId(accountId, id)).returning({ id: table.id }),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw nameTaken();
      throw e;
    }
    if (!updated.length) throw notFound("List");
    return one(db, accountId, id);
  },

  /** Removes the list; its contacts stay on the site. */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("List");
  },

  /**
   * Puts the contacts on the list; those already on it stay as they were. Every id must be a contact
   * of the site (else 404 and nothing changes). Answers how many were newly added.
   */
  async addContacts(db: Db, accountId: string, id: string, contactIds: string[]): Promise<{ added: number }> {
    const ids = unique(contactIds);
    return withTenant(db, accountId, async (tx) => {
      const [list] = await tx.select({ id: table.id }).from(table).where(byId(accountId, id));
      if (!list) throw notFound("List");
      const found = await tx
        .select({ id: mailingContacts.id })
        .from(mailingContacts)
        .where(and(eq(mailingContacts.accountId, accountId), inArray(mailingContacts.id, ids)));
      if (found.length !== ids.length) throw notFound("Contact");
      const added = await tx
        .insert(mailingListContact)
        .values(ids.map((contactId) => ({ accountId, listId: list.id, contactId })))
        .onConflictDoNothing()
        .returning({ contactId: mailingListContact.contactId });
      return { added: added.length };
    });
  },

  /** Takes the contacts off the list; ids not on it are ignored. Answers how many were removed. */
  async removeContacts(db: Db, accountId: string, id: string, contactIds: string[]): Promise<{ removed: number }> {
    const ids = unique(contactIds);
    return withTenant(db, accountId, async (tx) => {
      const [list] = await tx.select({ id: table.id }).from(table).where(byId(accountId, id));
      if (!list) throw notFound("List");
      const removed = await tx
        .delete(mailingListContact)
        .where(
          and(
            eq(mailingListContact.accountId, accountId),
            eq(mailingListContact.listId, list.id),
            inArray(mailingListContact.contactId, ids),
          ),
        )
        .returning({ contactId: mailingListContact.contactId });
      return { removed: removed.length };
    });
  },
};

function unique(ids: string[]): string[] {
  const out = [...new Set(ids)];
  if (!out.length) throw fieldError("validation_failed", "contactIds", "Name at least one contact");
  for (const id of out) requireUuid(id, "Contact", "contactIds");
  return out;
}
