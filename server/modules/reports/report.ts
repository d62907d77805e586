// A site's report for a date range (decision 0027): every figure is an allow-listed aggregate
// (aggregate.ts) over the site's own rows, read in one tenant transaction so the figures agree.
import { and, eq, inArray } from "drizzle-orm";
import { currencyOf } from "../../../core/currency";
import { isUuid } from "../../../core/uuid";
import { daysOf, type ReportRange, rangeBounds } from "../../../core/report-range";
import type { Db, Tx } from "../../db/client";
import { accounts, courses, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { perDay, topBy, total } from "./aggregate";
import type { ConditionInput } from "./allow-list";

export type ReportTotals = {
  /** Minor units of `currency`: orders paid in the range and not refunded since. */
  revenue: number;
  /** Orders paid in the range and not refunded since. */
  orders: number;
  /** Orders refunded in the range, and what they had been paid (minor units). */
  refunds: number;
  refundedAmount: number;
  newMembers: number;
  /** Members who caused at least one event (a lesson, a purchase, a post…) in the range. */
  activeMembers: number;
  enrolments: number;
  /** Enrolments whose course was finished (every item complete) in the range, each counted once. */
  completions: number;
  /** Quiz attempts handed in during the range that are marked (status 3 or more), and those that passed. */
  quizGraded: number;
  quizPassed: number;
  /** quizPassed / quizGraded as a whole percentage (rounded down), null without graded attempts. */
  quizPassRate: number | null;
};

export type ReportDay = { date: string; revenue: number; orders: number; enrolments: number; newMembers: number };

export type SiteReport = {
  range: ReportRange;
  currency: string;
  /** Whether the currency has minor units, and how many (2 for USD, 0 for JPY). */
  digits: number;
  totals: ReportTotals;
  days: ReportDay[];
  topCourses: { courseId: string; title: string | null; enrolments: number }[];
  topProducts: { productId: string; title: string | null; revenue: number }[];
  /** Nothing happened in the range: no order, refund, member, activity, enrolment or attempt. */
  empty: boolean;
};

const TOP = 5;

/** The site's currency from its settings (the one its checkout charges in). */
async function currencyOfSite(tx: Tx, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  return currencyOf((row?.settings as { currency?: string } | undefined)?.currency).code;
}

const withinRange = (range: ReportRange) => {
  const { start, end } = rangeBounds(range);
  return (column: string): ConditionInput[] => [
    { column, operator: "gte", value: start },
    { column, operator: "lte", value: end },
  ];
};

/** Orders that count as sales (see Revenue in decision 0027). */
const paidOrders = (within: (column: string) => ConditionInput[], currency: string): ConditionInput[] => [
  { column: "status", operator: "eq", value: "paid" },
  { column: "currency", operator: "eq", value: currency },
  ...within("paid_at"),
];

export type SalesSeries = {
  range: ReportRange;
  currency: string;
  digits: number;
  /** Revenue (minor units) and orders per UTC day, every day of the range. */
  days: { date: string; revenue: number; orders: number }[];
  totals: { revenue: number; orders: number };
};

/** The report's daily revenue and orders alone (the dashboard home's sales chart), same definitions. */
export async function salesByDay(db: Db, accountId: string, range: ReportRange): Promise<SalesSeries> {
  const within = withinRange(range);
  return withTenant(db, accountId, async (tx) => {
    const currency = await currencyOfSite(tx, accountId);
    const paid = paidOrders(within, currency);
    const revenueByDay = await perDay(tx, accountId, {
      table: "orders",
      measure: { fn: "sum", column: "total_amount" },
      conditions: paid,
      day: "paid_at",
    });
    const ordersByDay = await perDay(tx, accountId, {
      table: "orders",
      measure: { fn: "count" },
      conditions: paid,
      day: "paid_at",
    });
    const days = daysOf(range).map((date) => ({
      date,
      revenue: revenueByDay.get(date) ?? 0,
      orders: ordersByDay.get(date) ?? 0,
    }));
    return {
      range,
      currency,
      digits: currencyOf(currency).digits,
      days,
      totals: {
        revenue: days.reduce((n, d) => n + d.revenue, 0),
        orders: days.reduce((n, d) => n + d.orders, 0),
      },
    };
  });
}

export async function siteReport(db: Db, accountId: string, range: ReportRange): Promise<SiteReport> {
  const within = withinRange(range);
  return withTenant(db, accountId, async (tx) => {
    const currency = await currencyOfSite(tx, accountId);
    const paid = paidOrders(within, currency);
    const refunded: ConditionInput[] = [
      { column: "status", operator: "eq", value: "refunded" },
      { column: "currency", operator: "eq", value: currency },
      ...within("refunded_at"),
    ];
    const graded: ConditionInput[] = [{ column: "status", operator: "gte", value: 3 }, ...within("submitted_at")];
    const count = { fn: "count" } as const;

    // One statement at a time: a transaction runs them in turn on either database anyway.
    const revenue = await total(tx, accountId, {
      table: "orders",
      measure: { fn: "sum", column: "total_amount" },
      conditions: paid,
    });
    const orders = await total(tx, accountId, { table: "orders", measure: count, conditions: paid });
    const refunds = await total(tx, accountId, { table: "orders", measure: count, conditions: refunded });
    const refundedAmount = await total(tx, accountId, {
      table: "orders",
      measure: { fn: "sum", column: "total_amount" },
      conditions: refunded,
    });
    const newMembers = await total(tx, accountId, {
      table: "members",
      measure: count,
      conditions: within("created_at"),
    });
    const activeMembers = await total(tx, accountId, {
      table: "event_outbox",
      measure: { fn: "count_distinct", column: "actor_id" },
      conditions: within("created_at"),
    });
    const enrolments = await total(tx, accountId, {
      table: "course_students",
      measure: count,
      conditions: within("created_at"),
    });
    const completions = await total(tx, accountId, {
      table: "event_outbox",
      measure: { fn: "count_distinct", column: "enrolment" },
      conditions: [{ column: "type", operator: "eq", value: "course_completed" }, ...within("created_at")],
    });
    const quizGraded = await total(tx, accountId, { table: "quiz_submissions", measure: count, conditions: graded });
    const quizPassed = await total(tx, accountId, {
      table: "quiz_submissions",
      measure: { fn: "sum", column: "passed" },
      conditions: graded,
    });

    const revenueByDay = await perDay(tx, accountId, {
      table: "orders",
      measure: { fn: "sum", column: "total_amount" },
      conditions: paid,
      day: "paid_at",
    });
    const ordersByDay = await perDay(tx, accountId, {
      table: "orders",
      measure: count,
      conditions: paid,
      day: "paid_at",
    });
    const enrolmentsByDay = await perDay(tx, accountId, {
      table: "course_students",
      measure: count,
      conditions: within("created_at"),
      day: "created_at",
    });
    const membersByDay = await perDay(tx, accountId, {
      table: "members",
      measure: count,
      conditions: within("created_at"),
      day: "created_at",
    });

    const topCourseRows = await topBy(tx, accountId, {
      table: "course_students",
      measure: count,
      conditions: within("created_at"),
      key: "course_id",
      limit: TOP,
    });
    const topProductRows = await topBy(tx, accountId, {
      table: "order_items",
      measure: { fn: "sum", column: "line_total" },
      conditions: paid,
      key: "product_id",
      limit: TOP,
    });
    const courseTitles = await titles(
      tx,
      accountId,
      "courses",
      topCourseRows.map((r) => r.key),
    );
    const productTitles = await titles(
      tx,
      accountId,
      "products",
      topProductRows.map((r) => r.key),
    );

    const totals: ReportTotals = {
      revenue,
      orders,
      refunds,
      refundedAmount,
      newMembers,
      activeMembers,
      enrolments,
      completions,
      quizGraded,
      quizPassed,
      quizPassRate: quizGraded > 0 ? Math.floor((quizPassed / quizGraded) * 100) : null,
    };
    return {
      range,
      currency,
      digits: currencyOf(currency).digits,
      totals,
      days: daysOf(range).map((date) => ({
        date,
        revenue: revenueByDay.get(date) ?? 0,
        orders: ordersByDay.get(date) ?? 0,
        enrolments: enrolmentsByDay.get(date) ?? 0,
        newMembers: membersByDay.get(date) ?? 0,
      })),
      topCourses: topCourseRows.map((r) => ({
        courseId: r.key,
        title: courseTitles.get(r.key) ?? null,
        enrolments: r.value,
      })),
      topProducts: topProductRows.map((r) => ({
        productId: r.key,
        title: productTitles.get(r.key) ?? null,
        revenue: r.value,
      })),
      empty: orders + refunds + newMembers + activeMembers + enrolments + quizGraded === 0,
    };
  });
}

/** Names of the top lists' courses or products (a deleted one has none). */
async function titles(tx: Tx, accountId: string, kind: "courses" | "products", ids: string[]) {
  const valid = ids.filter((id) => isUuid(id));
  if (valid.length === 0) return new Map<string, string>();
  const table = kind === "courses" ? courses : products;
  const rows = await tx
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, valid)));
  return new Map(rows.map((r) => [r.id, r.title]));
}
