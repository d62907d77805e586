// Reports for the site's owner and manage_options holders: the figures of a date range, the same as
// CSV, and the spec's sum_column_advanced over the reports' allow-list (decision 0027).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  DEFAULT_REPORT_PRESET,
  presetRange,
  RANGE_MESSAGES,
  type ReportRange,
  rangeProblem,
} from "../../../../core/report-range";
import {
  OPERATORS,
  reportCsv,
  reportFileName,
  SUMMABLE,
  siteReport,
  sumColumnAdvanced,
} from "../../../modules/reports";
import type { AppEnv } from "../../env";
import { requireCap } from "../../middleware/guards";
import { ZError, errorResponses, jsonBody, newRouter, ok } from "./router";

const ZDay = z.string().max(10).openapi({ example: "2026-01-31", description: "A UTC date, YYYY-MM-DD" });

/** from and to (both or neither: the last 30 days), to on or after from, less than two years apart. */
export const ZReportQuery = z.object({ from: ZDay.optional(), to: ZDay.optional() }).superRefine((v, ctx) => {
  if (v.from === undefined && v.to === undefined) return;
  const p = rangeProblem(v.from, v.to);
  if (!p) return;
  ctx.addIssue({ code: "custom", path: [p.field], message: RANGE_MESSAGES[p.key] });
});

const ZReport = z
  .object({
    range: z.object({ from: z.string(), to: z.string() }),
    currency: z.string().openapi({ example: "USD" }),
    digits: z.number().int().openapi({ description: "Minor digits of the currency (2 for USD)" }),
    totals: z.object({
      revenue: z.number().int().openapi({ description: "Minor units: orders paid in the range and not refunded" }),
      orders: z.number().int().openapi({ description: "Orders paid in the range and not refunded" }),
      refunds: z.number().int().openapi({ description: "Orders refunded in the range" }),
      refundedAmount: z.number().int().openapi({ description: "Minor units those refunds had been paid" }),
      newMembers: z.number().int(),
      activeMembers: z.number().int().openapi({ description: "Members with at least one event in the range" }),
      enrolments: z.number().int(),
      completions: z.number().int().openapi({ description: "Enrolments whose course was finished in the range" }),
      quizGraded: z.number().int(),
      quizPassed: z.number().int(),
      quizPassRate: z
        .number()
        .int()
        .nullable()
        .openapi({ description: "Percent, rounded down; null when none graded" }),
    }),
    days: z.array(
      z.object({
        date: z.string(),
        revenue: z.number().int(),
        orders: z.number().int(),
        enrolments: z.number().int(),
        newMembers: z.number().int(),
      }),
    ),
    topCourses: z.array(z.object({ courseId: z.string(), title: z.string().nullable(), enrolments: z.number().int() })),
    topProducts: z.array(
      z.object({
        productId: z.string(),
        title: z.string().nullable(),
        revenue: z.number().int().openapi({ description: "Minor units of its order lines, before order-wide coupons" }),
      }),
    ),
    empty: z.boolean(),
  })
  .openapi("SiteReport");

export const ZSumInput = z
  .object({
    table_name: z.string().max(100).openapi({ example: "orders" }),
    column_name: z.string().max(100).openapi({ example: "total_amount" }),
    conditions: z
      .array(
        z
          .object({
            column: z.string().max(100).openapi({ example: "status" }),
            operator: z
              .string()
              .max(10)
              .openapi({ example: "eq", description: `One of ${OPERATORS.join(", ")}` }),
            value: z.unknown().openapi({ example: "paid", description: "A list for `in`" }),
          })
          .strict(),
      )
      .max(50)
      .default([]),
  })
  .strict()
  .openapi("SumColumnInput", {
    description: `Summable columns: ${SUMMABLE.join(", ")}. Anything outside the allow-list is refused with 400.`,
  });

const guard = [requireCap("manage_options")];
const tags = ["Reports"];

const r = {
  report: createRoute({
    method: "get",
    path: "/reports",
    tags,
    summary: "The site's figures for a date range (default: the last 30 days)",
    middleware: guard,
    request: { query: ZReportQuery },
    responses: { 200: ok(ZReport, "The report"), ...errorResponses },
  }),
  csv: createRoute({
    method: "get",
    path: "/reports/csv",
    tags,
    summary: "The report as a CSV download: the daily series with totals, then every figure",
    middleware: guard,
    request: { query: ZReportQuery },
    responses: {
      200: { content: { "text/csv": { schema: z.string() } }, description: "The CSV file" },
      ...errorResponses,
    },
  }),
  sum: createRoute({
    method: "post",
    path: "/reports/sum",
    tags,
    summary: "sum_column_advanced: the sum of one allow-listed column over the rows matching every condition",
    middleware: guard,
    request: { body: jsonBody(ZSumInput) },
    responses: {
      200: ok(z.object({ sum: z.number() }).openapi("SumColumnResult"), "The sum (0 when nothing matches)"),
      400: ok(ZError, "A table, column, operator or value outside the allow-list; details name it"),
      ...errorResponses,
    },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const acct = (c: Context<AppEnv>) => c.get("site").accountId;
const rangeOf = (q: { from?: string; to?: string }): ReportRange =>
  q.from && q.to ? { from: q.from, to: q.to } : presetRange(DEFAULT_REPORT_PRESET);

export const reportRoutes = newRouter()
  .openapi(r.report, async (c) => c.json(await siteReport(db(c), acct(c), rangeOf(c.req.valid("query"))), 200))
  .openapi(r.csv, async (c) => {
    const report = await siteReport(db(c), acct(c), rangeOf(c.req.valid("query")));
    return new Response(reportCsv(report), {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${reportFileName(c.get("site").slug, report)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .openapi(r.sum, async (c) => c.json({ sum: await sumColumnAdvanced(db(c), acct(c), c.req.valid("json")) }, 200));
