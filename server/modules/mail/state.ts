// What the mail files share: the statuses a message moves through, the delivery queue's name, and
// the transport configured for each database (tests run several platforms in one process).
import type { Db } from "../../db/client";
import type { MailTransport } from "../../mail/transport";

/**
 * queued → sending → sent (SMTP) or stored (no SMTP configured). A failed attempt leaves it
 * retrying; when the job's retries are spent it is failed and tried again at a slow pace.
 */
export const MAIL_STATUSES = ["queued", "sending", "retrying", "failed", "sent", "stored"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** Statuses from which another attempt may start (a staff resend too, for failed and retrying). */
export const SENDABLE: MailStatus[] = ["queued", "retrying", "failed"];
export const RESENDABLE: MailStatus[] = ["retrying", "failed"];

export const DELIVER = "mail-deliver";
/** The kind of campaign mail (its rows are one per recipient; counted in the campaign). */
export const CAMPAIGN_KIND = "campaign";
export const DEFAULT_FROM = "Atrium <no-reply@atrium.localhost>";
/**
 * An attempt's claim on a row older than this is an attempt that died (the transport gives up on
 * a silent server after about two minutes; pg-boss expires the job after fifteen).
 */
export const CLAIM_STALE_MINUTES = 10;

type MailConfig = { transport: MailTransport; from: string };
const configs = new Map<Db, MailConfig>();

export const mailConfig = {
  set(db: Db, transport: MailTransport, from: string) {
    configs.get(db)?.transport.close();
    configs.set(db, { transport, from });
  },
  get: (db: Db) => configs.get(db),
  forget(db: Db) {
    configs.get(db)?.transport.close();
    configs.delete(db);
  },
};
