// The SMTP side of e-mail. With SMTP_URL set, messages leave through nodemailer; without it they
// stay in the outbox table, which staff read as a mailbox (nothing is pretended to be sent).
import nodemailer from "nodemailer";

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html?: string | null };
export type MailTransport = { kind: "smtp" | "outbox"; send(m: OutgoingMail): Promise<{ messageId: string | null }> };

export function createTransport(smtpUrl: string | undefined): MailTransport {
  if (!smtpUrl) return { kind: "outbox", send: async () => ({ messageId: null }) };
  const t = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(m) {
      const info = await t.sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? undefined,
      });
      return { messageId: info.messageId ?? null };
    },
  };
}
