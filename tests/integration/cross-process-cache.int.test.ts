// Several web processes share one PostgreSQL: a change made by one must drop the cached host
// resolution of the others. The other process here is real: a child Node process.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts as accountsTable } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildSite, buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";

const run = promisify(execFile);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("host cache across processes (PostgreSQL LISTEN/NOTIFY)", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("forgets a renamed site when another process announces the change", async () => {
    const owner = await buildUser(t.platform.auth, { email: "xproc-owner@atrium.test" });
    const site = await buildSite(t.database.db, owner, { slug: "xproc-old" });
    expect((await t.request("xproc-old", "/api/v1/site")).status).toBe(200);

    // Another process renames the site directly in the database and announces it.
    await withPlatform(t.database.db, (tx) =>
      tx.update(accountsTable).set({ slug: "xproc-new" }).where(eq(accountsTable.accountId, site.accountId)),
    );
    expect((await t.request("xproc-old", "/api/v1/site")).status).toBe(200); // still cached here
    await run(
      process.execPath,
      ["--import", "tsx", "tests/support/bus-publisher.ts", t.database.url!, site.accountId],
      { timeout: 60_000 },
    );

    let status = 0;
    for (let i = 0; i < 50 && status !== 404; i++) {
      status = (await t.request("xproc-old", "/api/v1/site")).status;
      if (status !== 404) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(404);
    const renamed = await t.request("xproc-new", "/api/v1/site");
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).accountId).toBe(site.accountId);
  });
});
