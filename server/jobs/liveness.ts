// Which working processes are alive, told by the database itself. Each process that works jobs
// holds a session advisory lock (class LIVENESS_CLASS, its own random key) on a connection of its
// own; PostgreSQL releases it the moment that connection ends, so a process killed in the middle of
// its work is seen as gone at once, without heartbeats or timeouts. Rows and jobs a process takes
// carry its key; another process may take over what a gone process held (decision 0046).
import { randomInt } from "node:crypto";
import pg from "pg";
import type { Database } from "../db/client";
import { poolOptions } from "../db/connection-loss";

/** The advisory lock class of liveness keys ("ATR1"); the key is the lock's second half. */
export const LIVENESS_CLASS = 0x41545231;
/**
 * A new key for one working queue runtime (a process normally has one per database; tests run
 * several in one process): positive, so that it reads the same as an int and as an oid.
 */
export const newLivenessKey = () => randomInt(1, 2 ** 31 - 1);

/**
 * A SQL condition: the process whose key is in `keyExpr` (an int expression) is alive. pg_locks
 * shows every session's locks to every role, so it works inside a tenant transaction too.
 */
export const processAliveSql = (keyExpr: string) =>
  `exists (select 1 from pg_locks l where l.locktype = 'advisory'
     and l.database = (select d.oid from pg_database d where d.datname = current_database())
     and l.classid = ${LIVENESS_CLASS}::oid and l.objid = (${keyExpr})::oid and l.objsubid = 2 and l.granted)`;

const LOCK = "select pg_advisory_lock($1::int, $2::int)";
const RETRY_MS = 2000;

/**
 * Holds this process's liveness lock in `database` until the returned stop is called. On
 * PostgreSQL a connection of its own keeps it, taken again after a lost connection (meanwhile the
 * process looks gone, and its claims may be taken over: every claim is checked when it is used).
 * PGlite is one process with one session: the lock lives as long as the database is open.
 */
export async function holdLiveness(database: Database, key: number): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    await database.sql(LOCK, [LIVENESS_CLASS, key]);
    return async () => {
      await database.sql("select pg_advisory_unlock($1::int, $2::int)", [LIVENESS_CLASS, key]).catch(() => {});
    };
  }
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...poolOptions(database.url as string, "atrium liveness") });
    c.on("error", () => {
      // The connection is gone: so is the lock. Take it again on a new one.
      if (client !== c || stopped) return;
      client = null;
      timer = setTimeout(() => void connect().catch(retry), RETRY_MS);
    });
    await c.connect();
    await c.query(LOCK, [LIVENESS_CLASS, key]);
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect().catch(retry), RETRY_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
