// AI work as tasks (decision 0065). A screen asks for a task; the request is checked at once (the
// installation has a provider, the plan has the feature and some allowance left this month, the
// input is valid and the asker may touch what it names), stored, and worked by a job, so no page
// render and no request waits for a provider. The screen reads the task back for its progress, then
// its draft or its error: an English sentence and a reason code of core/ai-failures (with the values
// it names) that the screen words in its own language. The provider's cost is counted in the usage meter in the same transaction
// that stores the result, and nothing is counted or written when the call fails.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AiFailureReason, type AiFailureValues, failureOf } from "../../../core/ai-failures";
import type { UsageMeterKey } from "../../../core/plans";
import type { AiProvider, TextRequest, TranscribeRequest, TranscribeResult } from "../../ai";
import type { Db, Tx } from "../../db/client";
import { aiTasks } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, type ErrorCode, notFound, validationError } from "../../errors";
import { jobs } from "../../jobs/queue";
import { accounts, type SiteAccount } from "../accounts";
import type { StorageAdapter } from "../storage";
import { requirePlanFeatureOf, usage } from "../usage";
import { isUuid } from "../../../core/uuid";

export const AI_RUN = "ai.run";

/**
 * An error that says why, as a reason code with the values its sentence names: for a refusal of
 * the request (its details, on the field named when there is one) and for a failed task (stored
 * with the task). `message` stays the English sentence API callers and logs read.
 */
export function aiFailure(
  code: ErrorCode,
  reason: AiFailureReason,
  message: string,
  values: AiFailureValues = {},
  extra: { field?: string; details?: Record<string, unknown> } = {},
): AppError {
  const why = { reason, values };
  return new AppError(
    code,
    message,
    extra.field ? [{ field: extra.field, message, ...extra.details, ...why }] : { ...extra.details, ...why },
  );
}

const NOT_CONFIGURED = "The platform has not set up an AI provider yet";
const PROVIDER_FAILED = "The AI provider could not answer just now. Nothing was changed; try again in a minute.";
const SAVE_FAILED = "The result could not be saved. Nothing was changed.";
const unknownKind = (kind: string) =>
  aiFailure("validation_failed", "unknown_kind", `Unknown AI task "${kind}"`, { kind }, { field: "kind" });

/** A failed task's sentence and reason: the error's own when it has one, else `fallback`'s. */
type Failure = { message: string; reason: AiFailureReason | null; values: AiFailureValues };
function failureFrom(err: unknown, fallback: Failure, appErrorReason: AiFailureReason | null): Failure {
  if (!(err instanceof AppError)) return fallback;
  const why = failureOf(err.details);
  return why ? { message: err.message, ...why } : { message: err.message, reason: appErrorReason, values: {} };
}

/** Who asks: the user, and whether they manage the site (managers may read any task of it). */
export type AiActor = { userId: string; manager: boolean };

export type AiContext<I> = {
  db: Db;
  site: SiteAccount;
  input: I;
  userId: string;
  storage: StorageAdapter;
  /** Moves the screen's progress bar (0–100). */
  progress(percent: number): Promise<void>;
  /** A text answer from the provider; its tokens are counted against the plan. */
  generate(req: TextRequest): Promise<string>;
  /** A transcript from the provider; its minutes are counted against the plan. */
  transcribe(req: TranscribeRequest): Promise<TranscribeResult>;
};

export type AiTaskKind<I, R> = {
  kind: string;
  /** The plan feature it needs (§6), or null when only its meter limits it. */
  feature: string | null;
  /** The meter its cost goes to. */
  meter: Extract<UsageMeterKey, "aitokens" | "transcribe">;
  input: z.ZodType<I>;
  /** Refuses (404/403) unless the actor may ask this of what the input names, on this site. */
  authorize(tx: Tx, site: SiteAccount, actor: AiActor, input: I): Promise<void>;
  /** The work: provider calls and the draft they make. Writes nothing itself. */
  run(ctx: AiContext<I>): Promise<R>;
  /** Optional: writes what the result becomes, in the transaction that marks the task done. */
  apply?(tx: Tx, ctx: AiContext<I>, result: R): Promise<void>;
};

// biome-ignore lint/suspicious/noExplicitAny: each kind checks its own input and result types
const kinds = new Map<string, AiTaskKind<any, any>>();

/** Declares a task kind (at module load of the feature that asks it). */
export function defineAiTask<I, R>(def: AiTaskKind<I, R>): void {
  kinds.set(def.kind, def);
}

type Setup = { provider: AiProvider | null; storage: StorageAdapter };
const setups = new WeakMap<Db, Setup>();

export type AiTaskView = {
  id: string;
  kind: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  result: unknown;
  /** English, for API callers and logs. */
  error: string | null;
  /** Why it failed as a code of core/ai-failures; null while it has not failed, or for a cause without one. */
  errorReason: AiFailureReason | null;
  /** What the reason's sentence names (file, size, maxBytes, kind); null when there is no reason. */
  errorValues: AiFailureValues | null;
  createdAt: string;
  finishedAt: string | null;
};

type Row = typeof aiTasks.$inferSelect;
const view = (r: Row): AiTaskView => ({
  id: r.id,
  kind: r.kind,
  status: r.status as AiTaskView["status"],
  progress: r.progress,
  result: r.status === "done" ? (r.result ?? null) : null,
  error: r.error,
  errorReason: r.errorReason ?? null,
  errorValues: r.errorReason ? (r.errorValues ?? {}) : null,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Thousands of tokens, the unit of the ai_tokens limit (a started thousand counts). */
export const tokenUnits = (tokens: number): number => (tokens > 0 ? Math.ceil(tokens / 1000) : 0);
/** Minutes of audio, the unit of the transcribe limit (a started minute counts). */
export const minuteUnits = (seconds: number): number => (seconds > 0 ? Math.ceil(seconds / 60) : 0);

export const aiTasksService = {
  /** Sets the provider (null: AI is off here) and the file storage the tasks of this database use. */
  configure(db: Db, provider: AiProvider | null, storage: StorageAdapter) {
    setups.set(db, { provider, storage });
  },
  forget(db: Db) {
    setups.delete(db);
  },
  configured(db: Db): boolean {
    return Boolean(setups.get(db)?.provider);
  },

  /** Checks and stores the request and queues its work; the answer is the task as the screen polls it. */
  async start(db: Db, site: SiteAccount, actor: AiActor, kind: string, rawInput: unknown): Promise<AiTaskView> {
    const def = kinds.get(kind);
    if (!def) throw unknownKind(kind);
    if (!setups.get(db)?.provider) throw aiFailure("ai_unavailable", "not_configured", NOT_CONFIGURED);
    if (def.feature) requirePlanFeatureOf(site, def.feature);
    const parsed = def.input.safeParse(rawInput);
    if (!parsed.success) throw validationError(parsed.error);
    const input = parsed.data;
    const row = await withTenant(db, site.accountId, async (tx) => {
      await usage.requireAllowance(tx, site, def.meter);
      await def.authorize(tx, site, actor, input);
      const [created] = await tx
        .insert(aiTasks)
        .values({ accountId: site.accountId, kind, userId: actor.userId, input: input as Record<string, unknown> })
        .returning();
      return created as Row;
    });
    await jobs.send(db, AI_RUN, { accountId: site.accountId, id: row.id });
    return view(row);
  },

  /** One task, for the person who asked it or a manager of the site; anything else is 404. */
  async get(db: Db, accountId: string, actor: AiActor, id: string): Promise<AiTaskView> {
    if (!isUuid(id)) throw notFound("AI task");
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(aiTasks)
        .where(
          and(
            eq(aiTasks.accountId, accountId),
            eq(aiTasks.id, id),
            actor.manager ? undefined : eq(aiTasks.userId, actor.userId),
          ),
        ),
    );
    if (!row) throw notFound("AI task");
    return view(row);
  },

  /** The asker's latest tasks of some kinds (a screen reopened while its task still runs). */
  async recent(db: Db, accountId: string, userId: string, kindsWanted: string[], limit = 10): Promise<AiTaskView[]> {
    if (kindsWanted.length === 0) return [];
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(aiTasks)
        .where(and(eq(aiTasks.accountId, accountId), eq(aiTasks.userId, userId), inArray(aiTasks.kind, kindsWanted)))
        .orderBy(desc(aiTasks.createdAt))
        .limit(limit),
    );
    return rows.map(view);
  },

  /** Works one task (the job's handler; also callable directly where no queue runs). */
  async work(db: Db, accountId: string, id: string): Promise<void> {
    const setup = setups.get(db);
    const site = await accounts.byId(db, accountId);
    if (!site) return;
    // Queued, or running under a process that died: (re)started; done or failed: nothing to do.
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .update(aiTasks)
        .set({ status: "running", progress: sql`greatest(${aiTasks.progress}, 5)` })
        .where(
          and(eq(aiTasks.accountId, accountId), eq(aiTasks.id, id), inArray(aiTasks.status, ["queued", "running"])),
        )
        .returning(),
    );
    if (!row) return;
    const def = kinds.get(row.kind);
    const fail = ({ message, reason, values }: Failure) =>
      withTenant(db, accountId, (tx) =>
        tx
          .update(aiTasks)
          .set({
            status: "failed",
            error: message.slice(0, 500),
            errorReason: reason,
            errorValues: reason ? values : null,
            finishedAt: new Date(),
          })
          .where(and(eq(aiTasks.accountId, accountId), eq(aiTasks.id, id), eq(aiTasks.status, "running"))),
      );
    if (!def || !setup?.provider) {
      await fail(
        def
          ? { message: NOT_CONFIGURED, reason: "not_configured", values: {} }
          : { message: `Unknown AI task "${row.kind}"`, reason: "unknown_kind", values: { kind: row.kind } },
      );
      return;
    }
    const provider = setup.provider;
    const spent = { inputTokens: 0, outputTokens: 0, audioSeconds: 0 };
    const ctx: AiContext<unknown> = {
      db,
      site,
      input: row.input,
      userId: row.userId,
      storage: setup.storage,
      async progress(percent) {
        const p = Math.max(0, Math.min(99, Math.round(percent)));
        await withTenant(db, accountId, (tx) =>
          tx
            .update(aiTasks)
            .set({ progress: p })
            .where(and(eq(aiTasks.accountId, accountId), eq(aiTasks.id, id), eq(aiTasks.status, "running"))),
        );
      },
      async generate(req) {
        const answer = await provider.generate(req);
        spent.inputTokens += answer.inputTokens;
        spent.outputTokens += answer.outputTokens;
        return answer.text;
      },
      async transcribe(req) {
        const answer = await provider.transcribe(req);
        spent.audioSeconds += Math.ceil(answer.durationSeconds);
        return answer;
      },
    };
    let result: unknown;
    try {
      result = await def.run(ctx);
    } catch (err) {
      // The provider's own message is for logs; the person reads what happened and what to do.
      if (!(err instanceof AppError)) console.error(`[ai] ${row.kind} ${id}:`, (err as Error).message);
      // An AppError of the kind's own without a reason keeps its sentence and no code (the screen
      // shows the sentence as it is).
      await fail(failureFrom(err, { message: PROVIDER_FAILED, reason: "provider_failed", values: {} }, null));
      return;
    }
    const units =
      def.meter === "transcribe" ? minuteUnits(spent.audioSeconds) : tokenUnits(spent.inputTokens + spent.outputTokens);
    try {
      await withTenant(db, accountId, async (tx) => {
        const [still] = await tx
          .select({ status: aiTasks.status })
          .from(aiTasks)
          .where(and(eq(aiTasks.accountId, accountId), eq(aiTasks.id, id)))
          .for("update");
        if (still?.status !== "running") return;
        if (def.apply) await def.apply(tx, ctx, result);
        await usage.use(tx, site, def.meter, units, { enforce: false });
        await tx
          .update(aiTasks)
          .set({
            status: "done",
            progress: 100,
            result: (result ?? null) as Row["result"],
            ...spent,
            finishedAt: new Date(),
          })
          .where(and(eq(aiTasks.accountId, accountId), eq(aiTasks.id, id)));
      });
    } catch (err) {
      if (!(err instanceof AppError)) console.error(`[ai] ${row.kind} ${id} (saving):`, (err as Error).message);
      await fail(failureFrom(err, { message: SAVE_FAILED, reason: "save_failed", values: {} }, "save_failed"));
    }
  },
};

jobs.define(
  AI_RUN,
  async (db, data) => aiTasksService.work(db, String(data.accountId), String(data.id)),
  // The provider call retries once by itself; a task is not worked again after it failed.
  { retryLimit: 1, retryDelay: 30, retryBackoff: false, concurrency: 4 },
);
