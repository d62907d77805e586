import type { Db } from "../../db/client";
import type { MailTransport } from "../../mail/transport";
import "./deliver";
import { enqueueMail, type NewMail, prepareMail, startDelivery, writeMail } from "./outbox";
import { listOutbox, resendMessage } from "./staff";
import { DEFAULT_FROM, type MailStatus, mailConfig } from "./state";
import { sweepLostMail } from "./sweep";

export const mail = {
  configure(db: Db, transport: MailTransport, from: string) {
    mailConfig.set(db, transport, from);
  },
  /** Forgets the database's transport and closes its SMTP connections. */
  forget(db: Db) {
    mailConfig.forget(db);
  },
  /** The From of the database's mail when a message names none. */
  defaultFrom: (db: Db) => mailConfig.get(db)?.from ?? DEFAULT_FROM,
  transportKind: (db: Db) => mailConfig.get(db)?.transport.kind ?? "outbox",

  /** Writes one message to the outbox and queues its delivery; returns its id. */
  async enqueue(db: Db, accountId: string, m: NewMail): Promise<string> {
    const [id] = await enqueueMail(db, accountId, [m]);
    return id;
  },
  /** Many messages of one site at once (one transaction, one queueing statement). */
  enqueueMany: enqueueMail,
  /**
   * The three steps of enqueueMany for a caller that records the send in its own transaction:
   * prepare the rows, write them in that transaction, start their delivery after the commit.
   */
  prepare: prepareMail,
  write: writeMail,
  startDelivery,

  /** The outbox across all sites, newest first: the staff mailbox. */
  listAll: (db: Db, page: number, perPage: number, status: MailStatus | null = null) =>
    listOutbox(db, { page, perPage, status }),
  resend: resendMessage,
  /** What the five-minute sweep runs: re-queues messages whose delivery job was lost. */
  sweep: sweepLostMail,
};
