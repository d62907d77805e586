// Host → site cache, one per database (a process normally has one; tests run several). Entries
// live a minute at most; any change to an account drops its entries at once here and, through the
// change bus, in every other web process.
import type { Db } from "../../db/client";
import type { HostResolution } from "./types";

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Entry = { value: HostResolution; at: number };
const caches = new Map<Db, Map<string, Entry>>();

const cacheOf = (db: Db) => {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
};

export const hostCache = {
  get(db: Db, host: string): HostResolution | undefined {
    const entries = caches.get(db);
    const e = entries?.get(host);
    if (!e) return undefined;
    if (Date.now() - e.at > TTL_MS) {
      entries!.delete(host);
      return undefined;
    }
    return e.value;
  },
  set(db: Db, host: string, value: HostResolution) {
    const entries = cacheOf(db);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(host, { value, at: Date.now() });
  },
  /** Drops every entry that resolved to this account, and every negative entry (a new slug or domain). */
  invalidateAccount(accountId: string) {
    for (const entries of caches.values()) {
      for (const [host, e] of entries) {
        if (e.value.kind === "unknown" || e.value.site.accountId === accountId) entries.delete(host);
      }
    }
  },
  /** Drops every entry of every database: changes may have been missed (see bus.onResync). */
  clear() {
    for (const entries of caches.values()) entries.clear();
  },
  forget(db: Db) {
    caches.delete(db);
  },
};
