// A real SMTP server for tests (smtp-server) on a port of their choosing, keeping what it received.
// It can be stopped and started again on the same port (the mail server going down and coming
// back), and told to lose its reply for a recipient once: it keeps the message but answers with
// an error, as when a server accepts and the connection dies before the sender hears it.
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string; messageId: string | null };

export type SmtpSink = {
  port: number;
  url: string;
  inbox: Received[];
  /** Recipients whose next message is kept but answered with an error. */
  loseReplyOnce: Set<string>;
  /** Recipients refused for good (550 at RCPT TO), as a server refuses an unknown mailbox. */
  refuse: Set<string>;
  to(address: string): Received[];
  start(): Promise<void>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const header = (raw: string, name: string) => raw.match(new RegExp(`^${name}:\\s*(.+)$`, "im"))?.[1].trim() ?? null;

export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const inbox: Received[] = [];
  const loseReplyOnce = new Set<string>();
  const refuse = new Set<string>();
  let server: SMTPServer | null = null;
  const sink: SmtpSink = {
    port: port ?? (await freePort()),
    url: "",
    inbox,
    loseReplyOnce,
    refuse,
    to: (address) => inbox.filter((m) => m.to.includes(address)),
    async start() {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        // Senders keep pooled connections open: a stop should not wait half a minute for them.
        closeTimeout: 100,
        onRcptTo(address, _session, callback) {
          if (!refuse.has(address.address)) return callback();
          const err = new Error("no such mailbox") as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
        },
        onData(stream, session, callback) {
          let raw = "";
          stream.on("data", (c: Buffer) => {
            raw += c.toString("utf8");
          });
          stream.on("end", () => {
            const to = session.envelope.rcptTo.map((r) => r.address);
            inbox.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to,
              raw,
              messageId: header(raw, "Message-ID"),
            });
            const lost = to.find((a) => loseReplyOnce.has(a));
            if (!lost) return callback();
            loseReplyOnce.delete(lost);
            const err = new Error("connection lost before the reply") as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
          });
        },
      });
      await new Promise<void>((resolve) => s.listen(sink.port, "127.0.0.1", () => resolve()));
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  sink.url = `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`;
  await sink.start();
  return sink;
}
