// PostgreSQL ends every connection at once (a failover, a restart, an administrator): the web
// process stays up, the requests it was serving — some waiting inside a transaction — fail with a
// clean 503, the next ones succeed on new connections, and background jobs keep running. The
// process under test is a real child process, so an unhandled 'error' event would really end it.
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { type ChildServer, cookieOf, startChildServer } from "../support/child-server";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Polls until `check` is true; fails with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)("a lost database connection (PostgreSQL)", () => {
  let t: TestPlatform;
  let child: ChildServer;
  let S: SiteWithOwner;
  let cookie: string;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    // This process only prepares and inspects: the child is the web process and the only worker.
    t = await startTestPlatform({ ATRIUM_ROLE: "web" });
    S = await siteWithOwner(t, "lost-conn");
    dbName = new URL(t.database.url!).pathname.slice(1);
    child = await startChildServer(t.database.url!);
    const signIn = await child.request(S.site.slug, "/api/auth/sign-in/email", {
      json: { email: S.owner.email, password: S.owner.password },
    });
    expect(signIn.status).toBe(200);
    cookie = cookieOf(signIn.headers);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    admin.on("error", () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await child?.stop();
    await t?.close();
  });

  const saveTitle = (sitetitle: string) =>
    child.request(S.site.slug, "/api/v1/site/config", { method: "PATCH", cookie, json: { settings: { sitetitle } } });

  it("keeps serving: in-flight requests get a 503, the next ones and the jobs work", async () => {
    // Three saves of the site's configuration wait for the site's row inside their transactions.
    const locker = new pg.Client({ connectionString: t.database.url });
    locker.on("error", () => undefined);
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("SELECT 1 FROM accounts WHERE account_id = $1 FOR UPDATE", [S.site.accountId]);
    const inFlight = [1, 2, 3].map((i) => saveTitle(`Saved during the failover ${i}`));
    await until("the three saves wait for the lock", async () => {
      const { rows } = await admin.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
        [dbName],
      );
      return rows[0].n >= 3;
    });

    const { rowCount } = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [dbName],
    );
    expect(rowCount).toBeGreaterThanOrEqual(4);
    await locker.end().catch(() => undefined);

    for (const answer of await Promise.all(inFlight)) {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
      expect(JSON.parse(answer.text)).toEqual({
        error: { code: "database_unavailable", message: expect.stringMatching(/try again/) },
      });
    }
    expect(child.alive()).toBe(true);

    // The next requests succeed on new connections, reads and writes alike.
    expect((await child.request(S.site.slug, "/api/v1/me", { cookie })).status).toBe(200);
    const saved = await saveTitle("Saved after the failover");
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.text).settings.sitetitle).toBe("Saved after the failover");

    // Jobs keep working: the invitation e-mail queued now is delivered by the child's worker.
    const email = uniqueEmail("after-failover");
    const invited = await child.request(S.site.slug, "/api/v1/invitations", {
      cookie,
      json: { email, role: "student" },
    });
    expect(invited.status).toBe(201);
    await until("the invitation e-mail is delivered", async () => {
      const rows = await withPlatform(t.database.db, (tx) =>
        tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
      );
      return rows[0]?.status === "stored";
    });
    expect(child.alive()).toBe(true);
    expect(child.output()).toMatch(/\[database\] application pool: connection lost/);
  });
});
