// Product updates written by staff on the platform site. Publishing one stores it (owners pull it
// through getUpdates) and leaves an account notification for every site but the platform's own,
// all in one platform transaction.
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountNotifications, accounts, platformUpdates } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { fieldError } from "../../errors";
import { htmlToText, sanitizeBasicHtml, sanitizeRichHtml } from "../html";

export type PlatformUpdateView = { id: string; title: string; body: string; publishedAt: string };

const MAX_TITLE = 200;
const MAX_BODY = 100_000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The notification owners read: the title in bold, then the update's own (sanitised) HTML. */
export const notificationMessage = (title: string, bodyHtml: string) =>
  sanitizeBasicHtml(`<strong>${escapeHtml(title)}</strong> ${bodyHtml}`);

/** Rows a statement returned, whichever driver ran it (PGlite or node-postgres). */
const rowCount = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])).length;

export const platformUpdatesService = {
  async list(db: Db, page = 1, perPage = 20): Promise<{ items: PlatformUpdateView[]; total: number }> {
    return withPlatform(db, async (tx) => {
      const rows = await tx
        .select()
        .from(platformUpdates)
        .orderBy(desc(platformUpdates.publishedAt), desc(platformUpdates.id))
        .limit(perPage)
        .offset((Math.max(1, page) - 1) * perPage);
      const total = await tx.$count(platformUpdates);
      return {
        items: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, publishedAt: r.publishedAt.toISOString() })),
        total,
      };
    });
  },

  /**
   * Updates published before the site existed (the latest 20): later ones reached the site as
   * account notifications when they were published, so getUpdates lists each update once.
   */
  async publishedBefore(db: Db, accountId: string): Promise<PlatformUpdateView[]> {
    const rows = await withPlatform(db, (tx) =>
      tx
        .select()
        .from(platformUpdates)
        .where(
          sql`${platformUpdates.publishedAt} < (select ${accounts.createdAt} from ${accounts} where ${accounts.accountId} = ${accountId})`,
        )
        .orderBy(desc(platformUpdates.publishedAt))
        .limit(20),
    );
    return rows.map((r) => ({ id: r.id, title: r.title, body: r.body, publishedAt: r.publishedAt.toISOString() }));
  },

  async publish(db: Db, input: { title: string; body: string }): Promise<PlatformUpdateView & { notified: number }> {
    const title = input.title.trim();
    if (!title) throw fieldError("validation_failed", "title", "A title is required");
    if (title.length > MAX_TITLE) {
      throw fieldError("validation_failed", "title", `Keep the title under ${MAX_TITLE} characters`);
    }
    if (input.body.length > MAX_BODY) throw fieldError("payload_too_large", "body", "The update is too long");
    const body = sanitizeRichHtml(input.body);
    if (!htmlToText(body).trim()) throw fieldError("validation_failed", "body", "Write what changed");
    return withPlatform(db, async (tx) => {
      const [row] = await tx.insert(platformUpdates).values({ title, body }).returning();
      const message = notificationMessage(title, body);
      const inserted = await tx.execute(
        sql`insert into ${accountNotifications} (account_id, message, severity)
            select ${accounts.accountId}, ${message}, 2 from ${accounts} where ${accounts.isPlatform} = false
            returning id`,
      );
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        publishedAt: row.publishedAt.toISOString(),
        notified: rowCount(inserted),
      };
    });
  },
};
