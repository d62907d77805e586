// Several processes starting together on a fresh PostgreSQL database (a deploy of two web
// processes and a worker) each create the job queues; they must not deadlock doing it.
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { migrateDatabase } from "../../server/db/migrate";
import { jobs } from "../../server/jobs/queue";
import "../../server/modules/mail";
import "../../server/modules/events";
import { createTestDatabase, type TestDatabase } from "../support/database";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const opened: Database[] = [];
let fresh: TestDatabase | null = null;

afterAll(async () => {
  for (const d of opened) {
    await jobs.stop(d.db).catch(() => undefined);
    await d.close().catch(() => undefined);
  }
  await fresh?.drop();
});

describe.skipIf(!onPostgres)("job queues on a fresh database", () => {
  it("are created once when four processes start at the same moment", async () => {
    fresh = await createTestDatabase({ empty: true });
    const first = await openDatabase({ url: fresh.url, poolSize: 3 });
    opened.push(first);
    await migrateDatabase(first);
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ url: fresh.url, poolSize: 3 }));

    const started = await Promise.allSettled(
      opened.map((d, i) => jobs.start(d, { work: i === 0, retryDelaySeconds: 5, retryLimit: 5 })),
    );
    expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual([
      "started",
      "started",
      "started",
      "started",
    ]);
    const { rows } = await first.sql("select count(*)::int as n, count(distinct name)::int as names from pgboss.queue");
    expect(rows[0]?.n).toBe(rows[0]?.names);
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });
});
