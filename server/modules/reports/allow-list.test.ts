import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { type AggregateInput, dayColumn, keyColumn, planAggregate, SUMMABLE } from "./allow-list";

const SITE = "6f1c1d9e-2f4b-4c1a-9a51-0d7c9b1e2a3f";
const dialect = new PgDialect();
const sum = (table: string, column: string, conditions: AggregateInput["conditions"] = []): AggregateInput => ({
  table,
  measure: { fn: "sum", column },
  conditions,
});

/** The 400 a refused aggregate raises: its field and message. */
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.status).toBe(400);
    return { field: (e.details as { field: string }[])[0].field, message: e.message };
  }
  throw new Error("expected the aggregate to be refused");
}

describe("reports allow-list", () => {
  it("sums an allowed column with the site's account id first and every value as a parameter", () => {
    const plan = planAggregate(
      SITE,
      sum("orders", "total_amount", [
        { column: "status", operator: "in", value: ["paid", "refunded"] },
        { column: "paid_at", operator: "gte", value: "2026-01-01T00:00:00Z" },
        { column: "total_amount", operator: "lte", value: 5000 },
      ]),
    );
    const q = dialect.sqlToQuery(plan.where);
    expect(q.sql.startsWith('"orders"."account_id" = $1::uuid and ')).toBe(true);
    expect(q.params).toEqual([SITE, "paid", "refunded", "2026-01-01T00:00:00Z", 5000]);
    expect(dialect.sqlToQuery(plan.measure).sql).toBe('sum("orders"."total_amount")');
  });

  it("refuses a table that is not listed, naming it", () => {
    expect(refusal(() => planAggregate(SITE, sum("users", "id")))).toEqual({
      field: "table_name",
      message: 'Table "users" is not one reports may read',
    });
    // A listed column name on an unlisted table, or SQL in the name, is the same refusal.
    expect(refusal(() => planAggregate(SITE, sum("accounts", "total_amount"))).field).toBe("table_name");
    expect(refusal(() => planAggregate(SITE, sum("orders; drop table orders", "total_amount"))).field).toBe(
      "table_name",
    );
    expect(refusal(() => planAggregate(SITE, sum("__proto__", "total_amount"))).field).toBe("table_name");
  });

  it("refuses a column that is not listed, or one that cannot be summed", () => {
    expect(refusal(() => planAggregate(SITE, sum("orders", "provider_ref")))).toEqual({
      field: "column_name",
      message: 'Column "provider_ref" of table "orders" is not one reports may read',
    });
    expect(refusal(() => planAggregate(SITE, sum("orders", "status")))).toEqual({
      field: "column_name",
      message: 'Column "status" of table "orders" cannot be summed',
    });
    expect(refusal(() => planAggregate(SITE, sum("orders", "account_id"))).field).toBe("column_name");
    expect(refusal(() => planAggregate(SITE, sum("orders", "toString"))).field).toBe("column_name");
  });

  it("refuses an unknown operator, or one the column does not take", () => {
    const op = (column: string, operator: string, value: unknown) =>
      refusal(() => planAggregate(SITE, sum("orders", "total_amount", [{ column, operator, value }])));
    expect(op("status", "like", "p%")).toEqual({
      field: "conditions.0.operator",
      message: 'Operator "like" is not one of eq, gte, lte, in',
    });
    expect(op("status", "gte", "paid")).toEqual({
      field: "conditions.0.operator",
      message: 'Column "status" takes only eq, in, not "gte"',
    });
    expect(op("paid_at", "eq", "2026-01-01")).toMatchObject({ field: "conditions.0.operator" });
    expect(op("items", "eq", "x")).toMatchObject({ field: "conditions.0.column" });
  });

  it("refuses a value of the wrong kind", () => {
    const value = (column: string, operator: string, v: unknown) =>
      refusal(() => planAggregate(SITE, sum("orders", "total_amount", [{ column, operator, value: v }])));
    expect(value("total_amount", "gte", "100")).toEqual({
      field: "conditions.0.value",
      message: "conditions.0.value must be a number",
    });
    expect(value("paid_at", "gte", "yesterday").field).toBe("conditions.0.value");
    expect(value("coupon_id", "eq", "not-a-uuid").field).toBe("conditions.0.value");
    expect(value("status", "in", []).field).toBe("conditions.0.value");
    expect(value("status", "in", "paid").field).toBe("conditions.0.value");
    expect(value("status", "in", ["paid", 3]).field).toBe("conditions.0.value.1");
    expect(value("status", "eq", { $ne: 1 }).field).toBe("conditions.0.value");
  });

  it("limits the number of conditions", () => {
    const many = Array.from({ length: 21 }, () => ({ column: "status", operator: "eq", value: "paid" }));
    expect(refusal(() => planAggregate(SITE, sum("orders", "total_amount", many))).field).toBe("conditions");
  });

  it("counts distinct values and groups only on the columns listed for it", () => {
    expect(() =>
      planAggregate(SITE, { table: "event_outbox", measure: { fn: "count_distinct", column: "actor_id" } }),
    ).not.toThrow();
    expect(
      refusal(() => planAggregate(SITE, { table: "orders", measure: { fn: "count_distinct", column: "paid_at" } }))
        .field,
    ).toBe("column_name");
    expect(() => dayColumn("orders", "paid_at")).not.toThrow();
    expect(refusal(() => dayColumn("orders", "total_amount")).field).toBe("day");
    expect(() => keyColumn("order_items", "product_id")).not.toThrow();
    expect(refusal(() => keyColumn("orders", "status")).field).toBe("group");
  });

  it("lists what may be summed", () => {
    expect(SUMMABLE).toContain("orders.total_amount");
    expect(SUMMABLE).toContain("quiz_submissions.passed");
    expect(SUMMABLE).not.toContain("orders.status");
  });
});
