// The SMTP side of e-mail. With SMTP_URL set, messages leave through nodemailer; without it they
// stay in the outbox table, which staff read as a mailbox (nothing is pretended to be sent).
import { type SmtpMessage, SmtpSender } from "./smtp-sender";

/** One message as delivery hands it over (its Message-ID the same on every attempt). */
export type OutgoingMail = SmtpMessage;
export type MailTransport = {
  kind: "smtp" | "outbox";
  /**
   * Sends one message. With SMTP, `beforeEnd` runs when the whole message is with the server and
   * only its end is missing; the message is finished when it calls `finish` (smtp-sender.ts).
   */
  send(m: OutgoingMail, beforeEnd?: (finish: () => void) => Promise<void>): Promise<{ messageId: string | null }>;
  close(): void;
};

export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: "outbox", send: async () => ({ messageId: null }), close: () => undefined };
  // Pooled connections: a batch of messages does not pay a TCP and SMTP handshake each. An idle or
  // silent server is given up on after a minute, so an attempt never outlives its claim on the row.
  // Settings in the URL (?maxConnections=2) win over these.
  const sender = new SmtpSender(smtpUrl, {
    maxConnections: 5,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(m, beforeEnd) {
      await sender.send(m, beforeEnd ?? (async (finish) => finish()));
      return { messageId: m.messageId };
    },
    close: () => sender.close(),
  };
}
