// SMTP sending whose point of no return is ours to choose. A message is streamed to the server in
// full, and only then — with the server waiting for the end of the data — is `beforeEnd` called
// with `finish`, which writes the final "." that makes the server take the message. The caller
// records the message as sent there and calls `finish` in the same tick as its COMMIT leaves
// (tenant.ts commitAlong). A process killed before that never finished the data, and a server
// discards unfinished data: the message can be sent again without anyone getting it twice
// (decision 0046). Connections are pooled and reused.
import { Readable } from "node:stream";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";

export type SmtpMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The Message-ID header: the same on every attempt, so a receiver can tell a repeat. */
  messageId: string;
  headers?: Record<string, string> | null;
  /** Small text attachments; a text/calendar one is also the message's calendar part. */
  attachments?: { filename: string; contentType: string; content: string }[] | null;
};

/** Why a send did not go through, and whether the server may still have taken the message. */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    /** The final "." was sent: without a refusal from the server, it may have the message. */
    readonly finished: boolean,
    /** The server's reply code when it refused (4xx, 5xx). */
    readonly responseCode: number | null,
  ) {
    super(message);
  }
}

type Options = ConstructorParameters<typeof SMTPConnection>[0] & { auth?: { user: string; pass: string } };
type Pooled = { conn: SMTPConnection; broken: boolean; idleTimer?: NodeJS.Timeout };

const IDLE_MS = 30_000;

/** The message as it goes over the wire, and its envelope (the bare addresses of From and To). */
/** Attachments as MailComposer takes them; an invitation is also sent as the calendar alternative. */
function mailParts(list: NonNullable<SmtpMessage["attachments"]>) {
  const calendar = list.find((a) => a.contentType.startsWith("text/calendar"));
  const method = calendar?.contentType.match(/method=(\w+)/i)?.[1];
  return {
    attachments: list.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    ...(calendar ? { icalEvent: { method: method ?? "REQUEST", content: calendar.content } } : {}),
  };
}

export async function buildMessage(m: SmtpMessage): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  const node = new MailComposer({
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? undefined,
    messageId: m.messageId,
    ...(m.headers ? { headers: m.headers } : {}),
    ...(m.attachments?.length ? mailParts(m.attachments) : {}),
  }).compile();
  const raw = await new Promise<Buffer>((ok, fail) => node.build((err, message) => (err ? fail(err) : ok(message))));
  const envelope = node.getEnvelope();
  return { raw, envelope: { from: envelope.from || "", to: envelope.to } };
}

export class SmtpSender {
  private readonly options: Options;
  private readonly idle: Pooled[] = [];
  private readonly waiting: ((p: Pooled | null) => void)[] = [];
  private readonly max: number;
  private open = 0;
  private closed = false;

  constructor(url: string, settings: Partial<Options> & { maxConnections?: number } = {}) {
    const fromUrl = parseConnectionUrl(url) as Options & { maxConnections?: number; pool?: unknown };
    const { maxConnections, pool: _pool, ...rest } = { ...settings, ...fromUrl };
    this.options = rest as Options;
    this.max = Number(maxConnections ?? 5) || 5;
  }

  private connect(): Promise<Pooled> {
    return new Promise((ok, fail) => {
      const conn = new SMTPConnection(this.options);
      const pooled: Pooled = { conn, broken: false };
      let settled = false;
      const done = (err: Error | null) => {
        if (settled) return;
        settled = true;
        if (err) {
          pooled.broken = true;
          conn.close();
          fail(err);
        } else ok(pooled);
      };
      conn.on("error", (err: Error) => {
        pooled.broken = true;
        done(err);
      });
      conn.on("end", () => {
        pooled.broken = true;
        this.drop(pooled);
      });
      conn.connect(() => {
        if (!this.options.auth) return done(null);
        conn.login(this.options.auth, (err) => done(err ?? null));
      });
    });
  }

  private drop(p: Pooled) {
    clearTimeout(p.idleTimer);
    const i = this.idle.indexOf(p);
    if (i >= 0) {
      this.idle.splice(i, 1);
      this.open--;
    }
  }

  private async acquire(): Promise<Pooled> {
    if (this.closed) throw new Error("the SMTP sender is closed");
    for (;;) {
      const p = this.idle.pop();
      if (!p) break;
      clearTimeout(p.idleTimer);
      if (!p.broken) return p;
      this.open--;
    }
    if (this.open < this.max) {
      this.open++;
      try {
        return await this.connect();
      } catch (err) {
        this.open--;
        this.wakeOne();
        throw err;
      }
    }
    const p = await new Promise<Pooled | null>((r) => this.waiting.push(r));
    return p ?? this.acquire();
  }

  /** A connection is free again (or gone): hand it, or the room it leaves, to a waiting send. */
  private release(p: Pooled) {
    if (p.broken || this.closed) {
      p.conn.close();
      this.open--;
      this.wakeOne();
      return;
    }
    const next = this.waiting.shift();
    if (next) return next(p);
    p.idleTimer = setTimeout(() => {
      this.drop(p);
      p.conn.quit();
    }, IDLE_MS);
    p.idleTimer.unref();
    this.idle.push(p);
  }

  private wakeOne() {
    this.waiting.shift()?.(null);
  }

  /**
   * Sends one message. `beforeEnd` runs once the whole message is with the server and must call
   * `finish` to end it; when it returns or throws without having called it, the message is
   * abandoned unfinished, and the server drops it.
   */
  async send(m: SmtpMessage, beforeEnd: (finish: () => void) => Promise<void>): Promise<{ response: string }> {
    const { raw, envelope } = await buildMessage(m);
    const p = await this.acquire();
    let finished = false;
    let fed = false;
    let asked = false;
    const body = new Readable({
      read() {
        if (!fed) {
          fed = true;
          this.push(raw);
          return;
        }
        // Asked for more: everything went down to the connection, and the server waits for the end.
        if (asked) return;
        asked = true;
        const finish = () => {
          if (finished) return;
          finished = true;
          this.push(null);
        };
        beforeEnd(finish).then(
          () => {
            if (!finished) this.destroy(new Error("the message was abandoned before its end"));
          },
          (err: Error) => {
            if (!finished) this.destroy(err);
          },
        );
      },
    });
    try {
      return await new Promise((ok, fail) => {
        p.conn.send(envelope, body, (err, info) => {
          if (err) return fail(err);
          ok({ response: String((info as { response?: string }).response ?? "") });
        });
      });
    } catch (err) {
      // An unfinished conversation cannot carry another message.
      p.broken = true;
      const e = err as Error & { responseCode?: number };
      throw new SmtpSendError(e.message, finished, typeof e.responseCode === "number" ? e.responseCode : null);
    } finally {
      this.release(p);
    }
  }

  close() {
    this.closed = true;
    for (const p of this.idle.splice(0)) {
      clearTimeout(p.idleTimer);
      p.conn.quit();
      this.open--;
    }
    for (const w of this.waiting.splice(0)) w(null);
  }
}
