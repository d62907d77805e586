// The change bus: "this changed" messages that every web process must hear (cache invalidation,
// presence and notification fan-out). In one process it is an in-memory emitter; with PostgreSQL
// it also rides LISTEN/NOTIFY, so no extra server is needed to run several processes. A lost
// LISTEN connection comes back by itself (bus-listener.ts); what may have been missed meanwhile
// is made good by the `onResync` subscribers dropping what they cache.
import { EventEmitter } from "node:events";
import pg from "pg";
import { guardPool, isConnectionLoss, poolOptions } from "../db/connection-loss";
import { consoleLog, type Log } from "../log";
import { BusListener } from "./bus-listener";

const CHANNEL = "atrium_bus";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7999;
const emitter = new EventEmitter();
emitter.setMaxListeners(100);
const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;

type Publisher = (payload: string) => Promise<void>;
const publishers = new Set<Publisher>();
const resyncs = new Set<() => void>();

export type BusMessage = { topic: string; data: unknown };

/** Stops listening; `live()` says whether changes made elsewhere are being heard right now. */
export type BusConnection = (() => Promise<void>) & { live: () => boolean };

function deliver(payload: string) {
  try {
    const msg = JSON.parse(payload) as BusMessage & { origin: string };
    if (msg.origin !== origin) emitter.emit(msg.topic, msg.data);
  } catch {
    // A malformed payload cannot come from us; ignore it rather than crash the listener.
  }
}

function resync() {
  for (const fn of resyncs) {
    try {
      fn();
    } catch (err) {
      console.error("[bus] resync", err);
    }
  }
}

export const bus = {
  on(topic: string, fn: (data: unknown) => void) {
    emitter.on(topic, fn);
    return () => emitter.off(topic, fn);
  },
  /**
   * Called when messages from other processes may have been missed (the LISTEN connection was
   * lost and is back): drop whatever could be stale.
   */
  onResync(fn: () => void) {
    resyncs.add(fn);
    return () => resyncs.delete(fn);
  },
  /**
   * Tells this process `data` and the other processes `remote` (by default the same): a smaller
   * form, when `data` carries more than a NOTIFY payload holds and the others can read the rest.
   */
  async publish(topic: string, data: unknown, remote: unknown = data) {
    emitter.emit(topic, data);
    if (!publishers.size) return;
    const payload = JSON.stringify({ topic, data: remote, origin });
    const bytes = Buffer.byteLength(payload);
    if (bytes > NOTIFY_MAX_BYTES) {
      // PostgreSQL would refuse it, and the other processes would silently never hear of it.
      console.error(`[bus] a "${topic}" message of ${bytes} bytes is too large for the other processes; not sent`);
      return;
    }
    await Promise.all([...publishers].map((p) => p(payload).catch(() => undefined)));
  },
  /**
   * Hears what the embedded database announces itself (the changes its triggers notify, such as
   * sessions and members changing), as `connect` does for PostgreSQL. One process, so nothing to
   * publish to and nothing ever missed.
   */
  async connectEmbedded(pglite: {
    listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  }): Promise<BusConnection> {
    const unlisten = await pglite.listen(CHANNEL, deliver);
    return Object.assign(() => unlisten(), { live: () => true });
  },
  /** Joins the cross-process channel of a PostgreSQL database. */
  async connect(url: string, opts: { log?: Log } = {}): Promise<BusConnection> {
    const log = opts.log ?? consoleLog;
    const pub = guardPool(new pg.Pool({ ...poolOptions(url, "atrium bus"), max: 1 }), "bus publisher", log.warn);
    const publisher: Publisher = async (payload) => {
      const notify = () => pub.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
      // The pooled connection may have died since its last use: one more try gets a new one.
      await notify().catch((err) => (isConnectionLoss(err, { fromDatabase: true }) ? notify() : Promise.reject(err)));
    };
    const listener = new BusListener({ url, channel: CHANNEL, log, onMessage: deliver, onRecovered: resync });
    try {
      await listener.start();
    } catch (err) {
      await pub.end().catch(() => undefined);
      throw err;
    }
    publishers.add(publisher);
    const stop = async () => {
      publishers.delete(publisher);
      await listener.stop();
      await pub.end().catch(() => undefined);
    };
    return Object.assign(stop, { live: () => listener.connected });
  },
};
