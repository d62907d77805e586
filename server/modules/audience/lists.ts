// A site's mailing lists and which contacts are on them. Names are unique on the site regardless of
// case; adding a contact already on a list, or removing one that is not, changes nothing.
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailingContacts, mailingListContact, mailingLists as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";
import { mail } from "../mail";
import { joinLists, type OptInSender } from "./opt-in";

export type OptIn = "single" | "double";
/** `contacts` counts every member; `pending` those of a double opt-in list who have not confirmed yet. */
export type ListView = {
  id: string;
  name: string;
  optIn: OptIn;
  contacts: number;
  pending: number;
  createdAt: string;
};

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
        pending: sql<number>`count(*) filter (where ${mailingListContact.status} = 'pending')`,
      })
      .from(table)
      .leftJoin(
        mailingListContact,
        and(eq(mailingListContact.accountId, table.accountId), eq(mailingListContact.listId, table.id)),
      )
      .where(listId ? byId(accountId, listId) : eq(table.accountId, accountId))
      .groupBy(table.accountId, table.id)
      .orderBy(asc(sql`lower(${table.name})`));
    return rows.map((r) => ({
      ...r,
      contacts: Number(r.contacts),
      pending: Number(r.pending),
      createdAt: r.createdAt.toISOString(),
    }));
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
    for (const [id, lists] of await this.membershipsFor(db, accountId, contactIds))
      out.set(
        id,
        lists.map((l) => l.name),
      );
    return out;
  },

  /** For each of the contacts, the lists it is on, each with whether it is still pending confirmation. */
  async membershipsFor(
    db: Db,
    accountId: string,
    contactIds: string[],
  ): Promise<Map<string, { id: string; name: string; pending: boolean }[]>> {
    const out = new Map<string, { id: string; name: string; pending: boolean }[]>();
    if (!contactIds.length) return out;
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({
          contactId: mailingListContact.contactId,
          id: table.id,
          name: table.name,
          status: mailingListContact.status,
        })
        .from(mailingListContact)
        .innerJoin(
          table,
          and(eq(table.accountId, mailingListContact.accountId), eq(table.id, mailingListContact.listId)),
        )
        .where(and(eq(mailingListContact.accountId, accountId), inArray(mailingListContact.contactId, contactIds)))
        .orderBy(asc(sql`lower(${table.name})`)),
    );
    for (const r of rows)
      out.set(r.contactId, [
        ...(out.get(r.contactId) ?? []),
        { id: r.id, name: r.name, pending: r.status === "pending" },
      ]);
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

  /** The ids of the double opt-in lists on which the contact has not confirmed yet. */
  async pendingOf(db: Db, accountId: string, contactId: string): Promise<string[]> {
    const id = requireUuid(contactId, "Contact");
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ listId: mailingListContact.listId })
        .from(mailingListContact)
        .where(
          and(
            eq(mailingListContact.accountId, accountId),
            eq(mailingListContact.contactId, id),
            eq(mailingListContact.status, "pending"),
          ),
        ),
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
   * of the site (else 404 and nothing changes). On a double opt-in list a new member is pending and
   * is sent the confirmation e-mail (`sender`: the site it comes from). Answers how many were newly added.
   */
  async addContacts(
    db: Db,
    accountId: string,
    id: string,
    contactIds: string[],
    sender: OptInSender | null = null,
  ): Promise<{ added: number }> {
    const ids = unique(contactIds);
    const { added, mails } = await withTenant(db, accountId, async (tx) => {
      const [list] = await tx
        .select({ id: table.id, name: table.name, optIn: table.optIn })
        .from(table)
        .where(byId(accountId, id));
      if (!list) throw notFound("List");
      const found = await tx
        .select({ id: mailingContacts.id })
        .from(mailingContacts)
        .where(and(eq(mailingContacts.accountId, accountId), inArray(mailingContacts.id, ids)));
      if (found.length !== ids.length) throw notFound("Contact");
      return joinLists(db, tx, accountId, [list], ids, sender);
    });
    await mail.startDelivery(db, accountId, mails);
    return { added };
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
