// commitWith: a transaction's last statements sent with its COMMIT (server/db/tenant.ts). Values are
// written into the text as literals there, so what goes in must come back exactly, whatever it
// holds; a refusal rolls back the whole transaction; nothing may run after the commit; and the row
// lock the statements take is free as soon as the call returns. On PGlite the same calls run as
// ordinary statements, so every case but the last runs on both.
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { options } from "../../server/db/schema";
import { commitWith, refusalOf, withTenant } from "../../server/db/tenant";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "commit-with");
});
afterAll(async () => {
  await t?.close();
});

const read = (name: string) =>
  withTenant(t.database.db, A.site.accountId, async (tx) => {
    const [row] = await tx
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.accountId, A.site.accountId), eq(options.key, name)));
    return row?.value;
  });

describe("commitWith", () => {
  it("writes values exactly as given: quotes, backslashes, dollar signs, JSON, unicode, null", async () => {
    const value = {
      text: `O'Brien said "hi" \\ back\\slash $1 $$ --; drop table options; ' or '1'='1`,
      nested: { list: [1, 2.5, null, true, "ü → ✓ 日本"], empty: "" },
      nothing: null,
    };
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      commitWith(tx, [tx.insert(options).values({ accountId: A.site.accountId, key: "cw-exact", value: value })]),
    );
    expect(await read("cw-exact")).toEqual(value);
  });

  it("rolls back everything the transaction wrote when a statement refuses, and names the refusal", async () => {
    const attempt = withTenant(t.database.db, A.site.accountId, async (tx) => {
      await tx.insert(options).values({ accountId: A.site.accountId, key: "cw-earlier", value: 1 });
      await commitWith(tx, [
        tx.insert(options).values({ accountId: A.site.accountId, key: "cw-last", value: 2 }),
        sql`select atrium_refuse('test.refused') where not exists (select 1 where false)`,
      ]);
    });
    const err = await attempt.catch((e: unknown) => e);
    expect(refusalOf(err)).toBe("test.refused");
    expect(await read("cw-earlier")).toBeUndefined();
    expect(await read("cw-last")).toBeUndefined();
  });

  it("commits when the refusal's condition does not hold", async () => {
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      commitWith(tx, [
        tx.insert(options).values({ accountId: A.site.accountId, key: "cw-kept", value: 3 }),
        sql`select atrium_refuse('test.refused') where not exists (select 1)`,
      ]),
    );
    expect(await read("cw-kept")).toBe(3);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("refuses any statement after the commit (PostgreSQL)", async () => {
    const attempt = withTenant(t.database.db, A.site.accountId, async (tx) => {
      await commitWith(tx, [sql`select 1`]);
      await tx.select().from(options);
    });
    const err = (await attempt.catch((e: unknown) => e)) as Error & { cause?: Error };
    expect(err?.cause?.message ?? err?.message).toMatch(/The transaction has ended/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "has released the row lock when it returns, before the transaction's function ends (PostgreSQL)",
    async () => {
      await withTenant(t.database.db, A.site.accountId, (tx) =>
        tx.insert(options).values({ accountId: A.site.accountId, key: "cw-lock", value: 0 }),
      );
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await withTenant(t.database.db, A.site.accountId, async (tx) => {
          await tx
            .update(options)
            .set({ value: 1 })
            .where(and(eq(options.accountId, A.site.accountId), eq(options.key, "cw-lock")));
          await commitWith(tx, [sql`select 1`]);
          // Still inside the function: another connection can lock the row at once.
          await other.query("set lock_timeout = '2s'");
          const r = await other.query(
            "select value from options where account_id = $1 and key = 'cw-lock' for update nowait",
            [A.site.accountId],
          );
          expect(r.rows[0].value).toBe(1);
        });
      } finally {
        await other.end();
      }
    },
  );
});
