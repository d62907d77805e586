// One statement at a time on a client, checked in every integration test on PostgreSQL: a call of
// `client.query` while the same client still runs an earlier statement (a `Promise.all` over one
// transaction's `tx`, directly or deep in a helper) fails the test during which it happened, with
// the statement. pg 8 only queues such calls (and warns from the third on); pg 9 throws.
// scripts/check-one-statement.mjs refuses the plain cases in the source; this catches the rest.
// PGlite runs one statement at a time by design and has no pg client: nothing to watch there.
import pg from "pg";
import { afterEach, expect } from "vitest";

if (process.env.TEST_DATABASE_URL) {
  const inFlight = new WeakMap<pg.Client, number>();
  const overlaps: string[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the client's query has many overloads; this only watches calls
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const busy = inFlight.get(this) ?? 0;
    if (busy > 0) overlaps.push(String(typeof args[0] === "string" ? args[0] : args[0]?.text).slice(0, 200));
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (original as any).apply(this, args);
    if (result && typeof result.then === "function") {
      inFlight.set(this, busy + 1);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      result.then(done, done);
    }
    return result;
  };

  afterEach(() => {
    const seen = overlaps.splice(0);
    expect(seen, "statements sent while their client was still running another one").toEqual([]);
  });
}
