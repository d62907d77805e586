// The campaign target of `npm run bench` (also runnable alone: `node --import tsx bench/campaign-worker.ts`).
// Seeds BENCH_CONTACTS (default 100,000) contacts on one list, times queueCampaign (one set-based
// statement), then starts one worker process's job loop and times the campaign's delivery to a
// local SMTP sink (smtp-server) until every message was accepted; then nodemailer alone sends the
// same rendered message the same number of times to the same sink over the same pooled transport.
// One JSON line on stdout. DATABASE_URL measures PostgreSQL, otherwise a fresh PGlite directory.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { PLAN_IDS } from "../core/plans";
import { readJobConcurrency } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { withPlatform } from "../server/db/tenant";
import { jobs } from "../server/jobs/queue";
import { createTransport, type MailTransport } from "../server/mail/transport";
import { accounts } from "../server/modules/accounts";
import { queueCampaign, renderCampaign } from "../server/modules/campaign-delivery";
import { mail } from "../server/modules/mail";
import { sql } from "drizzle-orm";

const count = Number(process.env.BENCH_CONTACTS ?? 100_000);
/** Delivery is timed over the first BENCH_CAMPAIGN_SAMPLE messages (default 10,000). */
const sampleOf = (recipients: number) => Math.min(recipients, Number(process.env.BENCH_CAMPAIGN_SAMPLE) || 10_000);
const BODY =
  '<p>Hello {{contact.name|there}},</p><p>Our spring courses are open: <a href="https://example.org/spring">see them</a>.</p>';

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => ok(p));
    });
  });
}

let accepted = 0;
let target = 0;
let reached: () => void = () => undefined;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, cb) {
    stream.on("data", () => undefined);
    stream.on("end", () => {
      if (++accepted === target) reached();
      cb();
    });
  },
});
const port = await freePort();
await new Promise<void>((ok) => sink.listen(port, "127.0.0.1", () => ok()));
const smtpUrl = `smtp://127.0.0.1:${port}`;
const untilAccepted = (n: number) =>
  new Promise<void>((ok) => {
    accepted = 0;
    target = n;
    reached = ok;
  });

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "atrium-bench-campaign-"));
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: dataDir ?? undefined });
try {
  await migrateDatabase(database);
  await accounts.ensurePlatform(database.db);
  const slug = `bench-${Date.now().toString(36)}`;
  const [owner] = (
    (await database.sql(
      `insert into users (id, name, email, email_verified, created_at, updated_at)
       values ($1, 'Bench', $2, true, now(), now()) returning id`,
      [`bench-${slug}`, `${slug}@example.org`],
    )) as { rows: { id: string }[] }
  ).rows;
  const site = await accounts.createSite(
    database.db,
    { userId: owner.id, name: "Bench", email: `${slug}@example.org` },
    { slug, sitetitle: "Bench School", plan: PLAN_IDS.professional },
  );
  const seeded = performance.now();
  await withPlatform(database.db, async (tx) => {
    const [list] = (
      (await tx.execute(
        sql`insert into mailing_lists (account_id, name) values (${site.accountId}::uuid, 'Everyone') returning id`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    await tx.execute(sql`insert into mailing_contacts (account_id, email, name)
      select ${site.accountId}::uuid, 'reader-' || g || '@example.org', 'Reader ' || g from generate_series(1, ${count}) g`);
    await tx.execute(sql`insert into mailing_list_contact (account_id, list_id, contact_id)
      select account_id, ${list.id}::uuid, id from mailing_contacts where account_id = ${site.accountId}::uuid`);
    await tx.execute(sql`insert into email_campaigns (account_id, name, subject, body_html, audience)
      values (${site.accountId}::uuid, 'Spring', 'Spring courses for {{contact.first_name}}', ${BODY},
              ${JSON.stringify({ listIds: [list.id], tags: [] })}::jsonb)`);
  });
  const seedSeconds = (performance.now() - seeded) / 1000;
  const [campaign] = (
    (await database.sql("select id from email_campaigns where account_id = $1", [site.accountId])) as {
      rows: { id: string }[];
    }
  ).rows;

  // Queued with no worker running, so the delivery timing is the worker's alone.
  await jobs.start(database, { work: false });
  const q0 = performance.now();
  const { recipients } = await queueCampaign(
    database.db,
    {
      accountId: site.accountId,
      settings: { plan: PLAN_IDS.professional },
      host: `${slug}.localhost`,
      name: "Bench School",
    },
    campaign.id,
  );
  const queueSeconds = (performance.now() - q0) / 1000;
  await jobs.stop(database.db);

  process.env.CAMPAIGN_RATE_PER_MINUTE ??= String(10_000_000);
  mail.configure(database.db, createTransport(smtpUrl), "Bench <bench@atrium.localhost>");
  const sample = sampleOf(recipients);
  const all = untilAccepted(sample);
  const d0 = performance.now();
  await jobs.start(database, { work: true, concurrency: readJobConcurrency(process.env) });
  await all;
  const deliverSeconds = (performance.now() - d0) / 1000;
  await jobs.stop(database.db);
  mail.forget(database.db);

  // nodemailer alone: the same rendered message, the same number of times, ten at a time.
  const m = renderCampaign(
    { subject: "Spring courses for {{contact.first_name}}", preheader: "", bodyHtml: BODY },
    {
      email: "reader-1@example.org",
      name: "Reader 1",
    },
  );
  const bare: MailTransport = createTransport(smtpUrl);
  const done = untilAccepted(sample);
  const b0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < sample) {
        const i = next++;
        await bare.send({
          from: "Bench <bench@atrium.localhost>",
          to: `reader-${i}@example.org`,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: `<bench-${i}@atrium.localhost>`,
        });
      }
    }),
  );
  await done;
  const bareSeconds = (performance.now() - b0) / 1000;
  bare.close();
  process.stdout.write(
    `${JSON.stringify({
      contacts: count,
      recipients,
      seedSeconds,
      queueSeconds,
      deliverSeconds,
      sample,
      messagesPerSecond: sample / deliverSeconds,
      nodemailerSeconds: bareSeconds,
      nodemailerPerSecond: sample / bareSeconds,
      database: database.kind,
    })}\n`,
  );
} finally {
  await database.close();
  sink.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
