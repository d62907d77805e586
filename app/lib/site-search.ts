// The site search (spec §2 Global search modal, §5, §9): debounced 500 ms, at most 9 results per
// type, and "nothing found" only once the term is longer than 3 characters and nothing is loading.
// It asks GET /api/v1/search; until the server has that endpoint every search finds nothing.
import { ApiError, api } from "./api";
import { safeHref } from "./safe-url";

export const SEARCH_TYPES = ["all", "course", "blog", "pages", "members"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_LIMIT = 9;
export const NOT_FOUND_AFTER = 3;

/** Kinds of result; products and groups have no chip of their own (spec §2 chips) and show under "all". */
export const RESULT_TYPES = ["course", "blog", "pages", "members", "products", "groups"] as const;
export type SearchHit = { type: (typeof RESULT_TYPES)[number]; title: string; href: string };

/** Spec §5: the not-found message shows only when the term is longer than 3 characters and nothing is loading. */
export const showsNotFound = (term: string, loading: boolean, hits: number) =>
  hits === 0 && !loading && term.trim().length > NOT_FOUND_AFTER;

export async function searchSite(term: string, type: SearchType, signal: AbortSignal): Promise<SearchHit[]> {
  const q = term.trim();
  if (!q) return [];
  const params = new URLSearchParams({ q, type, limit: String(SEARCH_LIMIT) });
  try {
    const body = await api<{ results?: { type?: string; title?: string; url?: string }[] }>(
      "GET",
      `/api/v1/search?${params}`,
      undefined,
      signal,
    );
    return (body?.results ?? []).flatMap((r) => {
      const href = safeHref(r.url);
      const kind = RESULT_TYPES.find((t) => t === r.type);
      return href && kind && r.title ? [{ type: kind, title: r.title, href }] : [];
    });
  } catch (err) {
    if (err instanceof ApiError && err.missing) return [];
    throw err;
  }
}
