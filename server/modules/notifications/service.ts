import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountNotifications as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import { sanitizeBasicHtml } from "../html";

export type AccountNotificationView = {
  id: string;
  message: string;
  severity: number;
  read: boolean;
  createdAt: string;
};

const view = (r: typeof table.$inferSelect): AccountNotificationView => ({
  id: r.id,
  message: r.message,
  severity: r.severity,
  read: r.read,
  createdAt: r.createdAt.toISOString(),
});

export const accountNotifications = {
  async create(db: Db, accountId: string, input: { message: string; severity?: number }) {
    const severity = input.severity ?? 1;
    if (!Number.isInteger(severity) || severity < 1 || severity > 5) {
      throw fieldError("validation_failed", "severity", "severity must be an integer from 1 to 5");
    }
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(table)
        .values({ accountId, message: sanitizeBasicHtml(input.message), severity })
        .returning(),
    );
    return view(row);
  },

  /** Only unread notifications are listed (spec §4). */
  async listUnread(db: Db, accountId: string) {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.read, false)))
        .orderBy(desc(table.createdAt))
        .limit(100),
    );
    return rows.map(view);
  },

  async get(db: Db, accountId: string, id: string) {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.id, id))),
    );
    if (!row) throw notFound("Notification");
    return view(row);
  },

  async markRead(db: Db, accountId: string, id: string) {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ read: true })
        .where(and(eq(table.accountId, accountId), eq(table.id, id)))
        .returning(),
    );
    if (!row) throw notFound("Notification");
    return view(row);
  },
};
