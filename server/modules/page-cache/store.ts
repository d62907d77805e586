// The page cache's storage: an LRU per database (a process normally has one; tests run several),
// bounded by entry count and by bytes. Entries also expire after a minute, the same time a CDN may
// keep them (s-maxage=60), so a change that nobody invalidated still shows within a minute.
import type { Db } from "../../db/client";

export const PAGE_TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
const MAX_BYTES = 50 * 1024 * 1024;
/** A page bigger than this is served but not kept: it would push out hundreds of others. */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /**
   * The same body compressed, once per encoding, the first time a visitor asks for that encoding
   * (most visitors take br, so gzip is usually never made); later visitors get the copy as it is.
   */
  encoded: Partial<Record<"br" | "gzip", Promise<Uint8Array<ArrayBuffer>>>>;
  /** The page's own inline scripts, as Content-Security-Policy hashes (the page keeps no nonce). */
  scriptHashes: readonly string[];
  storedAt: number;
};
type Entry = CachedPage & { accountId: string; path: string };

/** Counted when stored, before any compressed copy exists: the body plus room for its copies (HTML compresses to well under a quarter). */
const weightOf = (page: CachedPage) => Math.ceil(page.body.byteLength * 1.5);

class PageLru {
  private entries = new Map<string, Entry>();
  private bytes = 0;

  get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (Date.now() - e.storedAt > PAGE_TTL_MS) {
      this.bytes -= weightOf(e);
      return undefined;
    }
    this.entries.set(key, e); // most recently used last
    return e;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += weightOf(entry);
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  dropWhere(pred: (e: Entry) => boolean): number {
    let n = 0;
    for (const [key, e] of this.entries) {
      if (pred(e)) {
        this.delete(key);
        n++;
      }
    }
    return n;
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= weightOf(e);
  }
}

const caches = new Map<Db, PageLru>();

/** Where a page was asked for: host, path, query string, and the values of cookies it varies on. */
export type PageAddress = { host: string; path: string; search: string; variant: string };

const keyOf = (accountId: string, a: PageAddress) => `${accountId} ${a.host}${a.path}${a.search} ${a.variant}`;

export const pageStore = {
  get(db: Db, accountId: string, address: PageAddress): CachedPage | undefined {
    return caches.get(db)?.get(keyOf(accountId, address));
  },
  set(db: Db, accountId: string, address: PageAddress, page: CachedPage) {
    if (page.body.byteLength > MAX_PAGE_BYTES) return;
    let lru = caches.get(db);
    if (!lru) {
      lru = new PageLru();
      caches.set(db, lru);
    }
    lru.set(keyOf(accountId, address), { ...page, accountId, path: address.path });
  },
  /** Drops the account's pages whose path matches, in every database's cache of this process. */
  drop(accountId: string, matches: (path: string) => boolean): number {
    let n = 0;
    for (const lru of caches.values()) n += lru.dropWhere((e) => e.accountId === accountId && matches(e.path));
    return n;
  },
  /** Drops every page of every site. */
  dropAll(): number {
    let n = 0;
    for (const lru of caches.values()) n += lru.dropWhere(() => true);
    return n;
  },
  forget(db: Db) {
    caches.delete(db);
  },
};
