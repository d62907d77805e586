// Staff: every site with its plan, subscription and usage; changing a site's plan, extending its
// trial, suspending and restoring it; account owners; the audit log; the scheduled jobs. Platform
// staff on the platform's own host only: anyone else, and any site's host, gets 403.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { BILLING_PERIODS } from "../../../../core/plan-types";
import { siteBilling, siteSuspension } from "../../../modules/billing";
import {
  ACCOUNT_STATUSES,
  AUDIT_ACTIONS,
  staffAccounts,
  staffAudit,
  staffCrons,
  staffOwners,
} from "../../../modules/staff";
import type { AppEnv } from "../../env";
import { requireStaff } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const actorOf = (c: Context<AppEnv>) => {
  const user = c.get("user")!;
  return { userId: user.id, email: user.email };
};
const db = (c: Context<AppEnv>) => c.get("platform").database.db;

const ZUsage = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
const ZPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });

const ZAccountItem = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    slug: z.string(),
    domain: z.string().nullable(),
    owner: ZPerson.nullable(),
    planId: z.string().nullable(),
    planLabel: z.string().nullable(),
    status: z
      .string()
      .nullable()
      .openapi({ description: "The subscription's status (trialing, active, past_due, canceled)" }),
    suspended: z.boolean(),
    trialEndsAt: z.string().nullable(),
    renewsAt: z.string().nullable(),
    requestedPlanId: z.string().nullable(),
    members: ZUsage,
    mau: ZUsage.openapi({ description: "Members active this month" }),
    createdAt: z.string(),
  })
  .openapi("StaffAccount");

const ZSubscription = z
  .object({
    planId: z.string(),
    period: z.string(),
    status: z.string(),
    provider: z.string(),
    trialEndsAt: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    requestedPlanId: z.string().nullable(),
    requestedPeriod: z.string().nullable(),
    requestedAt: z.string().nullable(),
  })
  .openapi("SiteSubscription");

const ZSuspension = z
  .object({ reason: z.string(), suspendedByEmail: z.string(), suspendedAt: z.string() })
  .openapi("SiteSuspension");

const ZUsageLine = z.object({ key: z.string(), used: z.number(), limit: z.number().nullable() });
const ZAccountDetail = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    slug: z.string(),
    domain: z.string().nullable(),
    owner: ZPerson.nullable(),
    planId: z.string().nullable(),
    planLabel: z.string().nullable(),
    subscription: ZSubscription.nullable(),
    suspension: ZSuspension.nullable(),
    usage: z.object({ period: z.string(), meters: z.array(ZUsageLine), holdings: z.array(ZUsageLine) }),
  })
  .openapi("StaffAccountDetail");

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof siteBilling.of>>>;
const subscriptionJson = (s: SubscriptionRow) => ({
  planId: s.planId,
  period: s.period,
  status: s.status,
  provider: s.provider,
  trialEndsAt: iso(s.trialEndsAt),
  currentPeriodEnd: iso(s.currentPeriodEnd),
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  requestedPlanId: s.requestedPlanId,
  requestedPeriod: s.requestedPeriod,
  requestedAt: iso(s.requestedAt),
});

async function detailJson(c: Context<AppEnv>, id: string) {
  const d = await staffAccounts.detail(db(c), id);
  return {
    ...d,
    subscription: d.subscription ? subscriptionJson(d.subscription) : null,
    suspension: d.suspension
      ? {
          reason: d.suspension.reason,
          suspendedByEmail: d.suspension.suspendedByEmail,
          suspendedAt: d.suspension.suspendedAt.toISOString(),
        }
      : null,
  };
}

const ZAccountQuery = ZPage.extend({
  q: z.string().max(200).optional().openapi({ description: "Title, address, domain or owner e-mail" }),
  plan: z.string().uuid().optional().openapi({ description: "A plan id" }),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});

const listAccounts = createRoute({
  method: "get",
  path: "/staff/accounts",
  tags: ["Staff"],
  summary: "Every site, newest first, with plan, subscription and usage",
  description:
    "What the staff Accounts screen and Billing › Subscriptions list: each site's plan, subscription status, trial end and renewal, filtered by plan or status.",
  middleware: [requireStaff()] as const,
  request: { query: ZAccountQuery },
  responses: {
    200: ok(z.object({ items: z.array(ZAccountItem), total: z.number().int() }), "A page"),
    ...errorResponses,
  },
});

const getAccount = createRoute({
  method: "get",
  path: "/staff/accounts/{id}",
  tags: ["Staff"],
  summary: "One site: subscription, pending plan request, suspension, usage against the plan's limits",
  middleware: [requireStaff()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZAccountDetail, "The site"), ...errorResponses },
});

const ZChangePlan = z
  .object({ planId: z.string().uuid(), period: z.enum(BILLING_PERIODS) })
  .strict()
  .openapi("StaffChangePlan");
const changePlan = createRoute({
  method: "post",
  path: "/staff/accounts/{id}/plan",
  tags: ["Staff"],
  summary: "Put the site on a plan (paid offline), effective at once; audited",
  middleware: [requireStaff()] as const,
  request: { params: ZUuidParam, body: jsonBody(ZChangePlan) },
  responses: { 200: ok(ZAccountDetail, "The site after the change"), ...errorResponses },
});

const ZExtendTrial = z
  .object({ days: z.number().int().min(1).max(365) })
  .strict()
  .openapi("StaffExtendTrial");
const extendTrial = createRoute({
  method: "post",
  path: "/staff/accounts/{id}/trial",
  tags: ["Staff"],
  summary: "Give a trialing site more days; audited",
  middleware: [requireStaff()] as const,
  request: { params: ZUuidParam, body: jsonBody(ZExtendTrial) },
  responses: {
    200: ok(ZAccountDetail, "The site after the change"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Not on trial"),
    ...errorResponses,
  },
});

const ZReason = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .strict()
  .openapi("StaffReason");
const suspend = createRoute({
  method: "post",
  path: "/staff/accounts/{id}/suspend",
  tags: ["Staff"],
  summary: "Suspend the site: its pages answer 503 and its API 403 site_suspended; audited",
  middleware: [requireStaff()] as const,
  request: { params: ZUuidParam, body: jsonBody(ZReason) },
  responses: {
    200: ok(ZAccountDetail, "The site, suspended"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Suspended already"),
    ...errorResponses,
  },
});
const restore = createRoute({
  method: "post",
  path: "/staff/accounts/{id}/restore",
  tags: ["Staff"],
  summary: "Lift the site's suspension; it answers again at once; audited",
  middleware: [requireStaff()] as const,
  request: { params: ZUuidParam, body: jsonBody(ZReason) },
  responses: {
    200: ok(ZAccountDetail, "The site, restored"),
    409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Not suspended"),
    ...errorResponses,
  },
});

const ZOwner = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    joinedAt: z.string(),
    sites: z.number().int(),
    plans: z.array(z.string()).openapi({ description: "Plans of their sites, most sites first" }),
  })
  .openapi("StaffOwner");
const listOwners = createRoute({
  method: "get",
  path: "/staff/owners",
  tags: ["Staff"],
  summary: "People who own at least one site",
  description:
    "What the staff Accounts › Owners screen and Billing › Customers list: each owner with how many sites they have and those sites' plans.",
  middleware: [requireStaff()] as const,
  request: { query: ZPage.extend({ q: z.string().max(200).optional() }) },
  responses: { 200: ok(z.object({ items: z.array(ZOwner), total: z.number().int() }), "A page"), ...errorResponses },
});

const ZAuditEntry = z
  .object({
    id: z.string().uuid(),
    actorEmail: z.string(),
    action: z.string(),
    siteId: z.string().uuid().nullable(),
    siteSlug: z.string().nullable(),
    siteTitle: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");
const listAudit = createRoute({
  method: "get",
  path: "/staff/audit",
  tags: ["Staff"],
  summary: "The staff audit log, newest first",
  middleware: [requireStaff()] as const,
  request: {
    query: ZPage.extend({ site: z.string().uuid().optional(), action: z.enum(AUDIT_ACTIONS).optional() }),
  },
  responses: {
    200: ok(z.object({ items: z.array(ZAuditEntry), total: z.number().int() }), "A page"),
    ...errorResponses,
  },
});

const ZCron = z
  .object({
    name: z.string(),
    cron: z.string(),
    lastRun: z
      .object({
        state: z.string(),
        queuedAt: z.string(),
        startedAt: z.string().nullable(),
        finishedAt: z.string().nullable(),
        error: z.string().nullable(),
      })
      .nullable(),
    nextRunAt: z.string().nullable(),
  })
  .openapi("CronJob");
const listCrons = createRoute({
  method: "get",
  path: "/staff/crons",
  tags: ["Staff"],
  summary: "Every scheduled job: schedule (UTC), latest run and next run",
  middleware: [requireStaff()] as const,
  responses: {
    200: ok(z.object({ running: z.boolean(), items: z.array(ZCron) }), "The schedules"),
    ...errorResponses,
  },
});
const runCron = createRoute({
  method: "post",
  path: "/staff/crons/{name}/run",
  tags: ["Staff"],
  summary: "Queue a scheduled job now; audited",
  middleware: [requireStaff()] as const,
  request: {
    params: z.object({
      name: z
        .string()
        .max(100)
        .openapi({ param: { name: "name", in: "path" } }),
    }),
  },
  responses: { 202: ok(z.object({ jobId: z.string() }), "Queued"), ...errorResponses },
});

export const staffAccountRoutes = newRouter()
  .openapi(listAccounts, async (c) => {
    const { page, per_page, q, plan, status } = c.req.valid("query");
    const r = await staffAccounts.list(db(c), { q, planId: plan, status, page, perPage: per_page });
    return c.json(r, 200);
  })
  .openapi(getAccount, async (c) => c.json(await detailJson(c, c.req.valid("param").id), 200))
  .openapi(changePlan, async (c) => {
    const { id } = c.req.valid("param");
    await staffAccounts.detail(db(c), id);
    await siteBilling.changePlan(db(c), id, c.req.valid("json"), actorOf(c));
    return c.json(await detailJson(c, id), 200);
  })
  .openapi(extendTrial, async (c) => {
    const { id } = c.req.valid("param");
    await staffAccounts.detail(db(c), id);
    await siteBilling.extendTrial(db(c), id, c.req.valid("json").days, actorOf(c));
    return c.json(await detailJson(c, id), 200);
  })
  .openapi(suspend, async (c) => {
    const { id } = c.req.valid("param");
    await siteSuspension.suspend(db(c), id, c.req.valid("json"), actorOf(c));
    return c.json(await detailJson(c, id), 200);
  })
  .openapi(restore, async (c) => {
    const { id } = c.req.valid("param");
    await siteSuspension.restore(db(c), id, c.req.valid("json"), actorOf(c));
    return c.json(await detailJson(c, id), 200);
  })
  .openapi(listOwners, async (c) => {
    const { page, per_page, q } = c.req.valid("query");
    return c.json(await staffOwners.list(db(c), { q, page, perPage: per_page }), 200);
  })
  .openapi(listAudit, async (c) => {
    const { page, per_page, site, action } = c.req.valid("query");
    return c.json(await staffAudit.list(db(c), { siteId: site, action, page, perPage: per_page }), 200);
  })
  .openapi(listCrons, async (c) => c.json(await staffCrons.list(db(c)), 200))
  .openapi(runCron, async (c) => c.json(await staffCrons.runNow(db(c), c.req.valid("param").name, actorOf(c)), 202));
