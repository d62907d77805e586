// Host → site cache. Entries live a minute at most; any change to an account drops its entries at
// once here and, through the change bus, in every other web process.
import type { HostResolution } from "./types";

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Entry = { value: HostResolution; at: number };
const entries = new Map<string, Entry>();

export const hostCache = {
  get(host: string): HostResolution | undefined {
    const e = entries.get(host);
    if (!e) return undefined;
    if (Date.now() - e.at > TTL_MS) {
      entries.delete(host);
      return undefined;
    }
    return e.value;
  },
  set(host: string, value: HostResolution) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(host, { value, at: Date.now() });
  },
  /** Drops every entry that resolved to this account, and every negative entry (a new slug or domain). */
  invalidateAccount(accountId: string) {
    for (const [host, e] of entries) {
      if (e.value.kind === "unknown" || e.value.site.accountId === accountId) entries.delete(host);
    }
  },
  clear() {
    entries.clear();
  },
};
