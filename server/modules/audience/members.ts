// Members are contacts too (decision 0038): someone joining a site as a student or an instructor
// becomes a contact with source `member`, so lists, tags and campaigns reach them. Their address
// was verified when they signed up, so it is not verified (nor counted) again. An address the site
// already has keeps its contact as it is, unsubscribed or not. Safe to run twice for one event.
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailingContacts, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound, requireUuid } from "../../errors";
import { events } from "../events";
import { recordContactEvents } from "./history";
import { cleanTag, tagsChanged } from "./tags";
import { normaliseEmail } from "./verify";

export async function contactForMember(db: Db, accountId: string, memberId: string): Promise<void> {
  await withTenant(db, accountId, async (tx) => {
    const [member] = await tx
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.id, memberId)));
    if (!member?.email) return;
    const [created] = await tx
      .insert(mailingContacts)
      .values({
        accountId,
        email: normaliseEmail(member.email),
        name: member.name ?? "",
        settings: { source: "member" },
      })
      .onConflictDoNothing({ target: [mailingContacts.accountId, mailingContacts.email] })
      .returning({ id: mailingContacts.id });
    if (created)
      await recordContactEvents(tx, accountId, [
        { contactId: created.id, kind: "created", data: { source: "member" } },
      ]);
  });
}

/** The tags of the contacts with these e-mails (lower-cased), for the owner's member screen. */
export async function memberTags(db: Db, accountId: string, emails: string[]): Promise<Record<string, string[]>> {
  const wanted = [...new Set(emails.filter(Boolean).map(normaliseEmail))];
  if (!wanted.length) return {};
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select({ email: mailingContacts.email, tags: mailingContacts.tags })
      .from(mailingContacts)
      .where(and(eq(mailingContacts.accountId, accountId), inArray(mailingContacts.email, wanted))),
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.tags]));
}

/**
 * Adds and removes tags on a member's contact (the contact with the member's e-mail), creating it
 * with source `member` when the site has none, as joining would have: not verified, not counted.
 * One statement for the contact, so a change made meanwhile is not lost. Answers the tags.
 */
export async function tagMember(
  db: Db,
  accountId: string,
  memberId: string,
  change: { add: string[]; remove: string[] },
): Promise<string[]> {
  const add = [...new Set(change.add.map((t) => cleanTag(t, "tags")))];
  const remove = [...new Set(change.remove.map((t) => cleanTag(t, "tags")))];
  const id = requireUuid(memberId, "Member");
  return withTenant(db, accountId, async (tx) => {
    const [member] = await tx
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.id, id)));
    if (!member?.email) throw notFound("Member");
    const [row] = await tx
      .insert(mailingContacts)
      .values({
        accountId,
        email: normaliseEmail(member.email),
        name: member.name ?? "",
        settings: { source: "member" },
        tags: add,
      })
      .onConflictDoUpdate({
        target: [mailingContacts.accountId, mailingContacts.email],
        set: { tags: tagsChanged(add, remove), updatedAt: sql`now()` },
      })
      .returning({ ...getTableColumns(mailingContacts), inserted: sql<boolean>`(xmax = 0)` });
    if (row.inserted)
      await recordContactEvents(tx, accountId, [{ contactId: row.id, kind: "created", data: { source: "member" } }]);
    return row.tags;
  });
}

for (const type of ["student_registration", "instructor_registration"]) {
  events.on(type, async (db, event) => {
    const memberId = event.payload.memberId;
    if (typeof memberId === "string") await contactForMember(db, event.accountId, memberId);
  });
}
