// Members are contacts too (decision 0038): someone joining a site as a student or an instructor
// becomes a contact with source `member`, so lists, tags and campaigns reach them. Their address
// was verified when they signed up, so it is not verified (nor counted) again. An address the site
// already has keeps its contact as it is, unsubscribed or not. Safe to run twice for one event.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailingContacts, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { events } from "../events";
import { recordContactEvents } from "./history";
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

for (const type of ["student_registration", "instructor_registration"]) {
  events.on(type, async (db, event) => {
    const memberId = event.payload.memberId;
    if (typeof memberId === "string") await contactForMember(db, event.accountId, memberId);
  });
}
