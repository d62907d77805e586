// PostgreSQL can end connections at any moment: a failover, a restart, an administrator. A pg
// client that loses its connection while a request holds it (inside a transaction) emits 'error',
// and an 'error' event nobody listens to ends the Node process — one failover would then take
// down every web process at once. So every connection gets a listener the moment it is opened,
// and the request that held it fails with a clean 503 while the next ones get new connections.
import type pg from "pg";

// SQLSTATE class 08 (connection exception), and the server ending the session:
// admin_shutdown, crash_shutdown, cannot_connect_now.
const LOST_STATES = new Set(["57P01", "57P02", "57P03"]);
const LOST_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
// What pg and pg-pool say when the socket under a client is gone or cannot be opened.
const LOST_MESSAGES =
  /^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i;

/**
 * Whether an error (or an error in its cause chain) says the database connection was lost.
 * Socket errors (ECONNRESET, …) count only with `fromDatabase`: elsewhere they may come from an
 * SMTP server or a payment provider, which are not the database.
 */
export function isConnectionLoss(err: unknown, opts: { fromDatabase?: boolean } = {}): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === "string" ? e.code : "";
    if (LOST_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (opts.fromDatabase && LOST_SOCKET_CODES.has(code)) return true;
    if (typeof e.message === "string" && LOST_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The options every pool of the server shares. */
export function poolOptions(url: string, applicationName: string): pg.PoolConfig {
  return {
    connectionString: url,
    application_name: applicationName,
    // A peer that vanished without closing (a failed-over host) is noticed, not waited on forever.
    keepAlive: true,
    // A request waits this long at most for a connection, then fails with a 503 instead of hanging.
    connectionTimeoutMillis: 10_000,
  };
}

/**
 * Listens for errors on the pool and on every client it opens. One line per burst: a failover
 * ends every connection of the pool at once, and the log should say so once, not ten times.
 */
export function guardPool(pool: pg.Pool, name: string, warn: (message: string) => void = console.warn): pg.Pool {
  let lastLogged = 0;
  const onError = (err: Error) => {
    const now = Date.now();
    if (now - lastLogged < 5_000) return;
    lastLogged = now;
    warn(`[database] ${name}: connection lost (${err.message}); new connections are opened as needed`);
  };
  pool.on("error", onError);
  pool.on("connect", (client) => client.on("error", onError));
  return pool;
}
