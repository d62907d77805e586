// Support tickets: a site's owner (or a manage_options holder) opens one and writes in its thread;
// platform staff answer and move its status. Every read and write names the accounts the caller
// may reach in its query, so another site's ticket is simply not found. Each change emits its
// event in the same transaction; notify.ts turns the events into bell notifications and e-mails.
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import {
  maySetStatus,
  statusAfterReply,
  type TicketCategory,
  type TicketSide,
  type TicketStatus,
  libraryMediaId,
  ZOpenTicket,
  ZTicketReply,
  ZTicketStatus,
  type OpenTicket,
  type TicketReply,
} from "../../../core/support-tickets";
import { isUuid } from "../../../core/uuid";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { accounts, media, type TicketAttachment, ticketReplies, tickets } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import { recordAudit } from "../billing";
import { type Emitted, events } from "../events";
import { urlName } from "../media";
import { containing } from "../../db/like";

export const TICKET_EVENTS = {
  opened: "ticket_opened",
  replied: "ticket_replied",
  statusChanged: "ticket_status_changed",
} as const;

/** The sites a caller may reach: the ones they run, or every site (platform staff). */
export type TicketReach = { accountIds: readonly string[] } | "all";

/**
 * Who writes: their login, the name the thread shows, and which side they write for; staff also
 * give their e-mail address, which the audit log records.
 */
export type TicketActor = { userId: string; name: string; side: TicketSide; email?: string };

export type TicketView = {
  id: string;
  accountId: string;
  site: { slug: string; domain: string | null; title: string };
  category: TicketCategory;
  status: TicketStatus;
  subject: string;
  openedBy: string | null;
  createdAt: string;
  updatedAt: string;
  lastReplyAt: string;
};

export type TicketReplyView = {
  id: string;
  authorId: string | null;
  authorName: string;
  isStaff: boolean;
  body: string;
  attachments: TicketAttachment[];
  createdAt: string;
};

export type TicketDetail = TicketView & { replies: TicketReplyView[] };

export type TicketListQuery = {
  status?: TicketStatus | null;
  category?: TicketCategory | null;
  /** Staff: one site's tickets. */
  accountId?: string | null;
  /** Staff: sites whose address contains this text. */
  siteSearch?: string | null;
  page?: number;
  perPage?: number;
};

const columns = {
  id: tickets.id,
  accountId: tickets.accountId,
  category: tickets.category,
  status: tickets.status,
  subject: tickets.subject,
  openedBy: tickets.openedBy,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  lastReplyAt: tickets.lastReplyAt,
  slug: accounts.slug,
  domain: accounts.domain,
  settings: accounts.settings,
};
type Row = Omit<typeof tickets.$inferSelect, "accountId"> & {
  accountId: string;
  slug: string;
  domain: string | null;
  settings: typeof accounts.$inferSelect.settings;
};

const view = (r: Row): TicketView => ({
  id: r.id,
  accountId: r.accountId,
  site: { slug: r.slug, domain: r.domain, title: r.settings.sitetitle },
  category: r.category as TicketCategory,
  status: r.status as TicketStatus,
  subject: r.subject,
  openedBy: r.openedBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  lastReplyAt: r.lastReplyAt.toISOString(),
});

const replyView = (r: typeof ticketReplies.$inferSelect): TicketReplyView => ({
  id: r.id,
  authorId: r.authorId,
  authorName: r.authorName,
  isStaff: r.isStaff,
  body: r.body,
  attachments: r.attachments,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Runs `fn` with the condition that keeps it to the reachable sites: one site through its tenant
 * transaction, several or all through the platform role with the accounts named in the query.
 */
function inReach<T>(db: Db, reach: TicketReach, fn: (tx: Tx, where: SQL | undefined) => Promise<T>): Promise<T> {
  if (reach === "all") return withPlatform(db, (tx) => fn(tx, undefined));
  const ids = reach.accountIds;
  if (ids.length === 1) return withTenant(db, ids[0], (tx) => fn(tx, eq(tickets.accountId, ids[0])));
  return withPlatform(db, (tx) => fn(tx, inArray(tickets.accountId, [...ids])));
}

const reachesNothing = (reach: TicketReach) => reach !== "all" && reach.accountIds.length === 0;

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** The library files behind the attachment URLs; a URL that is not one of this site's files is refused. */
async function attachmentsOf(tx: Tx, accountId: string, urls: readonly string[]): Promise<TicketAttachment[]> {
  if (!urls.length) return [];
  const ids = [...new Set(urls.map((u) => libraryMediaId(u) as string))];
  const rows = await tx
    .select({ id: media.id, filename: media.filename, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.accountId, accountId), inArray(media.id, ids)));
  if (rows.length !== ids.length) {
    throw fieldError("validation_failed", "attachments", "attachments must be files of the site's media library");
  }
  return rows.map((m) => {
    const ext = m.storageKey.slice(m.storageKey.lastIndexOf(".") + 1);
    return { mediaId: m.id, url: `/media/${m.id}/${urlName(m.filename, ext)}`, filename: m.filename };
  });
}

async function readDetail(tx: Tx, where: SQL | undefined, id: string): Promise<TicketDetail | null> {
  const [row] = await tx
    .select(columns)
    .from(tickets)
    .innerJoin(accounts, eq(accounts.accountId, tickets.accountId))
    .where(and(eq(tickets.id, id), where));
  if (!row) return null;
  const replies = await tx
    .select()
    .from(ticketReplies)
    .where(and(eq(ticketReplies.accountId, row.accountId), eq(ticketReplies.ticketId, id)))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
  return { ...view(row), replies: replies.map(replyView) };
}

/** The account that holds a reachable ticket, else not found. */
async function locate(db: Db, reach: TicketReach, id: string): Promise<string> {
  if (!isUuid(id) || reachesNothing(reach)) throw notFound("Ticket");
  const [row] = await inReach(db, reach, (tx, where) =>
    tx
      .select({ accountId: tickets.accountId })
      .from(tickets)
      .where(and(eq(tickets.id, id), where)),
  );
  if (!row) throw notFound("Ticket");
  return row.accountId;
}

/** Locks the ticket for a change, so two answers at once apply one after the other. */
async function lockTicket(tx: Tx, accountId: string, id: string) {
  const [row] = await tx
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, id)))
    .for("update");
  if (!row) throw notFound("Ticket");
  return row;
}

const one = (accountId: string): TicketReach => ({ accountIds: [accountId] });

/**
 * Runs a change to one site's ticket. The site's side writes as the site; staff write as the
 * platform, so the audit log entry of their action commits together with it (decision 0031).
 */
async function change(
  db: Db,
  accountId: string,
  actor: TicketActor,
  fn: (tx: Tx, out: Emitted) => Promise<{ action: string; details: Record<string, unknown> } | null>,
): Promise<void> {
  if (actor.side !== "staff") {
    await events.transaction(db, accountId, fn);
    return;
  }
  const out: Emitted = [];
  await withPlatform(db, async (tx) => {
    const done = await fn(tx, out);
    if (done) {
      const who = { userId: actor.userId, email: actor.email ?? actor.name };
      await recordAudit(tx, who, done.action, accountId, done.details);
    }
  });
  if (out.length) await events.publish(db, out);
}

export const supportTickets = {
  /** Opens a ticket on the site with its first message; staff are told (ticket_opened). */
  async open(
    db: Db,
    accountId: string,
    actor: TicketActor,
    input: OpenTicket | Record<string, unknown>,
  ): Promise<TicketDetail> {
    const t = parse(ZOpenTicket, input);
    const id = await events.transaction(db, accountId, async (tx, out) => {
      const files = await attachmentsOf(tx, accountId, t.attachments);
      const [ticket] = await tx
        .insert(tickets)
        .values({ accountId, category: t.category, subject: t.subject, openedBy: actor.userId })
        .returning({ id: tickets.id });
      await tx.insert(ticketReplies).values({
        accountId,
        ticketId: ticket.id,
        authorId: actor.userId,
        authorName: actor.name,
        isStaff: actor.side === "staff",
        body: t.message,
        attachments: files,
      });
      out.push(await events.emit(tx, accountId, TICKET_EVENTS.opened, { ticketId: ticket.id }, actor.userId));
      return ticket.id;
    });
    return supportTickets.get(db, one(accountId), id);
  },

  /** The reachable tickets, most recently active first, with the total for paging. */
  async list(db: Db, reach: TicketReach, q: TicketListQuery = {}): Promise<{ items: TicketView[]; total: number }> {
    if (reachesNothing(reach)) return { items: [], total: 0 };
    const page = Math.max(1, Math.floor(q.page ?? 1));
    const perPage = Math.min(100, Math.max(1, Math.floor(q.perPage ?? 20)));
    return inReach(db, reach, async (tx, where) => {
      const filter = and(
        where,
        q.status ? eq(tickets.status, q.status) : undefined,
        q.category ? eq(tickets.category, q.category) : undefined,
        q.accountId && isUuid(q.accountId) ? eq(tickets.accountId, q.accountId) : undefined,
        q.accountId && !isUuid(q.accountId) ? sql`false` : undefined,
        q.siteSearch ? ilike(accounts.slug, containing(q.siteSearch)) : undefined,
      );
      const rows = await tx
        .select(columns)
        .from(tickets)
        .innerJoin(accounts, eq(accounts.accountId, tickets.accountId))
        .where(filter)
        .orderBy(desc(tickets.lastReplyAt), desc(tickets.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await tx
        .select({ n: count() })
        .from(tickets)
        .innerJoin(accounts, eq(accounts.accountId, tickets.accountId))
        .where(filter);
      return { items: rows.map(view), total: Number(total.n) };
    });
  },

  /** One reachable ticket with its thread, oldest message first. */
  async get(db: Db, reach: TicketReach, id: string): Promise<TicketDetail> {
    if (!isUuid(id) || reachesNothing(reach)) throw notFound("Ticket");
    const detail = await inReach(db, reach, (tx, where) => readDetail(tx, where, id));
    if (!detail) throw notFound("Ticket");
    return detail;
  },

  /**
   * Adds a message to the thread. A staff answer leaves the ticket awaiting the owner; the owner
   * writing again puts it back to unresolved (decision 0026).
   */
  async reply(
    db: Db,
    reach: TicketReach,
    id: string,
    actor: TicketActor,
    input: TicketReply | Record<string, unknown>,
  ): Promise<TicketDetail> {
    const r = parse(ZTicketReply, input);
    const accountId = await locate(db, reach, id);
    await change(db, accountId, actor, async (tx, out) => {
      await lockTicket(tx, accountId, id);
      const files = await attachmentsOf(tx, accountId, r.attachments);
      const [reply] = await tx
        .insert(ticketReplies)
        .values({
          accountId,
          ticketId: id,
          authorId: actor.userId,
          authorName: actor.name,
          isStaff: actor.side === "staff",
          body: r.message,
          attachments: files,
        })
        .returning({ id: ticketReplies.id });
      await tx
        .update(tickets)
        .set({ status: statusAfterReply(actor.side), lastReplyAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(tickets.accountId, accountId), eq(tickets.id, id)));
      out.push(
        await events.emit(
          tx,
          accountId,
          TICKET_EVENTS.replied,
          { ticketId: id, replyId: reply.id, side: actor.side },
          actor.userId,
        ),
      );
      return {
        action: "ticket.reply",
        details: { ticketId: id, replyId: reply.id, status: statusAfterReply(actor.side) },
      };
    });
    return supportTickets.get(db, one(accountId), id);
  },

  /** Staff set any status; the site's side may only mark its ticket resolved. */
  async setStatus(db: Db, reach: TicketReach, id: string, actor: TicketActor, status: string): Promise<TicketDetail> {
    const next = parse(ZTicketStatus, status);
    const accountId = await locate(db, reach, id);
    if (!maySetStatus(actor.side, next)) {
      throw new AppError("forbidden", "The site's side may only mark a ticket resolved; replying reopens it", [
        { field: "status", message: "status can only be resolved" },
      ]);
    }
    await change(db, accountId, actor, async (tx, out) => {
      const current = await lockTicket(tx, accountId, id);
      if (current.status === next) return null;
      await tx
        .update(tickets)
        .set({ status: next, updatedAt: sql`now()` })
        .where(and(eq(tickets.accountId, accountId), eq(tickets.id, id)));
      out.push(
        await events.emit(
          tx,
          accountId,
          TICKET_EVENTS.statusChanged,
          { ticketId: id, status: next, side: actor.side },
          actor.userId,
        ),
      );
      return { action: "ticket.status", details: { ticketId: id, from: current.status, to: next } };
    });
    return supportTickets.get(db, one(accountId), id);
  },
};
