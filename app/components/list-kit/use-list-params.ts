import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { clearedHref, type ListChange, type ListSort, listHref, sortChange } from "./list-params";

/** The current list URL and links that change one thing in it (page, sort, a filter). */
export function useListParams() {
  const [params] = useSearchParams();
  const search = params.toString();
  const sort = useMemo<ListSort | null>(() => {
    const by = params.get("sort");
    return by ? { by, dir: params.get("dir") === "desc" ? "desc" : "asc" } : null;
  }, [params]);
  const href = useCallback((change: ListChange) => listHref(search, change), [search]);
  return {
    params,
    sort,
    href,
    pageHref: useCallback((page: number) => listHref(search, { page }), [search]),
    sortHref: useCallback((column: string) => listHref(search, sortChange(sort, column)), [search, sort]),
    clearHref: useCallback((keep: readonly string[] = []) => clearedHref(search, keep), [search]),
  };
}
