// The ORDER BY of an owner's list: the column the reader sorted by, in the direction asked, then the
// list's own order and a tiebreak on the id, so equal values keep a stable order across pages.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

export type ListSort<K extends string> = { by: K; dir: "asc" | "desc" };

/** `columns[sort.by]` in `sort.dir` (nothing for no sort), followed by `then`. */
export function listOrder<K extends string>(
  sort: ListSort<K> | null | undefined,
  columns: Record<K, SQLWrapper>,
  then: SQL[],
): SQL[] {
  const column = sort ? columns[sort.by] : undefined;
  if (!column || !sort) return then;
  return [sort.dir === "desc" ? sql`${column} desc` : sql`${column} asc`, ...then];
}
