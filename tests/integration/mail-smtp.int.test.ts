// E-mail through a real SMTP server started by the test: delivered when it is up, retried (and
// not lost) while it is down, and kept in the outbox when no SMTP server is configured.
import { createServer } from "node:net";
import { desc, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildSite, buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";

type Received = { from: string; to: string[]; raw: string };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function startSmtp(port: number, inbox: Received[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

const waitFor = async <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
};

const latestTo = (t: TestPlatform, to: string) =>
  withPlatform(t.database.db, (tx) =>
    tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(desc(mailOutbox.createdAt)).limit(1),
  ).then((r) => r[0]);

describe("e-mail over SMTP", () => {
  let t: TestPlatform;
  let smtp: SMTPServer | null = null;
  let port: number;
  const inbox: Received[] = [];

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port, inbox);
    t = await startTestPlatform({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      MAIL_FROM: "School <school@atrium.test>",
      JOB_RETRY_DELAY_SECONDS: "1",
    });
    const owner = await buildUser(t.platform.auth, { email: "mail-owner@atrium.test" });
    await buildSite(t.database.db, owner, { slug: "mailsite", sitetitle: "Mail School" });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  });

  it("delivers a password-recovery message with a working link", async () => {
    await buildUser(t.platform.auth, { email: "learner@atrium.test" });
    const res = await t.request("mailsite", "/api/auth/request-password-reset", {
      json: { email: "learner@atrium.test", redirectTo: "/login/reset-password" },
    });
    expect(res.status).toBe(200);
    const msg = await waitFor(() => inbox.find((m) => m.to.includes("learner@atrium.test")));
    expect(msg.from).toBe("school@atrium.test");
    expect(msg.raw).toMatch(/Subject: Reset your password for Mail School/);
    const link = msg.raw
      .replace(/=\r?\n/g, "")
      .match(/http:\/\/mailsite\.atrium\.test:3000\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const row = await waitFor(async () => {
      const r = await latestTo(t, "learner@atrium.test");
      return r?.status === "sent" ? r : undefined;
    });
    expect(row.messageId).toBeTruthy();
  });

  it("keeps retrying while the SMTP server is down, and delivers once it is back", async () => {
    await new Promise<void>((r) => smtp!.close(() => r()));
    smtp = null;
    await buildUser(t.platform.auth, { email: "patient@atrium.test" });
    const res = await t.request("mailsite", "/api/auth/request-password-reset", {
      json: { email: "patient@atrium.test", redirectTo: "/login/reset-password" },
    });
    expect(res.status).toBe(200);
    const failed = await waitFor(async () => {
      const r = await latestTo(t, "patient@atrium.test");
      return r && r.attempts >= 1 && r.status === "retrying" ? r : undefined;
    });
    expect(failed.lastError).toBeTruthy();
    smtp = await startSmtp(port, inbox);
    await waitFor(() => inbox.find((m) => m.to.includes("patient@atrium.test")), 60_000);
    const row = await waitFor(async () => {
      const r = await latestTo(t, "patient@atrium.test");
      return r?.status === "sent" ? r : undefined;
    });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe("e-mail without SMTP", () => {
  it("keeps every message in the outbox, marked stored, for staff to read", async () => {
    const t = await startTestPlatform();
    try {
      const owner = await buildUser(t.platform.auth, { email: "outbox-owner@atrium.test" });
      await buildSite(t.database.db, owner, { slug: "outboxsite" });
      const res = await t.request("outboxsite", "/api/auth/request-password-reset", {
        json: { email: "outbox-owner@atrium.test", redirectTo: "/login/reset-password" },
      });
      expect(res.status).toBe(200);
      const row = await waitFor(async () => {
        const r = await latestTo(t, "outbox-owner@atrium.test");
        return r?.status === "stored" ? r : undefined;
      });
      expect(row.text).toContain("/api/auth/reset-password/");
    } finally {
      await t.close();
    }
  });
});
