// Double opt-in (decision 0036): a contact put on a list with opt-in `double` is recorded there as
// pending and gets one confirmation e-mail, in its reader's language (their own as a member of the
// site, else the site's), with a signed link; opening the link confirms the membership. Pending members receive no campaign until they confirm. The mail is
// written to the outbox in the transaction that records the membership (nothing half-written) and
// counted in the site's `emails` meter without being refused: the person asked for it.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { catalogueFor } from "../../../app/i18n/resources.server";
import { escapeHtml } from "../../../core/campaign-merge";
import { LANGUAGE_CODES } from "../../../core/languages";
import type { Db, Tx } from "../../db/client";
import { mailingContacts, mailingListContact, mailingLists, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { mail } from "../mail";
import { usage } from "../usage";
import { recordContactEvents } from "./history";

/** What a confirmation e-mail needs of the site it comes from. */
export type OptInSender = { origin: string; siteName: string; lang: string | null; secret: string };

export type ConfirmTexts = {
  confirmMailSubject: string;
  confirmMailIntro: string;
  confirmMailButton: string;
  confirmMailIgnore: string;
};

export function optInTexts(lang: string | null | undefined): ConfirmTexts {
  return (catalogueFor(lang) as unknown as { audienceGaps: ConfirmTexts }).audienceGaps;
}

const hex = (uuid: string) => uuid.replace(/-/g, "").toLowerCase();
const uuidOf = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
const mac = (secret: string, accountId: string, listId: string, contactId: string) =>
  createHmac("sha256", secret).update(`optin|${accountId}|${listId}|${contactId}`).digest("hex").slice(0, 40);

/** The confirmation link's token: the list, the contact and a keyed signature over both and the site. */
export function confirmToken(secret: string, accountId: string, listId: string, contactId: string): string {
  return `${hex(listId)}${hex(contactId)}${mac(secret, accountId, listId, contactId)}`;
}

/** The list and contact a token names, or null when it is malformed or not signed for this site. */
export function readConfirmToken(
  secret: string,
  accountId: string,
  token: string,
): { listId: string; contactId: string } | null {
  if (!/^[0-9a-f]{104}$/.test(token)) return null;
  const listId = uuidOf(token.slice(0, 32));
  const contactId = uuidOf(token.slice(32, 64));
  const want = Buffer.from(mac(secret, accountId, listId, contactId));
  const got = Buffer.from(token.slice(64));
  return want.length === got.length && timingSafeEqual(want, got) ? { listId, contactId } : null;
}

const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? "");

/**
 * Puts contacts on lists inside the caller's transaction: on a `double` list as pending, each newly
 * pending membership with its confirmation e-mail written to the outbox. Answers how many
 * memberships were new, and the outbox rows whose delivery starts after the COMMIT.
 */
export async function joinLists(
  db: Db,
  tx: Tx,
  accountId: string,
  lists: { id: string; name: string; optIn: "single" | "double" }[],
  contactIds: string[],
  sender: OptInSender | null,
): Promise<{ added: number; mails: ReturnType<typeof mail.prepare> }> {
  if (!lists.length || !contactIds.length) return { added: 0, mails: [] };
  const double = (l: { optIn: string }) => l.optIn === "double" && sender !== null;
  const added = await tx
    .insert(mailingListContact)
    .values(
      lists.flatMap((l) =>
        contactIds.map((contactId) => ({
          accountId,
          listId: l.id,
          contactId,
          status: double(l) ? ("pending" as const) : ("subscribed" as const),
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({
      listId: mailingListContact.listId,
      contactId: mailingListContact.contactId,
      status: mailingListContact.status,
    });
  const pending = added.filter((a) => a.status === "pending");
  if (!pending.length || !sender) return { added: added.length, mails: [] };
  const people = await tx
    .select({ id: mailingContacts.id, email: mailingContacts.email, name: mailingContacts.name })
    .from(mailingContacts)
    .where(
      and(
        eq(mailingContacts.accountId, accountId),
        inArray(
          mailingContacts.id,
          pending.map((p) => p.contactId),
        ),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  const names = new Map(lists.map((l) => [l.id, l.name]));
  // A contact who is a member of the site reads the mail in their own language; others in the site's.
  const spoken = people.length
    ? await tx
        .select({ email: members.email, language: members.language })
        .from(members)
        .where(
          and(
            eq(members.accountId, accountId),
            inArray(
              members.email,
              people.map((p) => p.email.toLowerCase()),
            ),
          ),
        )
    : [];
  const languageOf = new Map(
    spoken
      .filter((m) => (LANGUAGE_CODES as readonly string[]).includes(m.language ?? ""))
      .map((m) => [m.email, m.language]),
  );
  const messages = pending.flatMap((p) => {
    const who = byId.get(p.contactId);
    if (!who) return [];
    const t = optInTexts(languageOf.get(who.email.toLowerCase()) ?? sender.lang);
    const url = `${sender.origin}/e/confirm/${confirmToken(sender.secret, accountId, p.listId, p.contactId)}`;
    const values = { site: sender.siteName, list: names.get(p.listId) ?? "" };
    const intro = fill(t.confirmMailIntro, values);
    const ignore = fill(t.confirmMailIgnore, values);
    return [
      {
        to: who.email,
        subject: fill(t.confirmMailSubject, values).replace(/[\r\n]+/g, " "),
        html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t.confirmMailButton)}</a></p><p>${escapeHtml(ignore)}</p>`,
        text: `${intro}\n\n${t.confirmMailButton}: ${url}\n\n${ignore}`,
        kind: "list_confirmation",
      },
    ];
  });
  const rows = mail.prepare(db, accountId, messages);
  await mail.write(tx, rows);
  await usage.use(tx, { accountId, settings: { plan: null } }, "emails", rows.length, { enforce: false });
  return { added: added.length, mails: rows };
}

/** Confirms the membership a link names (once); null for a link that is not this site's or a list gone. */
export async function confirmMembership(
  db: Db,
  accountId: string,
  secret: string,
  token: string,
): Promise<{ listName: string; email: string } | null> {
  const named = readConfirmToken(secret, accountId, token);
  if (!named) return null;
  return withTenant(db, accountId, async (tx) => {
    const [found] = await tx
      .select({ listName: mailingLists.name, email: mailingContacts.email, status: mailingListContact.status })
      .from(mailingListContact)
      .innerJoin(
        mailingLists,
        and(eq(mailingLists.accountId, mailingListContact.accountId), eq(mailingLists.id, mailingListContact.listId)),
      )
      .innerJoin(
        mailingContacts,
        and(
          eq(mailingContacts.accountId, mailingListContact.accountId),
          eq(mailingContacts.id, mailingListContact.contactId),
        ),
      )
      .where(
        and(
          eq(mailingListContact.accountId, accountId),
          eq(mailingListContact.listId, named.listId),
          eq(mailingListContact.contactId, named.contactId),
        ),
      );
    if (!found) return null;
    const confirmed = await tx
      .update(mailingListContact)
      .set({ status: "subscribed", confirmedAt: sql`now()` })
      .where(
        and(
          eq(mailingListContact.accountId, accountId),
          eq(mailingListContact.listId, named.listId),
          eq(mailingListContact.contactId, named.contactId),
          eq(mailingListContact.status, "pending"),
        ),
      )
      .returning({ contactId: mailingListContact.contactId });
    if (confirmed.length)
      await recordContactEvents(tx, accountId, [
        {
          contactId: named.contactId,
          kind: "list_confirmed",
          data: { listId: named.listId, listName: found.listName },
        },
      ]);
    return { listName: found.listName, email: found.email };
  });
}
