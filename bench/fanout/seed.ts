// The scene of the `fanout` bench target, written straight into the database before any server
// starts: one site, FANOUT_MEMBERS members and a sender, all in one group chat, and a session for
// each of them. The members and their sessions are inserted in a few statements (no password
// hashing, no sign-in round trips); a session cookie is `token.signature` signed with AUTH_SECRET,
// as the auth library writes it. Started by bench/fanout.mjs as
// `node --import tsx bench/fanout/seed.ts`; prints one JSON line.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { PLAN_IDS } from "../../core/plans";
import { createAuth } from "../../server/auth/auth";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase, underStartupLock } from "../../server/db/migrate";
import { withTenant } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { billing } from "../../server/modules/billing";
import { syncGroupChat } from "../../server/modules/chats";
import { options } from "../../server/modules/options";
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";

const slug = process.env.FANOUT_SITE_SLUG ?? "";
const memberCount = Number(process.env.FANOUT_MEMBERS ?? 1000);
const secret = process.env.AUTH_SECRET ?? "";
if (!process.env.DATABASE_URL || !slug || !secret || !(memberCount > 0)) {
  throw new Error("bench/fanout/seed.ts needs DATABASE_URL, FANOUT_SITE_SLUG, AUTH_SECRET and FANOUT_MEMBERS");
}

/** The session cookie's value for a token: `token.base64(hmac-sha256(token))`, URL-encoded. */
const cookieValue = (token: string) =>
  encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`);

const cfg = loadConfig({ ...process.env, LOG_LEVEL: "warn" }, []);
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
try {
  const started = Date.now();
  await migrateDatabase(database);
  // What a server does at start before it seeds (main.ts): the platform and the plans.
  await underStartupLock(database, async () => {
    const platform = await accounts.ensurePlatform(database.db);
    await options.seedDefaults(database.db, platform.accountId);
    await billing.syncPlans(database.db);
  });
  const auth = createAuth(cfg, database);
  const password = randomBytes(12).toString("hex");
  const owner = await buildUser(auth, { email: `owner@${slug}.test`, name: "Fan-out Owner", password });
  const site = await buildSite(database.db, owner, { slug, sitetitle: "Fan-out School", plan: PLAN_IDS.lifetime });
  const sender = await buildUser(auth, { email: `sender@${slug}.test`, name: "Sam Sender", password });
  await buildMember(database.db, site, sender, "instructor");

  // Users, then members with the student role, then one session each: three statements over one
  // JSON list of the people.
  const people = Array.from({ length: memberCount }, (_, i) => ({
    id: randomUUID(),
    name: `Member ${i + 1}`,
    email: `member-${i + 1}@${slug}.test`,
    slug: `member-${i + 1}`,
    token: randomBytes(24).toString("base64url"),
  }));
  const list = sql`jsonb_to_recordset(${JSON.stringify(people)}::jsonb)
    as p(id text, name text, email text, slug text, token text)`;
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  await database.db.execute(sql`insert into users (id, name, email, email_verified)
    select p.id, p.name, p.email, true from ${list}`);
  await withTenant(database.db, site.accountId, async (tx) => {
    await tx.execute(sql`insert into members (account_id, user_id, name, email, slug, role_id)
      select ${site.accountId}::uuid, p.id, p.name, p.email, p.slug,
             (select role_id from roles where account_id = ${site.accountId}::uuid and name = 'student')
      from ${list}`);
    await tx.execute(sql`insert into sessions (id, account_id, token, user_id, expires_at, ip_address, user_agent)
      select gen_random_uuid()::text, ${site.accountId}::uuid, p.token, p.id, ${expires}::timestamptz,
             '127.0.0.1', 'atrium fan-out bench'
      from ${list}`);
  });
  const senderToken = randomBytes(24).toString("base64url");
  await withTenant(database.db, site.accountId, (tx) =>
    tx.execute(sql`
      insert into sessions (id, account_id, token, user_id, expires_at, ip_address, user_agent)
      values (gen_random_uuid()::text, ${site.accountId}::uuid, ${senderToken}, ${sender.id},
              ${expires}::timestamptz, '127.0.0.1', 'atrium fan-out bench')`),
  );

  const chatId = await syncGroupChat(database.db, site.accountId, {
    groupId: randomUUID(),
    title: "Everyone",
    memberIds: [sender.id, ...people.map((p) => p.id)],
  });
  await database.sql("analyze");

  process.stdout.write(
    `${JSON.stringify({
      accountId: site.accountId,
      slug,
      chatId,
      sender: { userId: sender.id, cookie: cookieValue(senderToken) },
      members: people.map((p) => ({ userId: p.id, cookie: cookieValue(p.token) })),
      seconds: (Date.now() - started) / 1000,
    })}\n`,
  );
} finally {
  await database.close();
}
