// The AI assistant's API (decision 0065): what this site may ask of it, asking (a task worked in
// the background), and reading a task back for its progress and draft.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AI_FAILURE_REASONS } from "../../../../core/ai-failures";
import { UPGRADE_PATH } from "../../../../core/plan-limits";
import { planAllows } from "../../../../core/plans";
import { AppError, notAuthenticated } from "../../../errors";
import { type AiActor, aiTasks } from "../../../modules/ai";
import { usage } from "../../../modules/usage";
import type { AppEnv } from "../../env";
import { isSiteManager, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok } from "./router";

const ZTask = z
  .object({
    id: z.string().uuid(),
    kind: z.string(),
    status: z.enum(["queued", "running", "done", "failed"]),
    progress: z.number().int().min(0).max(100),
    result: z.unknown().openapi({ description: "The draft, once done: its shape depends on the kind" }),
    error: z
      .string()
      .nullable()
      .openapi({ description: "Why it failed, in English: for API callers and logs; a screen words errorReason" }),
    errorReason: z
      .enum(AI_FAILURE_REASONS)
      .nullable()
      .openapi({
        description:
          "Why it failed, as a stable code (decision 0065); null until it fails, or when the cause has no code (then error says it). " +
          "A refused POST carries the same code as details.reason (or details[0].reason for a field), with details.values.",
      }),
    errorValues: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .nullable()
      .openapi({
        description:
          "What the reason names: file_too_large {file, size, maxBytes} (bytes), file_not_media {file}, unknown_kind {kind}; {} for the others; null without a reason",
      }),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi("AiTask");

const ZMeter = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
const ZStatus = z
  .object({
    configured: z.boolean().openapi({ description: "Whether the platform has an AI provider set up" }),
    features: z.object({ ai: z.boolean(), aiques: z.boolean() }),
    meters: z.object({ aitokens: ZMeter, transcribe: ZMeter }),
    upgrade: z.string().openapi({ description: "Where the owner raises the plan" }),
  })
  .openapi("AiStatus");

const tags = ["AI"];
const signedIn = [requireSession()];

const r = {
  status: createRoute({
    method: "get",
    path: "/ai/status",
    tags,
    summary: "Whether AI is set up, what this site's plan includes and this month's use",
    middleware: signedIn,
    responses: { 200: ok(ZStatus, "The AI status"), ...errorResponses },
  }),
  start: createRoute({
    method: "post",
    path: "/ai/tasks",
    tags,
    summary: "Ask the AI assistant for a draft; the work runs in the background",
    middleware: signedIn,
    request: {
      body: jsonBody(z.object({ kind: z.string().min(1).max(40), input: z.record(z.string(), z.unknown()) })),
    },
    responses: {
      202: ok(ZTask, "Queued"),
      503: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "No AI provider is set up"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/ai/tasks/{id}",
    tags,
    summary: "A task I asked for: its progress, then its draft or what went wrong",
    middleware: signedIn,
    request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) }) },
    responses: { 200: ok(ZTask, "The task"), ...errorResponses },
  }),
};

/** Members of this site only: the site's AI works on the site's own content. */
function actorOf(c: Context<AppEnv>): AiActor {
  const user = c.get("user");
  if (!user) throw notAuthenticated();
  if (!c.get("member")) throw new AppError("forbidden", "Only members of this site can use its AI assistant");
  return { userId: user.id, manager: isSiteManager(c) };
}

export const aiRoutes = newRouter()
  .openapi(r.status, async (c) => {
    actorOf(c);
    const site = c.get("site");
    const db = c.get("platform").database.db;
    const summary = await usage.summary(db, site);
    const meter = (key: "aitokens" | "transcribe") => {
      const line = summary.meters.find((m) => m.key === key);
      return { used: line?.used ?? 0, limit: line?.limit ?? null };
    };
    const plan = site.settings.plan;
    return c.json(
      {
        configured: aiTasks.configured(db),
        features: {
          ai: Boolean(site.isPlatform || planAllows(plan, "ai")),
          aiques: Boolean(site.isPlatform || planAllows(plan, "aiques")),
        },
        meters: {
          aitokens: meter("aitokens"),
          transcribe: meter("transcribe"),
        },
        upgrade: UPGRADE_PATH,
      },
      200,
    );
  })
  .openapi(r.start, async (c) => {
    const { kind, input } = c.req.valid("json");
    const task = await aiTasks.start(c.get("platform").database.db, c.get("site"), actorOf(c), kind, input);
    return c.json(task, 202);
  })
  .openapi(r.get, async (c) => {
    const task = await aiTasks.get(
      c.get("platform").database.db,
      c.get("site").accountId,
      actorOf(c),
      c.req.valid("param").id,
    );
    return c.json(task, 200);
  });
