// The change bus: "this changed" messages that every web process must hear (cache invalidation,
// later presence and notification fan-out). In one process it is an in-memory emitter; with
// PostgreSQL it also rides LISTEN/NOTIFY, so no extra server is needed to run several processes.
import { EventEmitter } from "node:events";
import pg from "pg";

const CHANNEL = "atrium_bus";
const emitter = new EventEmitter();
emitter.setMaxListeners(100);
const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;

type Publisher = (payload: string) => Promise<void>;
const publishers = new Set<Publisher>();

export type BusMessage = { topic: string; data: unknown };

export const bus = {
  on(topic: string, fn: (data: unknown) => void) {
    emitter.on(topic, fn);
    return () => emitter.off(topic, fn);
  },
  async publish(topic: string, data: unknown) {
    emitter.emit(topic, data);
    const payload = JSON.stringify({ topic, data, origin });
    await Promise.all([...publishers].map((p) => p(payload).catch(() => undefined)));
  },
  /** Joins the cross-process channel of a PostgreSQL database. */
  async connect(url: string) {
    const pub = new pg.Pool({ connectionString: url, max: 1 });
    pub.on("error", () => undefined);
    const publisher: Publisher = async (payload) => {
      await pub.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    };
    publishers.add(publisher);
    const listener = new pg.Client({ connectionString: url });
    listener.on("error", () => undefined);
    await listener.connect();
    listener.on("notification", (n) => {
      if (!n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as BusMessage & { origin: string };
        if (msg.origin !== origin) emitter.emit(msg.topic, msg.data);
      } catch {
        // A malformed payload cannot come from us; ignore it rather than crash the listener.
      }
    });
    await listener.query(`LISTEN ${CHANNEL}`);
    return async () => {
      publishers.delete(publisher);
      await listener.end().catch(() => undefined);
      await pub.end().catch(() => undefined);
    };
  },
};
