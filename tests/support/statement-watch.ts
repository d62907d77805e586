// Watches every pg client's calls: a statement sent while the same client still runs an earlier one
// (a `Promise.all` over one transaction's statements) is reported with its text. pg 8 queues such
// calls (and warns only from the third on); pg 9 throws. Returns the function that stops watching.
import pg from "pg";

export function watchStatements(onOverlap: (statement: string) => void): () => void {
  const inFlight = new WeakMap<pg.Client, number>();
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: the client's query has many overloads; this only watches calls
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    const busy = inFlight.get(this) ?? 0;
    if (busy > 0) onOverlap(String(typeof args[0] === "string" ? args[0] : args[0]?.text).slice(0, 200));
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const result = (original as any).apply(this, args);
    if (result && typeof result.then === "function") {
      inFlight.set(this, busy + 1);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      result.then(done, done);
    }
    return result;
  };
  return () => {
    pg.Client.prototype.query = original;
  };
}
