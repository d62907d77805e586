// Who hears of a ticket's change. The site's side writing (a new ticket, a reply) tells platform
// staff: an e-mail to each STAFF_EMAILS address and a bell notification for each of them who is a
// member of the platform's site. Staff answering or moving the status tells the ticket's opener:
// a bell notification on the ticket's site and an e-mail. Handlers run from the event outbox, so
// a crash re-runs them; a recipient whose bell notification for the event exists is skipped.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AccountSettings } from "../../../core/account";
import { siteAddress } from "../../../core/site-address";
import type { TicketSide, TicketStatus } from "../../../core/support-tickets";
import type { Db } from "../../db/client";
import {
  accounts as accountsTable,
  members,
  notifications as notificationsTable,
  ticketReplies,
  tickets,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { accounts } from "../accounts";
import { type DomainEvent, events } from "../events";
import { mail, mailTexts } from "../mail";
import { notifications } from "../notifications";
import { TICKET_EVENTS } from "./tickets";

export type TicketNotifyConfig = { scheme: string; baseDomain: string; staffEmails: readonly string[] };

const configs = new Map<Db, TicketNotifyConfig>();
let subscribed = false;

/** The opener's subject line for each status staff may set. */
const STATUS_KEYS: Record<TicketStatus, string> = {
  unresolved: "mail.ticket.statusUnresolved",
  awaited: "mail.ticket.statusAwaited",
  resolved: "mail.ticket.statusResolved",
};

const excerpt = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}…` : text);

type Facts = {
  ticket: { id: string; subject: string; status: string; openedBy: string | null };
  site: { slug: string; domain: string | null; title: string; settings: AccountSettings };
  opener: { userId: string; name: string; email: string } | null;
  reply: { body: string; authorName: string } | null;
};

async function gather(db: Db, event: DomainEvent): Promise<Facts | null> {
  const { ticketId, replyId } = event.payload as { ticketId?: string; replyId?: string };
  if (!ticketId) return null;
  return withTenant(db, event.accountId, async (tx) => {
    const [row] = await tx
      .select({
        id: tickets.id,
        subject: tickets.subject,
        status: tickets.status,
        openedBy: tickets.openedBy,
        slug: accountsTable.slug,
        domain: accountsTable.domain,
        settings: accountsTable.settings,
      })
      .from(tickets)
      .innerJoin(accountsTable, eq(accountsTable.accountId, tickets.accountId))
      .where(and(eq(tickets.accountId, event.accountId), eq(tickets.id, ticketId)));
    if (!row) return null;
    const [opener] = row.openedBy
      ? await tx
          .select({ userId: members.userId, name: members.name, email: members.email })
          .from(members)
          .where(and(eq(members.accountId, event.accountId), eq(members.userId, row.openedBy)))
      : [];
    // The message that caused the event: the reply, or a new ticket's opening message.
    const [reply] = await tx
      .select({ body: ticketReplies.body, authorName: ticketReplies.authorName })
      .from(ticketReplies)
      .where(
        and(
          eq(ticketReplies.accountId, event.accountId),
          eq(ticketReplies.ticketId, ticketId),
          replyId ? eq(ticketReplies.id, replyId) : undefined,
        ),
      )
      .orderBy(ticketReplies.createdAt)
      .limit(1);
    return {
      ticket: { id: row.id, subject: row.subject, status: row.status, openedBy: row.openedBy },
      site: { slug: row.slug, domain: row.domain, title: row.settings.sitetitle, settings: row.settings },
      opener: opener ?? null,
      reply: event.type === TICKET_EVENTS.statusChanged ? null : (reply ?? null),
    };
  });
}

/** Members of the site who already have their bell notification of this event. */
async function alreadyNotified(db: Db, accountId: string, eventId: string): Promise<Set<string>> {
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select({ userId: notificationsTable.userId })
      .from(notificationsTable)
      .where(and(eq(notificationsTable.accountId, accountId), eq(notificationsTable.itemId, eventId))),
  );
  return new Set(rows.map((r) => r.userId));
}

async function tellStaff(db: Db, event: DomainEvent, f: Facts, cfg: TicketNotifyConfig) {
  const platform = await accounts.getPlatform(db);
  if (!platform) return;
  const emails = cfg.staffEmails.map((e) => e.toLowerCase());
  const staffMembers = emails.length
    ? await withTenant(db, platform.accountId, (tx) =>
        tx
          .select({ userId: members.userId })
          .from(members)
          .where(and(eq(members.accountId, platform.accountId), inArray(sql`lower(${members.email})`, emails))),
      )
    : [];
  const done = await alreadyNotified(db, platform.accountId, event.id);
  // A second run after the bell notifications were written: the e-mails went out the first time.
  if (staffMembers.length && staffMembers.every((m) => done.has(m.userId))) return;
  const link = `/dashboard/tickets/${f.ticket.id}`;
  const url = `${cfg.scheme}://${cfg.baseDomain}${link}`;
  const opened = event.type === TICKET_EVENTS.opened;
  const address = siteAddress(f.site, cfg.baseDomain);
  // Each staff address reads it in its language on the platform's site.
  const wording = async (to: { userId?: string; email?: string }) => {
    const { t } = await mailTexts(db, platform, to);
    const who = f.reply?.authorName ?? f.opener?.name ?? t("users.owner");
    const title = opened
      ? t("mail.ticket.opened", { site: f.site.title, subject: f.ticket.subject })
      : t("mail.ticket.replied", { name: who, subject: f.ticket.subject });
    const lead = t(opened ? "mail.ticket.openedText" : "mail.ticket.repliedText", { name: who, address });
    const text = `${lead}\n\n${f.ticket.subject}\n\n${excerpt(f.reply?.body ?? "")}\n\n${t("mail.ticket.answer", { url })}\n`;
    return { title, text };
  };
  const mails = [];
  for (const to of emails) {
    const { title, text } = await wording({ email: to });
    mails.push({ to, kind: "support_ticket", subject: `[${f.site.title}] ${title}`, text });
  }
  await mail.enqueueMany(db, event.accountId, mails);
  for (const m of staffMembers) {
    if (done.has(m.userId)) continue;
    const { title } = await wording({ userId: m.userId });
    await notifications.create(db, platform.accountId, {
      userId: m.userId,
      title,
      message: excerpt(f.reply?.body ?? "", 200),
      component: "support",
      data: { link },
      itemId: event.id,
    });
  }
}

async function tellOpener(db: Db, event: DomainEvent, f: Facts, cfg: TicketNotifyConfig) {
  const opener = f.opener;
  if (!opener) return;
  if ((await alreadyNotified(db, event.accountId, event.id)).has(opener.userId)) return;
  const link = `/dashboard/tickets/${f.ticket.id}`;
  const url = `${cfg.scheme}://${siteAddress(f.site, cfg.baseDomain)}${link}`;
  const replied = event.type === TICKET_EVENTS.replied;
  const status = (event.payload as { status?: TicketStatus }).status ?? (f.ticket.status as TicketStatus);
  const site = { accountId: event.accountId, settings: f.site.settings };
  const { t } = await mailTexts(db, site, { userId: opener.userId, email: opener.email });
  const subject = f.ticket.subject;
  const title = replied
    ? t("mail.ticket.answered", { subject })
    : t(STATUS_KEYS[status] ?? STATUS_KEYS.unresolved, { subject });
  const body = replied ? excerpt(f.reply?.body ?? "") : "";
  await mail.enqueue(db, event.accountId, {
    to: opener.email,
    kind: "support_ticket",
    subject: title,
    text: `${t("mail.ticket.hello", { name: opener.name })}\n\n${title}\n\n${body ? `${body}\n\n` : ""}${t("mail.ticket.read", { url })}\n`,
  });
  await notifications.create(db, event.accountId, {
    userId: opener.userId,
    title,
    message: excerpt(body, 200),
    component: "support",
    data: { link },
    itemId: event.id,
  });
}

export async function deliverTicketEvent(db: Db, event: DomainEvent, cfg: TicketNotifyConfig): Promise<void> {
  const side = ((event.payload as { side?: TicketSide }).side ?? "owner") as TicketSide;
  const f = await gather(db, event);
  if (!f) return;
  if (event.type === TICKET_EVENTS.opened || (event.type === TICKET_EVENTS.replied && side === "owner")) {
    await tellStaff(db, event, f, cfg);
  } else if (side === "staff") {
    await tellOpener(db, event, f, cfg);
  }
}

export const ticketNotifications = {
  /** Links in e-mails are absolute: built from the site addresses under this config. */
  register(db: Db, cfg: TicketNotifyConfig) {
    configs.set(db, cfg);
    if (subscribed) return;
    subscribed = true;
    for (const type of Object.values(TICKET_EVENTS)) {
      events.on(type, async (eventDb, event) => {
        const found = configs.get(eventDb);
        if (found) await deliverTicketEvent(eventDb, event, found);
      });
    }
  },
  forget(db: Db) {
    configs.delete(db);
  },
};
