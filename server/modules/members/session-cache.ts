// Signed-in requests read their session, person, membership and role from memory when they can.
// An entry lives a minute at most, never past its session's expiry, and goes the moment the
// database announces a change to that person's sessions, login or membership, or to the site's
// roles (the `people` notices its triggers send on commit, heard through the change bus).
// A process caches only while it hears those notices; when its LISTEN connection is down every
// request reads the database, and when it comes back everything cached is dropped. The members
// module's own writes also drop what they touch in this process at once, so a person's next
// request never races the notice of their own change.
import type { Db } from "../../db/client";
import { bus } from "../../realtime/bus";

const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

type Entry<T> = { value: T; until: number; userId: string; accountId: string };
type State = {
  live: () => boolean;
  entries: Map<string, Entry<unknown>>;
  /** Counts the notices heard: a lookup that raced one is not kept. */
  epoch: number;
};

const states = new Map<Db, State>();

function forget(match: (e: Entry<unknown>) => boolean) {
  for (const state of states.values()) {
    state.epoch++;
    for (const [key, e] of state.entries) if (match(e)) state.entries.delete(key);
  }
}

bus.on("people", (data) => {
  const d = (data ?? {}) as { userId?: unknown; accountId?: unknown };
  if (typeof d.userId === "string") forget((e) => e.userId === d.userId);
  else if (typeof d.accountId === "string") forget((e) => e.accountId === d.accountId);
  else forget(() => true);
});
bus.onResync(() => forget(() => true));

export const sessionCache = {
  /** Turns caching on for a database whose change notices this process hears while `live()`. */
  enable(db: Db, live: () => boolean) {
    states.set(db, { live, entries: new Map(), epoch: 0 });
  },
  disable(db: Db) {
    states.delete(db);
  },
  /**
   * The cached answer for `key`, or `load()`'s. `keep` says whether an answer may be kept, and
   * for whom (the person and site whose changes must drop it) and until when.
   */
  async read<T>(
    db: Db,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => { userId: string; accountId: string; expiresAt: Date } | null,
  ): Promise<T> {
    const state = states.get(db);
    if (!state?.live()) return load();
    const now = Date.now();
    const hit = state.entries.get(key);
    if (hit && hit.until > now) return hit.value as T;
    if (hit) state.entries.delete(key);
    const epoch = state.epoch;
    const value = await load();
    const owner = keep(value);
    if (owner && state.epoch === epoch && state.live()) {
      if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value as string);
      const until = Math.min(now + TTL_MS, owner.expiresAt.getTime());
      state.entries.set(key, { value, until, userId: owner.userId, accountId: owner.accountId });
    }
    return value;
  },
  /**
   * Drops what is held for a person at once, in this process: after their own request changed
   * something, their next request must not wait for the database's notice to arrive.
   */
  forgetUser(db: Db, userId: string) {
    const state = states.get(db);
    if (!state) return;
    state.epoch++;
    for (const [key, e] of state.entries) if (e.userId === userId) state.entries.delete(key);
  },
  /** Drops one cached session (its key as given to `read`). */
  forgetKey(db: Db, key: string) {
    const state = states.get(db);
    if (!state) return;
    state.epoch++;
    state.entries.delete(key);
  },
  /** Entries held for a database (tests and diagnostics). */
  size: (db: Db) => states.get(db)?.entries.size ?? 0,
};
