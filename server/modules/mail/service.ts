import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, mailOutbox } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { jobs } from "../../jobs/queue";
import type { MailTransport } from "../../mail/transport";

const DELIVER = "mail-deliver";
const SWEEP = "mail-sweep";

export type MailView = {
  id: string;
  accountId: string;
  site: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
};

type MailConfig = { transport: MailTransport; from: string };
const configs = new Map<Db, MailConfig>();
const DEFAULT_FROM = "Atrium <no-reply@atrium.localhost>";

async function deliver(db: Db, data: Record<string, unknown>) {
  const config = configs.get(db);
  if (!config) throw new Error("mail is not configured for this database");
  const { transport } = config;
  const accountId = String(data.accountId);
  const id = String(data.id);
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.id, id))),
  );
  if (!row || row.status === "sent" || row.status === "stored") return;
  try {
    const { messageId } = await transport.send({
      from: row.fromAddress,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
    });
    await withTenant(db, accountId, (tx) =>
      tx
        .update(mailOutbox)
        .set({
          status: transport.kind === "smtp" ? "sent" : "stored",
          messageId,
          sentAt: sql`now()`,
          attempts: row.attempts + 1,
          lastError: null,
        })
        .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.id, id))),
    );
  } catch (err) {
    await withTenant(db, accountId, (tx) =>
      tx
        .update(mailOutbox)
        .set({ status: "retrying", attempts: row.attempts + 1, lastError: (err as Error).message.slice(0, 500) })
        .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.id, id))),
    );
    throw err;
  }
}

/** Re-sends messages whose job never ran (a crash between the insert and the send). */
async function sweep(db: Db) {
  const stuck = await withPlatform(db, (tx) =>
    tx
      .select({ id: mailOutbox.id, accountId: mailOutbox.accountId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.createdAt, sql`now() - interval '2 minutes'`)))
      .limit(500),
  );
  for (const m of stuck) await jobs.send(db, DELIVER, m);
}

jobs.define(DELIVER, deliver, { retryLimit: 8, retryDelay: 10, retryBackoff: true });
jobs.define(SWEEP, sweep, { retryLimit: 0 });
jobs.schedule(SWEEP, "*/5 * * * *");

export const mail = {
  configure(db: Db, transport: MailTransport, from: string) {
    configs.set(db, { transport, from });
  },
  forget(db: Db) {
    configs.delete(db);
  },
  transportKind: (db: Db) => configs.get(db)?.transport.kind ?? "outbox",

  async enqueue(
    db: Db,
    accountId: string,
    m: { to: string; subject: string; text: string; html?: string; kind: string; from?: string },
  ) {
    const from = m.from ?? configs.get(db)?.from ?? DEFAULT_FROM;
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(mailOutbox)
        .values({
          accountId,
          fromAddress: from,
          toAddress: m.to,
          subject: m.subject || "New mail",
          text: m.text,
          html: m.html,
          kind: m.kind,
        })
        .returning({ id: mailOutbox.id }),
    );
    await jobs.send(db, DELIVER, { accountId, id: row.id });
    return row.id;
  },

  /** The outbox across all sites, newest first: the staff mailbox. */
  async listAll(db: Db, page: number, perPage: number): Promise<{ items: MailView[]; total: number }> {
    return withPlatform(db, async (tx) => {
      const rows = await tx
        .select({ m: mailOutbox, site: accounts.slug })
        .from(mailOutbox)
        .innerJoin(accounts, eq(accounts.accountId, mailOutbox.accountId))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const total = await tx.$count(mailOutbox);
      return {
        total,
        items: rows.map(({ m, site }) => ({
          id: m.id,
          accountId: m.accountId,
          site,
          to: m.toAddress,
          from: m.fromAddress,
          subject: m.subject,
          text: m.text,
          kind: m.kind,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    });
  },
};
