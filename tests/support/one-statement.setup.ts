// One statement at a time on a client, checked in every integration test on PostgreSQL: a call of
// `client.query` while the same client still runs an earlier statement (a `Promise.all` over one
// transaction's `tx`, directly or deep in a helper) fails the test during which it happened, with
// the statement. scripts/check-one-statement.mjs refuses the plain cases in the source; this
// catches the rest. PGlite runs one statement at a time by design and has no pg client.
import { afterAll, afterEach, expect } from "vitest";
import { watchStatements } from "./statement-watch";

if (process.env.TEST_DATABASE_URL) {
  const overlaps: string[] = [];
  // The files of a worker share the pg module (vitest.config.ts): each stops its own watch.
  afterAll(watchStatements((statement) => overlaps.push(statement)));
  afterEach(() => {
    const seen = overlaps.splice(0);
    expect(seen, "statements sent while their client was still running another one").toEqual([]);
  });
}
