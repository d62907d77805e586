// The list screens' URL state as plain values: search text, named filters, page and sort. Loaders
// parse with parseListParams, screens build their links with listHref; both sides agree on the names.

export type SortDir = "asc" | "desc";
export type ListSort = { by: string; dir: SortDir };

export type ListParamsSpec<F extends string = string> = {
  /** The search box's parameter name (`q` unless a screen's older links say otherwise). */
  searchParam?: string;
  /** Each named filter with its allowed values; the first value is the default ("all"). */
  filters?: Record<F, readonly string[]>;
  /** The columns the loader can sort by; anything else in `?sort=` is ignored. */
  sorts?: readonly string[];
  /** The order used when the URL names none. */
  defaultSort?: ListSort | null;
};

export type ListParams<F extends string = string> = {
  q: string;
  page: number;
  filters: Record<F, string>;
  sort: ListSort | null;
};

const MAX_SEARCH = 200;

/** Page numbers below 1, fractions and junk become page 1. */
export function parsePage(raw: string | null): number {
  return Math.max(1, Math.floor(Number(raw)) || 1);
}

export function parseListParams<F extends string = never>(
  input: URLSearchParams | string,
  spec: ListParamsSpec<F> = {},
): ListParams<F> {
  const params = typeof input === "string" ? new URLSearchParams(input) : input;
  const filters = {} as Record<F, string>;
  for (const [name, allowed] of Object.entries(spec.filters ?? {}) as [F, readonly string[]][]) {
    const raw = params.get(name) ?? "";
    filters[name] = allowed.includes(raw) ? raw : (allowed[0] ?? "");
  }
  const by = params.get("sort") ?? "";
  const dir: SortDir = params.get("dir") === "desc" ? "desc" : "asc";
  const sort = spec.sorts?.includes(by) ? { by, dir } : (spec.defaultSort ?? null);
  return {
    q: (params.get(spec.searchParam ?? "q") ?? "").trim().slice(0, MAX_SEARCH),
    page: parsePage(params.get("page")),
    filters,
    sort,
  };
}

/** Whether search or any filter narrows the list (so "no results" rather than "nothing yet"). */
export function isFiltered(params: ListParams<string>, spec: ListParamsSpec<string> = {}): boolean {
  if (params.q) return true;
  return Object.entries(spec.filters ?? {}).some(([name, allowed]) => params.filters[name] !== allowed[0]);
}

export type ListChange = Record<string, string | number | null | undefined>;

/**
 * The query string for the current URL with `change` applied: null, undefined and "" remove a
 * parameter; any change other than the page sends the reader back to page 1.
 */
export function listHref(current: URLSearchParams | string, change: ListChange): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (!("page" in change)) next.delete("page");
  if (next.get("page") === "1") next.delete("page");
  const text = next.toString();
  return text ? `?${text}` : "?";
}

/** Ascending, then descending, then back to the screen's default order. */
export function nextSort(current: ListSort | null, column: string): ListSort | null {
  if (current?.by !== column) return { by: column, dir: "asc" };
  return current.dir === "asc" ? { by: column, dir: "desc" } : null;
}

/** The `sort` / `dir` change for a click on a column's header. */
export function sortChange(current: ListSort | null, column: string): ListChange {
  const next = nextSort(current, column);
  return { sort: next?.by ?? null, dir: next?.dir ?? null };
}

/** The query that drops search and filters but keeps what the screen needs (`keep`, e.g. an id). */
export function clearedHref(current: URLSearchParams | string, keep: readonly string[] = []): string {
  const from = new URLSearchParams(current);
  const next = new URLSearchParams();
  for (const key of keep) for (const value of from.getAll(key)) next.append(key, value);
  const text = next.toString();
  return text ? `?${text}` : "?";
}

/** The ids a bulk action posts, one `id` field each; blanks and repeats are dropped, at most 100. */
export function bulkIds(form: FormData): string[] {
  const ids = form
    .getAll("id")
    .map((v) => String(v).trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, 100);
}
