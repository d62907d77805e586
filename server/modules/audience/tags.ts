// Tags across a site's contacts (decisions 0038, 0044): tags are plain strings on each contact, so
// renaming or deleting one is a single update of every contact carrying it, and a rename into a tag
// a contact already has merges the two without a duplicate. Also the per-contact writes automations
// and the members screen use: add and remove tags on one contact.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailingContacts as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";

export const TAG_MAX = 60;

/** A tag's name trimmed; empty or too long is 422 naming `field`. */
export function cleanTag(name: string, field = "name"): string {
  const tag = name.trim();
  if (!tag) throw fieldError("validation_failed", field, "Name the tag");
  if (tag.length > TAG_MAX) throw fieldError("validation_failed", field, `A tag has at most ${TAG_MAX} characters`);
  return tag;
}

const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => cleanTag(t, "tags")))];

export const contactTags = {
  /**
   * Renames `from` to `to` on every contact of the site carrying it, keeping each tag's place and
   * dropping the duplicate where the contact already had `to`. Answers how many contacts changed.
   */
  async rename(db: Db, accountId: string, from: string, to: string): Promise<{ changed: number }> {
    const name = cleanTag(to);
    if (name === from) return { changed: 0 };
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({
          // Evaluated on the row as it is when the update reaches it, so renames at once stay consistent.
          tags: sql`array(select t from unnest(array_replace(${table.tags}, ${from}::text, ${name}::text))
            with ordinality as u(t, n) group by t order by min(n))`,
          updatedAt: new Date(),
        })
        .where(and(eq(table.accountId, accountId), sql`${from}::text = any(${table.tags})`))
        .returning({ id: table.id }),
    );
    return { changed: rows.length };
  },

  /** Removes the tag from every contact of the site carrying it. */
  async remove(db: Db, accountId: string, tag: string): Promise<{ changed: number }> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ tags: sql`array_remove(${table.tags}, ${tag}::text)`, updatedAt: new Date() })
        .where(and(eq(table.accountId, accountId), sql`${tag}::text = any(${table.tags})`))
        .returning({ id: table.id }),
    );
    return { changed: rows.length };
  },
};

/** Adds the tags a contact does not have yet, in one statement; answers the contact's tags. */
export async function addTags(db: Db, accountId: string, contactId: string, tags: string[]): Promise<string[]> {
  return changeTags(db, accountId, contactId, cleanTags(tags), []);
}

/** Removes the tags from a contact; answers the contact's tags. */
export async function removeTags(db: Db, accountId: string, contactId: string, tags: string[]): Promise<string[]> {
  return changeTags(db, accountId, contactId, [], cleanTags(tags));
}

export async function changeTags(
  db: Db,
  accountId: string,
  contactId: string,
  add: string[],
  remove: string[],
): Promise<string[]> {
  const id = requireUuid(contactId, "Contact");
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(table)
      .set({ tags: tagsChanged(add, remove), updatedAt: new Date() })
      .where(and(eq(table.accountId, accountId), eq(table.id, id)))
      .returning({ tags: table.tags }),
  );
  if (!row) throw notFound("Contact");
  return row.tags;
}

/** The contact's tags without `remove`, then those of `add` it lacks, in order (one expression). */
export const tagsChanged = (add: string[], remove: string[]) => {
  const addJson = JSON.stringify(add);
  const removeJson = JSON.stringify(remove);
  return sql`array(select t from unnest(${table.tags} || array(select jsonb_array_elements_text(${addJson}::jsonb)))
    with ordinality as u(t, n)
    where not (t = any(array(select jsonb_array_elements_text(${removeJson}::jsonb))))
    group by t order by min(n))`;
};
