// The production set-up of docs/deploy.md ("The database user"): the server logs in as a role
// that is no superuser, cannot create roles or databases, does not bypass row-level security and
// owns no database — only the schema objects its migrations create. It migrates, serves pages,
// signs people in, writes, and runs its jobs.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

const serverUrl = process.env.TEST_DATABASE_URL;
const SERVER_BUILD = resolve("build/server/index.js");

/** Runs SQL as the superuser of the test server, in the given database. */
async function asAdmin(database: string, statements: string[]) {
  const url = new URL(serverUrl!);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}

describe.skipIf(!serverUrl)("logged in as a least-privileged role (PostgreSQL)", () => {
  const login = `atrium_login_${randomBytes(4).toString("hex")}`;
  let base: TestDatabase;
  let t: TestPlatform;
  let S: SiteWithOwner;

  beforeAll(async () => {
    base = await createTestDatabase({ empty: true });
    const dbName = new URL(base.url!).pathname.slice(1);
    // What the DBA runs once (docs/deploy.md); the database itself stays the administrator's.
    await asAdmin("postgres", [
      `CREATE ROLE ${login} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS`,
      `GRANT atrium_tenant, atrium_platform TO ${login}`,
      `REVOKE ALL ON DATABASE ${dbName} FROM PUBLIC`,
      `GRANT CONNECT, CREATE ON DATABASE ${dbName} TO ${login}`,
    ]);
    await asAdmin(dbName, [`GRANT USAGE, CREATE ON SCHEMA public TO ${login}`]);
    const url = new URL(base.url!);
    url.username = login;
    const build = existsSync(SERVER_BUILD)
      ? ((await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild)
      : undefined;
    t = await startTestPlatform({}, { build, database: { url: url.toString(), drop: base.drop } });
    S = await siteWithOwner(t, "least-priv");
  });
  afterAll(async () => {
    if (t) await t.close();
    else await base?.drop();
    await asAdmin("postgres", [`DROP ROLE IF EXISTS ${login}`]).catch(() => undefined);
  });

  it("is no superuser and owns no database", async () => {
    const { rows } = await t.database.sql(`
      SELECT current_user AS name, r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolbypassrls,
             (SELECT count(*)::int FROM pg_database d WHERE d.datdba = r.oid) AS databases
      FROM pg_roles r WHERE r.rolname = current_user`);
    expect(rows[0]).toEqual({
      name: login,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      databases: 0,
    });
  });

  it("serves a site's pages", async () => {
    const feed = await t.request(S.site.slug, "/blog/rss.xml");
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("<rss");
    if (existsSync(SERVER_BUILD)) {
      const home = await t.request(S.site.slug, "/");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(S.site.settings.sitetitle);
    }
  });

  it("signs in (siteWithOwner did), writes, and runs its jobs", async () => {
    const me = await body(await t.request(S.site.slug, "/api/v1/me", { cookie: S.ownerCookie }));
    expect(me.user.email).toBe(S.owner.email);
    const saved = await t.request(S.site.slug, "/api/v1/site/config", {
      method: "PATCH",
      cookie: S.ownerCookie,
      json: { settings: { sitetitle: "Run by a least-privileged login" } },
    });
    expect(saved.status).toBe(200);
    const site = await body(await t.request(S.site.slug, "/api/v1/site"));
    expect(site.sitetitle).toBe("Run by a least-privileged login");

    const email = uniqueEmail("least-priv-invitee");
    const invited = await t.request(S.site.slug, "/api/v1/invitations", {
      cookie: S.ownerCookie,
      json: { email, role: "student" },
    });
    expect(invited.status).toBe(201);
    const deadline = Date.now() + 20_000;
    let status: string | undefined;
    while (status !== "stored" && Date.now() < deadline) {
      const [row] = await withPlatform(t.database.db, (tx) =>
        tx.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
      );
      status = row?.status;
      if (status !== "stored") await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe("stored");
  });
});
