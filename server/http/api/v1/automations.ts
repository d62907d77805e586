// The site's automations (spec §3, §5, §9; decision 0047) for its managers, with the marketing plan
// feature `forms` (403 plan_required without it): the definitions, their run log, a manual run on
// chosen members and a run again. Another site's ids are not found; a bad argument is a 422 naming
// its path with the error key the editor shows (`actions.0.args.email_template: required`).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ACTION_ARGS,
  ACTION_KEYS,
  AUTOMATION_TRIGGERS,
  CONDITION_ARGS,
  CONDITION_KEYS,
  TRIGGER_ARGS,
} from "../../../../core/automations";
import {
  AUTOMATION_RUN_STATUSES,
  automationRunLog,
  automations,
  MAX_MANUAL_MEMBERS,
} from "../../../modules/automations";
import type { AppEnv } from "../../env";
import { requireCap, requirePlanFeature } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

type Keyed = Record<string, z.ZodType>;
const keyed = (keys: readonly string[], args: Keyed, name: string) => {
  const [first, ...rest] = keys.map((key) => z.object({ key: z.literal(key), args: args[key] }).strict());
  return z.discriminatedUnion("key", [first, ...rest]).openapi(name);
};

const ZCondition = keyed(CONDITION_KEYS, CONDITION_ARGS, "AutomationCondition");
const ZAction = keyed(ACTION_KEYS, ACTION_ARGS, "AutomationAction");
// A fresh object around core's shape: schemas made before this module loaded have no .openapi().
const ZTriggerArgs = z.object(TRIGGER_ARGS.time_delay.shape).openapi("AutomationDelay", {
  description: "time_delay only: the event it waits for and the delay in minutes",
});
const ZStatus = z.enum(["active", "paused"]);

const ZAutomationInput = z
  .object({
    name: z.string().max(200),
    trigger: z.enum(AUTOMATION_TRIGGERS),
    triggerArgs: ZTriggerArgs.nullable().optional(),
    conditions: z.array(ZCondition).max(20).optional().openapi({ description: "All must hold (none: always)" }),
    actions: z.array(ZAction).min(1).max(20).openapi({ description: "Run in order" }),
    status: ZStatus.optional(),
  })
  .strict()
  .openapi("AutomationInput");
const ZAutomationPatch = ZAutomationInput.partial().strict().openapi("AutomationPatch");

const ZAutomation = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    trigger: z.enum(AUTOMATION_TRIGGERS),
    triggerArgs: ZTriggerArgs.nullable(),
    conditions: z.array(ZCondition),
    actions: z.array(ZAction),
    status: ZStatus,
    createdAt: z.string(),
    updatedAt: z.string(),
    stats: z
      .object({
        runs30d: z.number().int(),
        succeeded: z.number().int(),
        failed: z.number().int(),
        skipped: z.number().int(),
        lastRunAt: z.string().nullable(),
      })
      .openapi({ description: "Runs of the last 30 days and how they ended; the latest run's time" }),
  })
  .openapi("Automation");

const ZRun = z
  .object({
    id: z.string().uuid(),
    automationId: z.string().uuid(),
    trigger: z.string(),
    status: z.enum(AUTOMATION_RUN_STATUSES),
    person: z.object({ userId: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
    failedConditions: z.array(z.object({ index: z.number().int(), key: z.string(), reason: z.string() })),
    actionResults: z.array(
      z.object({
        key: z.string(),
        status: z.enum(["pending", "ok", "error"]),
        message: z.string().optional(),
        attempts: z.number().int(),
        at: z.string().optional(),
      }),
    ),
    rerunOf: z.string().uuid().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    runAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .openapi("AutomationRun");

const ZRunQuery = z.object({
  status: z.enum(AUTOMATION_RUN_STATUSES).optional(),
  cursor: z.string().max(200).optional().openapi({ description: "nextCursor of the previous page" }),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

const ZRequestId = z
  .string()
  .openapi({ description: "A UUID the client makes once per intent; a retry sends it again" });
const ZManualRun = z
  .object({ userIds: z.array(z.string().max(100)).min(1).max(MAX_MANUAL_MEMBERS), requestId: ZRequestId })
  .strict()
  .openapi("AutomationManualRun");
const ZRerun = z.object({ requestId: ZRequestId }).strict().openapi("AutomationRerun");

// Not z.uuid(): a malformed id is a 400 from the service, like everywhere an id is looked up.
const idParam = (name: string) => z.object({ [name]: z.string().openapi({ param: { name, in: "path" } }) });
const one = { params: idParam("id") };

const managers = [requireCap("manage_options"), requirePlanFeature("forms")];
const tags = ["Automations"];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Not now") };

const r = {
  list: createRoute({
    method: "get",
    path: "/automations",
    tags,
    summary: "The site's automations, newest first, with their runs of the last 30 days",
    middleware: managers,
    responses: { 200: ok(z.object({ items: z.array(ZAutomation) }), "The automations"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/automations",
    tags,
    summary: "Create an automation: a trigger, conditions that must all hold, and actions",
    middleware: managers,
    request: { body: jsonBody(ZAutomationInput) },
    responses: { 201: ok(ZAutomation, "Created"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/automations/{id}",
    tags,
    summary: "One automation",
    middleware: managers,
    request: one,
    responses: { 200: ok(ZAutomation, "The automation"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/automations/{id}",
    tags,
    summary: "Change an automation or pause/resume it (past runs are not touched)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZAutomationPatch) },
    responses: { 200: ok(ZAutomation, "The automation"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/automations/{id}",
    tags,
    summary: "Remove an automation and its run log",
    middleware: managers,
    request: one,
    responses: { 204: { description: "Removed" }, ...errorResponses },
  }),
  runs: createRoute({
    method: "get",
    path: "/automations/{id}/runs",
    tags,
    summary: "The automation's runs, newest first, a page at a time",
    middleware: managers,
    request: { ...one, query: ZRunQuery },
    responses: {
      200: ok(z.object({ items: z.array(ZRun), nextCursor: z.string().nullable() }), "A page of runs"),
      ...errorResponses,
    },
  }),
  run: createRoute({
    method: "post",
    path: "/automations/{id}/run",
    tags,
    summary: "Run a manual automation on chosen members (one run each; the same requestId again makes none)",
    middleware: managers,
    request: { ...one, body: jsonBody(ZManualRun) },
    responses: {
      200: ok(z.object({ created: z.number().int() }), "How many runs were made"),
      ...errorResponses,
      ...conflict,
    },
  }),
  rerun: createRoute({
    method: "post",
    path: "/automation-runs/{runId}/rerun",
    tags,
    summary: "Run a run again with the same payload (the same requestId again makes none)",
    middleware: managers,
    request: { params: idParam("runId"), body: jsonBody(ZRerun) },
    responses: { 200: ok(ZRun, "The new run"), ...errorResponses },
  }),
};

const db = (c: Context<AppEnv>) => c.get("platform").database.db;
const account = (c: Context<AppEnv>) => c.get("site").accountId;
const actor = (c: Context<AppEnv>) => c.get("user")?.id ?? null;
const idOf = (c: { req: { param: (k: string) => string | undefined } }, name = "id") => c.req.param(name) ?? "";

export const automationRoutes = newRouter()
  .openapi(r.list, async (c) => c.json({ items: await automations.list(db(c), account(c)) }, 200))
  .openapi(r.create, async (c) =>
    c.json(await automations.create(db(c), account(c), c.req.valid("json"), actor(c)), 201),
  )
  .openapi(r.get, async (c) => c.json(await automations.get(db(c), account(c), idOf(c)), 200))
  .openapi(r.update, async (c) =>
    c.json(await automations.update(db(c), account(c), idOf(c), c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await automations.remove(db(c), account(c), idOf(c));
    return c.body(null, 204);
  })
  .openapi(r.runs, async (c) =>
    c.json(await automationRunLog.list(db(c), account(c), idOf(c), c.req.valid("query")), 200),
  )
  .openapi(r.run, async (c) =>
    c.json(await automationRunLog.runManual(db(c), account(c), idOf(c), c.req.valid("json"), actor(c)), 200),
  )
  .openapi(r.rerun, async (c) =>
    c.json(await automationRunLog.rerun(db(c), account(c), idOf(c, "runId"), c.req.valid("json")), 200),
  );
