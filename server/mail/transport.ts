// The SMTP side of e-mail. With SMTP_URL set, messages leave through nodemailer; without it they
// stay in the outbox table, which staff read as a mailbox (nothing is pretended to be sent).
import nodemailer from "nodemailer";

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The Message-ID header: the same on every attempt, so a receiver can tell a repeat. */
  messageId: string;
  headers?: Record<string, string> | null;
};
export type MailTransport = {
  kind: "smtp" | "outbox";
  send(m: OutgoingMail): Promise<{ messageId: string | null }>;
  close(): void;
};

export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: "outbox", send: async () => ({ messageId: null }), close: () => undefined };
  // Pooled connections: a batch of messages does not pay a TCP and SMTP handshake each. An idle or
  // silent server is given up on after a minute, so an attempt never outlives its claim on the row.
  // Settings in the URL (?pool=false&maxConnections=2) win over these.
  const t = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: "smtp",
    async send(m) {
      const info = await t.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
        messageId: m.messageId,
        ...(m.headers ? { headers: m.headers } : {}),
      });
      return { messageId: info.messageId ?? m.messageId };
    },
    close: () => t.close(),
  };
}
