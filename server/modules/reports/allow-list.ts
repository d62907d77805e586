// What a report may add up, and how it may filter (decision 0027). A caller names a table, a
// column and conditions as plain strings; only the pairs listed here become SQL, written from the
// fragments below, never from the caller's text. Values travel as parameters. Anything not listed
// is refused with a 400 that names the field and the problem.
import { type SQL, sql } from "drizzle-orm";
import { isUuid } from "../../../core/uuid";
import { courseStudents, eventOutbox, members, orders, quizSubmissions } from "../../db/schema";
import { AppError } from "../../errors";

export const OPERATORS = ["eq", "gte", "lte", "in"] as const;
export type Operator = (typeof OPERATORS)[number];

type ValueKind = "number" | "text" | "uuid" | "timestamp";

type AllowedColumn = {
  expr: SQL;
  kind: ValueKind;
  /** May be summed (sum_column_advanced). */
  sum?: true;
  /** The operators a condition on it may use; none = it cannot be a condition. */
  ops?: readonly Operator[];
  /** May be counted once per value, or grouped by (top lists). */
  key?: true;
  /** A moment rows may be grouped by day on. */
  day?: true;
};

type AllowedTable = { from: SQL; accountId: SQL; columns: Record<string, AllowedColumn> };

const ALL: readonly Operator[] = OPERATORS;
const MATCH: readonly Operator[] = ["eq", "in"];
const RANGE: readonly Operator[] = ["gte", "lte"];

const money = (expr: SQL): AllowedColumn => ({ expr, kind: "number", sum: true, ops: ALL });
const moment = (expr: SQL): AllowedColumn => ({ expr, kind: "timestamp", ops: RANGE, day: true });
const label = (expr: SQL, key = false): AllowedColumn => ({
  expr,
  kind: "text",
  ops: MATCH,
  ...(key && { key: true }),
});
const ref = (expr: SQL): AllowedColumn => ({ expr, kind: "uuid", ops: MATCH, key: true });

// What an order's lines share with the order itself (the lines are read through their order).
const orderFilters = {
  status: label(sql`${orders.status}`),
  currency: label(sql`${orders.currency}`),
  provider: label(sql`${orders.provider}`),
  created_at: moment(sql`${orders.createdAt}`),
  paid_at: moment(sql`${orders.paidAt}`),
  refunded_at: moment(sql`${orders.refundedAt}`),
};

// A quiz attempt passes when its percentage (rounded down; a quiz worth nothing is 100) reaches the
// quiz's pass mark, as core/quiz.ts isPassed decides on the screens.
const passMark = sql`(select case when jsonb_typeof(q.settings -> 'passMark') = 'number'
    then (q.settings ->> 'passMark')::numeric end
  from quizzes q where q.account_id = ${quizSubmissions.accountId} and q.id = ${quizSubmissions.quizId})`;
const passed = sql`(case when coalesce(${quizSubmissions.maxMarks}, 0) <= 0 then 100
    else floor(coalesce(${quizSubmissions.marks}, 0) * 100.0 / ${quizSubmissions.maxMarks}) end
  >= coalesce(${passMark}, 0))::int`;

export const ALLOW_LIST: Record<string, AllowedTable> = {
  orders: {
    from: sql`${orders}`,
    accountId: sql`${orders.accountId}`,
    columns: {
      total_amount: money(sql`${orders.totalAmount}`),
      subtotal: money(sql`${orders.subtotal}`),
      discount: money(sql`${orders.discount}`),
      user_id: label(sql`${orders.userId}`, true),
      coupon_id: ref(sql`${orders.couponId}`),
      ...orderFilters,
    },
  },
  /** One row per line of an order: a product, its price and quantity (before order-wide coupons). */
  order_items: {
    from: sql`${orders} cross join lateral jsonb_array_elements(${orders.items}) as item`,
    accountId: sql`${orders.accountId}`,
    columns: {
      line_total: money(sql`((item ->> 'amount')::bigint * (item ->> 'quantity')::bigint)`),
      quantity: money(sql`(item ->> 'quantity')::bigint`),
      product_id: label(sql`(item ->> 'productId')`, true),
      ...orderFilters,
    },
  },
  course_students: {
    from: sql`${courseStudents}`,
    accountId: sql`${courseStudents.accountId}`,
    columns: {
      progress: money(sql`${courseStudents.progress}`),
      marks: money(sql`${courseStudents.marks}`),
      status: { expr: sql`${courseStudents.status}`, kind: "number", ops: ALL },
      course_id: ref(sql`${courseStudents.courseId}`),
      student_id: label(sql`${courseStudents.studentId}`, true),
      created_at: moment(sql`${courseStudents.createdAt}`),
      start_at: moment(sql`${courseStudents.startAt}`),
    },
  },
  quiz_submissions: {
    from: sql`${quizSubmissions}`,
    accountId: sql`${quizSubmissions.accountId}`,
    columns: {
      marks: money(sql`${quizSubmissions.marks}`),
      max_marks: money(sql`${quizSubmissions.maxMarks}`),
      /** 1 for an attempt that reached its quiz's pass mark, else 0: its sum is the attempts passed. */
      passed: money(passed),
      status: { expr: sql`${quizSubmissions.status}`, kind: "number", ops: ALL },
      quiz_id: ref(sql`${quizSubmissions.quizId}`),
      course_id: ref(sql`${quizSubmissions.courseId}`),
      student_id: label(sql`${quizSubmissions.studentId}`, true),
      started_at: moment(sql`${quizSubmissions.startedAt}`),
      submitted_at: moment(sql`${quizSubmissions.submittedAt}`),
    },
  },
  members: {
    from: sql`${members}`,
    accountId: sql`${members.accountId}`,
    columns: {
      user_id: label(sql`${members.userId}`, true),
      role_id: ref(sql`${members.roleId}`),
      created_at: moment(sql`${members.createdAt}`),
    },
  },
  /** The site's domain events (course_completed, payment_success, …): what its members did. */
  event_outbox: {
    from: sql`${eventOutbox}`,
    accountId: sql`${eventOutbox.accountId}`,
    columns: {
      type: label(sql`${eventOutbox.type}`),
      actor_id: label(sql`${eventOutbox.actorId}`, true),
      /** The enrolment a course event is about, so one student finishing one course counts once. */
      enrolment: label(
        sql`((${eventOutbox.payload} ->> 'courseId') || ':' || (${eventOutbox.payload} ->> 'studentId'))`,
        true,
      ),
      created_at: moment(sql`${eventOutbox.createdAt}`),
    },
  },
};

/** The (table, column) pairs that may be summed, for the API's description and error messages. */
export const SUMMABLE = Object.entries(ALLOW_LIST).flatMap(([table, t]) =>
  Object.entries(t.columns)
    .filter(([, c]) => c.sum)
    .map(([column]) => `${table}.${column}`),
);

export type ConditionInput = { column: string; operator: string; value: unknown };

export type Measure = { fn: "sum"; column: string } | { fn: "count" } | { fn: "count_distinct"; column: string };

export type AggregateInput = {
  table: string;
  measure: Measure;
  conditions?: readonly ConditionInput[];
};

/** A checked aggregate, ready to run: the source, what to compute, and every filter (the site's first). */
export type AggregatePlan = { table: AllowedTable; measure: SQL; where: SQL };

export const MAX_CONDITIONS = 20;
export const MAX_IN_VALUES = 100;

const refuse = (field: string, message: string): never => {
  throw new AppError("bad_request", message, [{ field, message }]);
};

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function checkValue(kind: ValueKind, value: unknown, field: string): string | number {
  switch (kind) {
    case "number":
      if (typeof value === "number" && Number.isFinite(value)) return value;
      return refuse(field, `${field} must be a number`);
    case "text":
      if (typeof value === "string" && value.length <= 200) return value;
      return refuse(field, `${field} must be a text of at most 200 characters`);
    case "uuid":
      if (typeof value === "string" && isUuid(value)) return value;
      return refuse(field, `${field} must be an id (UUID)`);
    case "timestamp":
      if (typeof value === "string" && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return value;
      return refuse(field, `${field} must be a date or an ISO 8601 timestamp`);
  }
}

export function allowedTable(name: string, field = "table_name"): AllowedTable {
  const table = Object.hasOwn(ALLOW_LIST, name) ? ALLOW_LIST[name] : undefined;
  if (!table) return refuse(field, `Table "${name}" is not one reports may read`);
  return table;
}

function allowedColumn(table: AllowedTable, tableName: string, name: string, field: string): AllowedColumn {
  const column = Object.hasOwn(table.columns, name) ? table.columns[name] : undefined;
  if (!column) return refuse(field, `Column "${name}" of table "${tableName}" is not one reports may read`);
  return column;
}

/** The column to group rows by day on; it must be one of the table's moments. */
export function dayColumn(tableName: string, name: string): SQL {
  const column = allowedColumn(allowedTable(tableName), tableName, name, "day");
  if (!column.day) refuse("day", `Column "${name}" of table "${tableName}" is not a date rows can be grouped on`);
  return column.expr;
}

/** The column to group rows by for a top list; it must be a key of the table. */
export function keyColumn(tableName: string, name: string): SQL {
  const column = allowedColumn(allowedTable(tableName), tableName, name, "group");
  if (!column.key) refuse("group", `Column "${name}" of table "${tableName}" cannot be grouped by`);
  return column.expr;
}

function condition(table: AllowedTable, tableName: string, c: ConditionInput, i: number): SQL {
  const at = `conditions.${i}`;
  if (typeof c !== "object" || c === null) return refuse(at, `${at} must be { column, operator, value }`);
  const column = allowedColumn(table, tableName, String(c.column), `${at}.column`);
  const op = String(c.operator);
  if (!(OPERATORS as readonly string[]).includes(op)) {
    return refuse(`${at}.operator`, `Operator "${op}" is not one of ${OPERATORS.join(", ")}`);
  }
  if (!column.ops?.includes(op as Operator)) {
    const allowed = column.ops?.length ? `only ${column.ops.join(", ")}` : "no condition";
    return refuse(`${at}.operator`, `Column "${c.column}" takes ${allowed}, not "${op}"`);
  }
  if (op === "in") {
    const values = c.value;
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_IN_VALUES) {
      return refuse(`${at}.value`, `${at}.value must be a list of 1 to ${MAX_IN_VALUES} values`);
    }
    const checked = values.map((v, j) => checkValue(column.kind, v, `${at}.value.${j}`));
    return sql`${column.expr} in (${sql.join(
      checked.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  }
  const value = checkValue(column.kind, c.value, `${at}.value`);
  const bound = column.kind === "timestamp" ? sql`${value}::timestamptz` : sql`${value}`;
  if (op === "eq") return sql`${column.expr} = ${bound}`;
  if (op === "gte") return sql`${column.expr} >= ${bound}`;
  return sql`${column.expr} <= ${bound}`;
}

/**
 * Checks an aggregate against the allow-list and builds it, with the site's own account id as its
 * first condition (row-level security applies as well: the two must agree for a row to count).
 */
export function planAggregate(accountId: string, input: AggregateInput): AggregatePlan {
  const table = allowedTable(input.table);
  let measure: SQL;
  if (input.measure.fn === "count") measure = sql`count(*)`;
  else {
    const column = allowedColumn(table, input.table, input.measure.column, "column_name");
    if (input.measure.fn === "sum") {
      if (!column.sum)
        refuse("column_name", `Column "${input.measure.column}" of table "${input.table}" cannot be summed`);
      measure = sql`sum(${column.expr})`;
    } else {
      if (!column.key) {
        refuse("column_name", `Column "${input.measure.column}" of table "${input.table}" cannot be counted by value`);
      }
      measure = sql`count(distinct ${column.expr})`;
    }
  }
  const conditions = input.conditions ?? [];
  if (!Array.isArray(conditions)) return refuse("conditions", "conditions must be a list");
  if (conditions.length > MAX_CONDITIONS) refuse("conditions", `At most ${MAX_CONDITIONS} conditions`);
  const where = [
    sql`${table.accountId} = ${accountId}::uuid`,
    ...conditions.map((c, i) => condition(table, input.table, c, i)),
  ];
  return { table, measure, where: sql.join(where, sql` and `) };
}
