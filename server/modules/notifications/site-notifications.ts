// A member's notifications in the header bell (spec §3 notifications, "Site notification in the
// header bell"): course events, chat messages, system messages. Every query names the recipient,
// so someone else's notification — or another site's — is simply not found.
import { usage } from "../usage";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { members, notifications as table } from "../../db/schema";
import { commitWith, withTenant } from "../../db/tenant";
import { fieldError, notFound, validationError } from "../../errors";
import { bus } from "../../realtime/bus";
import { sanitizeBasicHtml } from "../html";
import { isUuid } from "../../../core/uuid";

export const NOTIFICATION_TYPES = ["chat", "other"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The bus topic that makes the recipient's open pages refresh their bell (server/realtime): one
 * `userId`, or several as `userIds`.
 */
export const NOTIFICATION_TOPIC = "notification";
/** Recipients named in one bus message of createMany, well inside a NOTIFY payload. */
const USERS_PER_ANNOUNCEMENT = 100;

export type NotificationView = {
  id: string;
  userId: string;
  component: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  itemId: string | null;
  read: boolean;
  createdAt: string;
  /** Milliseconds since the epoch, as the spec's notification `time`. */
  time: number;
};

const MAX_DATA_BYTES = 16 * 1024;

export const ZCreateNotification = z.object({
  userId: z.string().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  message: z.string().max(10_000).default(""),
  type: z.enum(NOTIFICATION_TYPES).default("other"),
  component: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, "component is a lowercase word such as course, chat or system")
    .default("system"),
  data: z.record(z.string(), z.unknown()).default({}),
  itemId: z.string().max(200).nullable().optional(),
});
export type CreateNotification = z.input<typeof ZCreateNotification>;

const view = (r: typeof table.$inferSelect): NotificationView => ({
  id: r.id,
  userId: r.userId,
  component: r.component,
  type: r.type as NotificationType,
  title: r.title,
  message: r.message,
  data: r.data,
  itemId: r.itemId,
  read: r.read,
  createdAt: r.createdAt.toISOString(),
  time: r.createdAt.getTime(),
});

const mine = (accountId: string, userId: string, ...more: SQL[]) =>
  and(eq(table.accountId, accountId), eq(table.userId, userId), ...more);

function parseNotification(input: CreateNotification) {
  const parsed = ZCreateNotification.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  if (JSON.stringify(parsed.data.data).length > MAX_DATA_BYTES) {
    throw fieldError("payload_too_large", "data", "Notification data is at most 16 KB");
  }
  return parsed.data;
}

/** The row a parsed notification is stored as (its message sanitised). */
const rowOf = (accountId: string, n: ReturnType<typeof parseNotification>) => ({
  accountId,
  userId: n.userId,
  component: n.component,
  type: n.type,
  title: n.title,
  message: sanitizeBasicHtml(n.message),
  data: n.data,
  itemId: n.itemId ?? null,
});

export const notifications = {
  /** Notifies one member of the site; the message is sanitised HTML (plain text comes back escaped). */
  async create(db: Db, accountId: string, input: CreateNotification): Promise<NotificationView> {
    const n = parseNotification(input);
    const row = await withTenant(db, accountId, async (tx) => {
      const [recipient] = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), eq(members.userId, n.userId)));
      if (!recipient) throw fieldError("validation_failed", "userId", "The recipient is not a member of this site");
      const [created] = await tx.insert(table).values(rowOf(accountId, n)).returning();
      // Counted with the COMMIT, so the meter's row is locked only while the database runs it.
      const counted = usage.countStatement({ accountId, settings: { plan: null } }, "notifications");
      if (counted) await commitWith(tx, [counted]);
      return created;
    });
    await bus.publish(NOTIFICATION_TOPIC, { accountId, userId: n.userId });
    return view(row);
  },

  /**
   * Notifies many members of the site at once (a message in a large chat): one transaction and one
   * bus message per hundred recipients. Those who are not members of the site are left out.
   */
  async createMany(db: Db, accountId: string, inputs: CreateNotification[]): Promise<NotificationView[]> {
    const all = inputs.map(parseNotification);
    if (!all.length) return [];
    const rows = await withTenant(db, accountId, async (tx) => {
      const found = await tx
        .select({ userId: members.userId })
        .from(members)
        .where(and(eq(members.accountId, accountId), inArray(members.userId, [...new Set(all.map((n) => n.userId))])));
      const isMember = new Set(found.map((m) => m.userId));
      const wanted = all.filter((n) => isMember.has(n.userId));
      if (!wanted.length) return [];
      const created = await tx
        .insert(table)
        .values(wanted.map((n) => rowOf(accountId, n)))
        .returning();
      const counted = usage.countStatement({ accountId, settings: { plan: null } }, "notifications", created.length);
      if (counted) await commitWith(tx, [counted]);
      return created;
    });
    const userIds = [...new Set(rows.map((r) => r.userId))];
    for (let i = 0; i < userIds.length; i += USERS_PER_ANNOUNCEMENT) {
      await bus.publish(NOTIFICATION_TOPIC, { accountId, userIds: userIds.slice(i, i + USERS_PER_ANNOUNCEMENT) });
    }
    return rows.map(view);
  },

  /** Newest first, with the total of the listed kind and the member's unread count for the bell. */
  async list(
    db: Db,
    accountId: string,
    userId: string,
    opts: { page?: number; per_page?: number; unreadOnly?: boolean; type?: NotificationType } = {},
  ): Promise<{ items: NotificationView[]; total: number; unread: number }> {
    const page = Math.max(1, Math.floor(opts.page ?? 1));
    const perPage = Math.min(100, Math.max(1, Math.floor(opts.per_page ?? 20)));
    const filters: SQL[] = [];
    if (opts.unreadOnly) filters.push(eq(table.read, false));
    if (opts.type) filters.push(eq(table.type, opts.type));
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select()
        .from(table)
        .where(mine(accountId, userId, ...filters))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await tx
        .select({ n: count() })
        .from(table)
        .where(mine(accountId, userId, ...filters));
      const [unread] = await tx
        .select({ n: count() })
        .from(table)
        .where(mine(accountId, userId, eq(table.read, false)));
      return { items: rows.map(view), total: Number(total.n), unread: Number(unread.n) };
    });
  },

  /**
   * What the dashboard's top bar shows on every page, in one transaction of three statements: the
   * newest non-chat notifications (the bell), the newest unread chat notifications, and the counts
   * (non-chat total, all unread, unread chats). The same figures as `list` for the two lists.
   */
  async inbox(db: Db, accountId: string, userId: string, perPage: number) {
    const limit = Math.min(100, Math.max(1, Math.floor(perPage)));
    return withTenant(db, accountId, async (tx) => {
      const bell = await tx
        .select()
        .from(table)
        .where(mine(accountId, userId, eq(table.type, "other")))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit);
      const chats = await tx
        .select()
        .from(table)
        .where(mine(accountId, userId, eq(table.type, "chat"), eq(table.read, false)))
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(limit);
      const [counts] = await tx
        .select({
          other: sql<number>`count(*) filter (where ${table.type} = 'other')`.mapWith(Number),
          unread: sql<number>`count(*) filter (where not ${table.read})`.mapWith(Number),
          unreadChats: sql<number>`count(*) filter (where ${table.type} = 'chat' and not ${table.read})`.mapWith(
            Number,
          ),
        })
        .from(table)
        .where(mine(accountId, userId));
      return {
        bell: { items: bell.map(view), total: counts.other, unread: counts.unread },
        chat: { items: chats.map(view), total: counts.unreadChats, unread: counts.unread },
      };
    });
  },

  /** Marks one of the member's notifications read (clicking it); anyone else's id is not found. */
  async markRead(db: Db, accountId: string, userId: string, id: string): Promise<NotificationView> {
    if (!isUuid(id)) throw notFound("Notification");
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ read: true })
        .where(mine(accountId, userId, eq(table.id, id)))
        .returning(),
    );
    if (!row) throw notFound("Notification");
    return view(row);
  },

  /** Marks all the member's notifications read, or those of one type (opening the chat dropdown: chat). */
  async markAllRead(
    db: Db,
    accountId: string,
    userId: string,
    opts: { type?: NotificationType } = {},
  ): Promise<{ updated: number }> {
    const filters = [eq(table.read, false), ...(opts.type ? [eq(table.type, opts.type)] : [])];
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ read: true })
        .where(mine(accountId, userId, ...filters))
        .returning({ id: table.id }),
    );
    return { updated: rows.length };
  },
};
