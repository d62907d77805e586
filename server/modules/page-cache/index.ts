// The page cache: rendered public pages of a site for visitors without a session, kept in each web
// process and dropped everywhere at once through the change bus when a site's content or
// configuration changes. The HTTP layer decides what is cacheable (server/http/middleware/page-cache).
import type { Db } from "../../db/client";
import { bus } from "../../realtime/bus";
import { ALL_PUBLIC_PATHS, pathMatcher } from "./public-pages";
import { type CachedPage, type PageAddress, pageStore } from "./store";

export type { CachedPage, PageAddress } from "./store";
export { ALL_PUBLIC_PATHS, PUBLIC_PAGES } from "./public-pages";

const TOPIC = "page_cache";
type Invalidation = { accountId: string; paths?: string[] };

function apply(msg: Invalidation) {
  if (!msg?.accountId) return;
  if (!msg.paths) {
    pageStore.drop(msg.accountId, () => true);
    return;
  }
  const matchers = msg.paths.map(pathMatcher);
  pageStore.drop(msg.accountId, (p) => matchers.some((m) => m(p)));
}

// Messages from other processes (and our own publish, which the bus also delivers here).
bus.on(TOPIC, (data) => apply(data as Invalidation));
// The bus was away: invalidations of other processes may have been missed.
bus.onResync(() => pageStore.dropAll());

export const pageCache = {
  get: (db: Db, accountId: string, address: PageAddress) => pageStore.get(db, accountId, address),
  set: (db: Db, accountId: string, address: PageAddress, page: CachedPage) =>
    pageStore.set(db, accountId, address, page),

  /** Every cached page of the site, in every web process. */
  invalidateSite: (accountId: string) => bus.publish(TOPIC, { accountId } satisfies Invalidation),

  /**
   * Cached pages of the site for these paths (any query string), in every web process. A path may
   * be one of the spec's ten patterns ("/blog/{slug}" = every blog post); see public-pages.ts.
   */
  invalidatePaths: (accountId: string, paths: string[]) =>
    bus.publish(TOPIC, { accountId, paths } satisfies Invalidation),
  invalidatePath: (accountId: string, path: string) => pageCache.invalidatePaths(accountId, [path]),

  /** `path=all` of revalidateCache: the ten public pages, which together are every cached page. */
  allPublicPaths: () => [...ALL_PUBLIC_PATHS],

  forget: (db: Db) => pageStore.forget(db),
};
