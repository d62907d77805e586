// What a recipient's opens, clicks and unsubscribes change: each counted once per recipient, all
// looked up by the recipient's token within the site of the request (another site's token is unknown).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { recordContactEvents } from "../audience";
import { events } from "../events";

type Found = { campaign_id: string; contact_id: string; email: string; links: string[] };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function find(db: Db, accountId: string, token: string): Promise<Found | null> {
  if (!/^[0-9a-f]{16,128}$/.test(token)) return null;
  return withTenant(db, accountId, async (tx) => {
    const [r] = rowsOf<Found>(
      await tx.execute(sql`
        select r.campaign_id, r.contact_id, r.email, c.links from email_campaign_recipients r
        join email_campaigns c on c.account_id = r.account_id and c.id = r.campaign_id
        where r.account_id = ${accountId}::uuid and r.token = ${token}`),
    );
    return r ?? null;
  });
}

/** The trigger payload of a recipient (the outbox adds the member's id when the address is a member's). */
const payloadOf = (f: Found) => ({ campaignId: f.campaign_id, contactId: f.contact_id, email: f.email });

/** Marks the recipient opened (once); false for an unknown token. */
export async function recordOpen(db: Db, accountId: string, token: string): Promise<boolean> {
  const f = await find(db, accountId, token);
  if (!f) return false;
  await markOpened(db, accountId, token, f);
  return true;
}

async function markOpened(db: Db, accountId: string, token: string, f: Found) {
  await events.transaction(db, accountId, async (tx, out) => {
    const first = rowsOf<{ contact_id: string }>(
      await tx.execute(sql`
        update email_campaign_recipients set opened_at = now()
        where account_id = ${accountId}::uuid and token = ${token} and opened_at is null
        returning contact_id`),
    );
    if (first.length === 0) return;
    await tx.execute(sql`update email_campaigns set opened_count = opened_count + 1
      where account_id = ${accountId}::uuid and id = ${f.campaign_id}::uuid`);
    await recordContactEvents(tx, accountId, [
      { contactId: f.contact_id, kind: "email_opened", data: { campaignId: f.campaign_id } },
    ]);
    // The automation trigger, once per recipient like the count (decision: automation event payloads).
    out.push(await events.emit(tx, accountId, "email_opened", payloadOf(f)));
  });
}

/** The link number `n` of the recipient's campaign (null: unknown token or link), counted as a click once. */
export async function recordClick(db: Db, accountId: string, token: string, n: number): Promise<string | null> {
  const f = await find(db, accountId, token);
  if (!f || !Number.isInteger(n) || n < 0 || n >= f.links.length) return null;
  const url = f.links[n];
  if (!/^https?:\/\//i.test(url)) return null;
  await markOpened(db, accountId, token, f);
  await events.transaction(db, accountId, async (tx, out) => {
    const first = rowsOf<{ contact_id: string }>(
      await tx.execute(sql`
        update email_campaign_recipients set clicked_at = now()
        where account_id = ${accountId}::uuid and token = ${token} and clicked_at is null
        returning contact_id`),
    );
    if (first.length === 0) return;
    await tx.execute(sql`update email_campaigns set clicked_count = clicked_count + 1
      where account_id = ${accountId}::uuid and id = ${f.campaign_id}::uuid`);
    await recordContactEvents(tx, accountId, [
      { contactId: f.contact_id, kind: "email_clicked", data: { campaignId: f.campaign_id, url } },
    ]);
    out.push(await events.emit(tx, accountId, "link_clicked", { ...payloadOf(f), link: url }));
  });
  return url;
}

/** The recipient's address (for the confirm page), or null for an unknown token. */
export async function recipientOf(db: Db, accountId: string, token: string): Promise<{ email: string } | null> {
  const f = await find(db, accountId, token);
  return f ? { email: f.email } : null;
}

/** Unsubscribes the recipient's contact (status 0); counted once per recipient. False for an unknown token. */
export async function unsubscribe(db: Db, accountId: string, token: string): Promise<boolean> {
  const f = await find(db, accountId, token);
  if (!f) return false;
  await withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`update mailing_contacts set status = 0, updated_at = now()
      where account_id = ${accountId}::uuid and id = ${f.contact_id}::uuid`);
    const first = rowsOf<{ contact_id: string }>(
      await tx.execute(sql`
        update email_campaign_recipients set unsubscribed_at = now()
        where account_id = ${accountId}::uuid and token = ${token} and unsubscribed_at is null
        returning contact_id`),
    );
    if (first.length === 0) return;
    await tx.execute(sql`update email_campaigns set unsubscribed_count = unsubscribed_count + 1
      where account_id = ${accountId}::uuid and id = ${f.campaign_id}::uuid`);
    await recordContactEvents(tx, accountId, [
      { contactId: f.contact_id, kind: "unsubscribed", data: { campaignId: f.campaign_id } },
    ]);
  });
  return true;
}
