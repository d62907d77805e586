// The automation engine (spec §5, §9; decision 0047). Every outbox event of a trigger type makes one
// run per matching active automation (its dedupe key `event:<event id>` makes a redelivered event
// make none), due now or, for time_delay, later. The run job claims the run (or takes over one
// whose working process is gone), checks the conditions over the facts they need, then performs
// each action not yet recorded `ok`, writing each outcome as it happens, so a crash never repeats a
// finished action and a failing action never blocks the others. Failed actions are retried with
// the job's backoff; at the last attempt the run ends `failed`. Importing this module registers it.
import { and, eq, or, sql } from "drizzle-orm";
import {
  type Action,
  checkConditions,
  EVENT_TRIGGERS,
  type EventTrigger,
  eventSubject,
  triggeredBy,
} from "../../../core/automations";
import type { Db, Tx } from "../../db/client";
import { type AutomationActionResult, automationRuns, automations } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { processAliveSql } from "../../jobs/liveness";
import { type JobRun, jobs } from "../../jobs/queue";
import { type DomainEvent, events } from "../events";
import { performAction } from "./actions";
import { loadFacts, memberEmail } from "./facts";
import { insertRuns, type NewRun, queueRuns, RUN_JOB } from "./runs";
import { engineSettings } from "./settings";
import "./sweep";

/** Attempts after which a run ends even if the sweep gave it a new job (each job has its own retries). */
const MAX_RUN_ATTEMPTS = 10;
/** A claim older than this is taken over even if its process still looks alive (a hung attempt). */
const CLAIM_STALE_MINUTES = 15;
const isEventTrigger = (type: string): type is EventTrigger => (EVENT_TRIGGERS as readonly string[]).includes(type);

/** Makes the runs an event starts and queues them; safe to call again for the same event. */
export async function runsForEvent(db: Db, event: DomainEvent): Promise<number> {
  const type = event.type;
  if (!isEventTrigger(type)) return 0;
  const { accountId } = event;
  const created = await withTenant(db, accountId, async (tx) => {
    const candidates = await tx
      .select({ id: automations.id, trigger: automations.trigger, triggerArgs: automations.triggerArgs })
      .from(automations)
      .where(
        and(
          eq(automations.accountId, accountId),
          eq(automations.status, "active"),
          or(
            eq(automations.trigger, type),
            and(eq(automations.trigger, "time_delay"), sql`${automations.triggerArgs}->>'after' = ${event.type}`),
          ),
        ),
      );
    if (candidates.length === 0) return [];
    const subject = eventSubject(event.payload, event.actorId);
    const email = subject.email ?? (subject.userId ? await memberEmail(tx, accountId, subject.userId) : null);
    const now = Date.now();
    const runs: NewRun[] = candidates.flatMap((a) => {
      const when = triggeredBy(a, event.type);
      if (!when) return [];
      const delayMinutes = when === "delayed" ? (a.triggerArgs?.delay_minutes ?? 0) : 0;
      return [
        {
          automationId: a.id,
          dedupeKey: `event:${event.id}`,
          eventId: event.id,
          trigger: event.type,
          payload: event.payload,
          userId: subject.userId,
          email: email?.toLowerCase() ?? null,
          runAt: new Date(now + delayMinutes * 60_000),
        },
      ];
    });
    return insertRuns(tx, accountId, runs);
  });
  await queueRuns(db, created);
  return created.length;
}

type RunRow = typeof automationRuns.$inferSelect;
const thisRun = (accountId: string, id: string) =>
  and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, id));

/** Takes the run for this process: queued and due, or running under a claim whose process is gone. */
async function claim(db: Db, accountId: string, runId: string): Promise<RunRow | undefined> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .update(automationRuns)
      .set({
        status: "running",
        claimedBy: jobs.workerKey(db)?.toString() ?? null,
        claimedAt: sql`now()`,
        startedAt: sql`coalesce(${automationRuns.startedAt}, now())`,
        attempts: sql`${automationRuns.attempts} + 1`,
      })
      .where(
        and(
          thisRun(accountId, runId),
          sql`${automationRuns.runAt} <= now() + interval '2 seconds'`,
          or(
            eq(automationRuns.status, "queued"),
            and(
              eq(automationRuns.status, "running"),
              or(
                sql`${automationRuns.claimedBy} is null`,
                sql`not ${sql.raw(processAliveSql(`"automation_runs"."claimed_by"::int`))}`,
                sql`${automationRuns.claimedAt} < now() - ${CLAIM_STALE_MINUTES}::int * interval '1 minute'`,
              ),
            ),
          ),
        ),
      )
      .returning(),
  );
  return row;
}

/** Writes one action's outcome in place, in the given transaction. */
async function recordAction(tx: Tx, accountId: string, runId: string, index: number, result: AutomationActionResult) {
  await tx
    .update(automationRuns)
    .set({
      actionResults: sql`jsonb_set(${automationRuns.actionResults}, ${`{${index}}`}::text[], ${JSON.stringify(result)}::jsonb)`,
    })
    .where(thisRun(accountId, runId));
}

async function finish(
  db: Db,
  accountId: string,
  runId: string,
  set: Partial<Pick<RunRow, "status" | "lastError" | "failedConditions">>,
) {
  await withTenant(db, accountId, (tx) =>
    tx
      .update(automationRuns)
      .set({ ...set, claimedBy: null, ...(set.status !== "queued" ? { finishedAt: sql`now()` } : {}) })
      .where(thisRun(accountId, runId)),
  );
}

/** Works one run. Throws when some action failed and another attempt remains (pg-boss retries). */
export async function workRun(
  db: Db,
  accountId: string,
  runId: string,
  job?: Pick<JobRun, "retryCount" | "retryLimit">,
) {
  const run = await claim(db, accountId, runId);
  if (!run) return;
  const [automation] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(automations)
      .where(and(eq(automations.accountId, accountId), eq(automations.id, run.automationId))),
  );
  if (automation?.status !== "active") {
    await finish(db, accountId, runId, {
      status: "skipped",
      lastError: automation ? "the automation is paused" : "the automation was deleted",
    });
    return;
  }
  const person = { userId: run.userId, email: run.email };
  // A run picked up again keeps the outcomes it has; the first attempt checks the conditions.
  if (run.actionResults.length === 0) {
    const facts = await loadFacts(
      db,
      accountId,
      automation.conditions,
      { type: run.trigger, payload: run.payload },
      person,
    );
    const check = checkConditions(automation.conditions, facts);
    if (!check.ok) {
      await finish(db, accountId, runId, { status: "skipped", failedConditions: check.failed });
      return;
    }
    const pending: AutomationActionResult[] = automation.actions.map((a) => ({
      key: a.key,
      status: "pending",
      attempts: 0,
    }));
    await withTenant(db, accountId, (tx) =>
      tx
        .update(automationRuns)
        .set({ actionResults: pending })
        .where(and(thisRun(accountId, runId), sql`jsonb_array_length(${automationRuns.actionResults}) = 0`)),
    );
    run.actionResults = pending;
  }
  const errors = await performActions(db, accountId, run, automation, person);
  const last = !job || job.retryCount >= job.retryLimit || run.attempts >= MAX_RUN_ATTEMPTS;
  if (errors.length && !last) {
    // Back to queued for the retry: the next attempt claims it again and runs only the failed ones.
    await finish(db, accountId, runId, { status: "queued", lastError: errors[0] });
    throw new Error(errors[0]);
  }
  await finish(db, accountId, runId, {
    status: errors.length ? "failed" : "succeeded",
    lastError: errors[0] ?? null,
  });
}

async function performActions(
  db: Db,
  accountId: string,
  run: RunRow,
  automation: typeof automations.$inferSelect,
  person: { userId: string | null; email: string | null },
): Promise<string[]> {
  const errors: string[] = [];
  const actions: Action[] = automation.actions;
  for (const [index, action] of actions.entries()) {
    // An outcome counts only for the action it was recorded for (the automation may have been edited since).
    const before = run.actionResults[index]?.key === action.key ? run.actionResults[index] : undefined;
    if (before?.status === "ok") continue;
    const attempts = (before?.attempts ?? 0) + 1;
    const okResult = (message: string): AutomationActionResult => ({
      key: action.key,
      status: "ok",
      message: message.slice(0, 500),
      attempts,
      at: new Date().toISOString(),
    });
    try {
      const outcome = await performAction(
        {
          db,
          accountId,
          run: { id: run.id, trigger: run.trigger, payload: run.payload },
          automation: { id: automation.id, name: automation.name },
          person,
          index,
          settle: (tx, message) => recordAction(tx, accountId, run.id, index, okResult(message)),
        },
        action,
      );
      if (!outcome.settled)
        await withTenant(db, accountId, (tx) => recordAction(tx, accountId, run.id, index, okResult(outcome.message)));
    } catch (err) {
      const message = `${action.key}: ${(err as Error).message || String(err)}`.slice(0, 500);
      errors.push(message);
      await withTenant(db, accountId, (tx) =>
        recordAction(tx, accountId, run.id, index, {
          key: action.key,
          status: "error",
          message,
          attempts,
          at: new Date().toISOString(),
        }),
      );
    }
  }
  return errors;
}

jobs.define(RUN_JOB, (db, data, job) => workRun(db, String(data.accountId), String(data.runId), job), {
  retryLimit: 4,
  retryDelay: 10,
  retryBackoff: true,
  concurrency: 4,
});
events.on("*", (db, event) => runsForEvent(db, event).then(() => undefined));

/** What the server's start registers for each database: the address rule, DNS check and webhook loopback. */
export const automationEngine = { register: engineSettings.register };
