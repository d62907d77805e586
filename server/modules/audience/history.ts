// What happened to a contact (the contact page's history). The service that does something to a
// contact records it in the same transaction, so the history never shows what did not happen.
import { and, desc, eq, lt } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { mailingContactEvents } from "../../db/schema";

export const CONTACT_EVENT_KINDS = [
  "created",
  "imported",
  "form_submitted",
  "email_sent",
  "email_opened",
  "email_clicked",
  "unsubscribed",
  "list_confirmed",
] as const;
export type ContactEventKind = (typeof CONTACT_EVENT_KINDS)[number];

export type ContactEvent = { id: string; kind: ContactEventKind; data: Record<string, unknown>; at: string };

/** Records events inside the caller's tenant transaction. */
export async function recordContactEvents(
  tx: Tx,
  accountId: string,
  events: { contactId: string; kind: ContactEventKind; data?: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(mailingContactEvents)
    .values(events.map((e) => ({ accountId, contactId: e.contactId, kind: e.kind, data: e.data ?? {} })));
}

/** A contact's events, newest first, 50 at a time (`before` pages backwards). */
export async function contactEvents(tx: Tx, contactId: string, before?: Date): Promise<ContactEvent[]> {
  const rows = await tx
    .select()
    .from(mailingContactEvents)
    .where(and(eq(mailingContactEvents.contactId, contactId), before ? lt(mailingContactEvents.at, before) : undefined))
    .orderBy(desc(mailingContactEvents.at))
    .limit(50);
  return rows.map((r) => ({ id: r.id, kind: r.kind as ContactEventKind, data: r.data, at: r.at.toISOString() }));
}
