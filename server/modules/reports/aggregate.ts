// The one way reports read numbers: an allow-listed aggregate (allow-list.ts) run in the site's
// tenant transaction — a total, a total per day, or the largest totals by key.
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { type AggregateInput, type ConditionInput, dayColumn, keyColumn, planAggregate } from "./allow-list";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
// sum() of integers is numeric/bigint, which the drivers hand over as text.
const num = (v: unknown) => (v == null ? 0 : Number(v));

/** One figure: the sum, count or distinct count of the allow-listed rows that match. */
export async function total(tx: Tx, accountId: string, input: AggregateInput): Promise<number> {
  const plan = planAggregate(accountId, input);
  const [row] = rowsOf(
    await tx.execute(sql`select ${plan.measure} as value from ${plan.table.from} where ${plan.where}`),
  );
  return num(row?.value);
}

/** The figure per UTC day of `day` (a date column of the table); days without rows are absent. */
export async function perDay(
  tx: Tx,
  accountId: string,
  input: AggregateInput & { day: string },
): Promise<Map<string, number>> {
  const plan = planAggregate(accountId, input);
  const day: SQL = sql`to_char(${dayColumn(input.table, input.day)} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = rowsOf(
    await tx.execute(
      sql`select ${day} as day, ${plan.measure} as value from ${plan.table.from} where ${plan.where} group by 1`,
    ),
  );
  return new Map(rows.map((r) => [String(r.day), num(r.value)]));
}

/** The `limit` largest figures by `key` (a key column of the table), largest first, ties by key. */
export async function topBy(
  tx: Tx,
  accountId: string,
  input: AggregateInput & { key: string; limit: number },
): Promise<{ key: string; value: number }[]> {
  const plan = planAggregate(accountId, input);
  const key = keyColumn(input.table, input.key);
  const limit = Math.max(1, Math.min(50, Math.floor(input.limit)));
  const rows = rowsOf(
    await tx.execute(
      sql`select ${key} as key, ${plan.measure} as value from ${plan.table.from}
        where ${plan.where} and ${key} is not null group by 1 order by 2 desc, 1 limit ${limit}`,
    ),
  );
  return rows.map((r) => ({ key: String(r.key), value: num(r.value) }));
}

export type SumColumnInput = { table_name: string; column_name: string; conditions?: readonly ConditionInput[] };

/**
 * Spec §9 sum_column_advanced: the sum of one allow-listed column of one table over the rows that
 * match every condition, inside the site. An empty match sums to 0.
 */
export function sumColumnAdvanced(db: Db, accountId: string, input: SumColumnInput): Promise<number> {
  const query: AggregateInput = {
    table: input.table_name,
    measure: { fn: "sum", column: input.column_name },
    conditions: input.conditions ?? [],
  };
  // Checked before a transaction is opened: a refused query costs the database nothing.
  planAggregate(accountId, query);
  return withTenant(db, accountId, (tx) => total(tx, accountId, query));
}
