// The site search (spec §2, §5, §7): at most 9 results a type, only for a non-empty term on a known
// site. Each searchable type joins as its table exists; today that is members (by name).
import type { Db } from "../../db/client";
import { searchByName } from "../members";

export const SEARCH_TYPES = ["all", "course", "blog", "pages", "members"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_LIMIT = 9;

export type SearchResult = { type: Exclude<SearchType, "all">; title: string; url: string };

export async function searchSite(
  db: Db,
  accountId: string,
  term: string,
  type: SearchType,
  limit = SEARCH_LIMIT,
): Promise<SearchResult[]> {
  const q = term.trim();
  if (!q) return [];
  const n = Math.min(Math.max(1, limit), SEARCH_LIMIT);
  const results: SearchResult[] = [];
  if (type === "all" || type === "members") {
    for (const m of await searchByName(db, accountId, q, n)) {
      results.push({ type: "members", title: m.name, url: `/members/${encodeURIComponent(m.slug)}` });
    }
  }
  return results;
}
