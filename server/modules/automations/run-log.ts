// An automation's run log for its owner, newest first and paged by a cursor, and the runs the owner
// starts: a manual automation on chosen members, a run again. Both write runs through insertRuns with
// a key made of the client's request id, so a double click or a retried request makes no second run.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type AutomationActionResult,
  type AutomationFailedCondition,
  type AutomationRunStatus,
  automationRuns,
  automations,
  members,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, requireUuid } from "../../errors";
import { insertRuns, queueRuns } from "./runs";
import { automationInvalid, byId } from "./service";

/** The most members one manual run takes. */
export const MAX_MANUAL_MEMBERS = 500;

export type RunView = {
  id: string;
  automationId: string;
  trigger: string;
  status: AutomationRunStatus;
  person: { userId: string | null; name: string | null; email: string | null };
  failedConditions: AutomationFailedCondition[];
  actionResults: AutomationActionResult[];
  rerunOf: string | null;
  lastError: string | null;
  createdAt: string;
  runAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type RunPage = { items: RunView[]; nextCursor: string | null };

type RunRow = typeof automationRuns.$inferSelect;

const runView = (r: RunRow, person: { name: string | null; email: string | null } | null): RunView => ({
  id: r.id,
  automationId: r.automationId,
  trigger: r.trigger,
  status: r.status,
  person: { userId: r.userId, name: person?.name ?? null, email: person?.email ?? r.email },
  failedConditions: r.failedConditions,
  actionResults: r.actionResults,
  rerunOf: r.rerunOf,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  runAt: r.runAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

// The cursor is the last run's (created_at, id), opaque to the client.
const encodeCursor = (r: RunRow) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`, "utf8").toString("base64url");

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!at || Number.isNaN(Date.parse(at)) || !id)
    throw new AppError("bad_request", "The cursor is not valid", [
      { field: "cursor", message: "The cursor is not valid" },
    ]);
  return { at, id: requireUuid(id, "Run", "cursor") };
}

const personJoin = and(eq(members.accountId, automationRuns.accountId), eq(members.userId, automationRuns.userId));

async function requireAutomation(db: Db, accountId: string, id: string) {
  const [a] = await withTenant(db, accountId, (tx) => tx.select().from(automations).where(byId(accountId, id)));
  if (!a) throw notFound("Automation");
  return a;
}

export const automationRunLog = {
  /** A page of the automation's runs, newest first, optionally of one status. */
  async list(
    db: Db,
    accountId: string,
    automationId: string,
    opts: { status?: AutomationRunStatus; cursor?: string; limit?: number } = {},
  ): Promise<RunPage> {
    await requireAutomation(db, accountId, automationId);
    const limit = Math.min(Math.max(opts.limit ?? 25, 1), 100);
    const after = opts.cursor ? decodeCursor(opts.cursor) : null;
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ run: automationRuns, name: members.name, email: members.email })
        .from(automationRuns)
        .leftJoin(members, personJoin)
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            eq(automationRuns.automationId, automationId),
            opts.status ? eq(automationRuns.status, opts.status) : undefined,
            after
              ? sql`(${automationRuns.createdAt}, ${automationRuns.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
        .limit(limit + 1),
    );
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => runView(r.run, r.name !== null ? { name: r.name, email: r.email } : null)),
      nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1].run) : null,
    };
  },

  /**
   * Runs a manual automation on the chosen members: one run each, keyed by the request, so the same
   * request again makes none. Answers how many runs it made.
   */
  async runManual(
    db: Db,
    accountId: string,
    automationId: string,
    input: { userIds: string[]; requestId: string },
    actorId?: string | null,
  ): Promise<{ created: number }> {
    const requestId = requireUuid(input.requestId, "Request", "requestId");
    const userIds = [...new Set(input.userIds)];
    if (userIds.length === 0) throw automationInvalid([{ path: "userIds", error: "required" }]);
    if (userIds.length > MAX_MANUAL_MEMBERS) throw automationInvalid([{ path: "userIds", error: "too_many" }]);
    const created = await withTenant(db, accountId, async (tx) => {
      const [a] = await tx.select().from(automations).where(byId(accountId, automationId));
      if (!a) throw notFound("Automation");
      if (a.trigger !== "manual")
        throw new AppError("conflict", "Only an automation with the manual trigger runs on chosen members");
      if (a.status !== "active") throw new AppError("conflict", "The automation is paused: resume it to run it");
      const found = await tx
        .select({ userId: members.userId, email: members.email, name: members.name })
        .from(members)
        .where(and(eq(members.accountId, accountId), inArray(members.userId, userIds)));
      const known = new Map(found.map((m) => [m.userId, m]));
      const unknown = userIds.flatMap((u, i) => (known.has(u) ? [] : [{ path: `userIds.${i}`, error: "not_found" }]));
      if (unknown.length) throw automationInvalid(unknown);
      return insertRuns(
        tx,
        accountId,
        userIds.map((userId) => {
          const m = known.get(userId);
          return {
            automationId,
            dedupeKey: `manual:${requestId}:${userId}`,
            trigger: "manual",
            payload: { userId, email: m?.email, name: m?.name, requestedBy: actorId ?? null },
            userId,
            email: m?.email ?? null,
          };
        }),
      );
    });
    await queueRuns(db, created);
    return { created: created.length };
  },

  /** A new run of the same automation with the same payload; the same request again makes none. */
  async rerun(db: Db, accountId: string, runId: string, input: { requestId: string }): Promise<RunView> {
    const id = requireUuid(runId, "Run");
    const requestId = requireUuid(input.requestId, "Request", "requestId");
    const dedupeKey = `rerun:${id}:${requestId}`;
    const { created, automationId } = await withTenant(db, accountId, async (tx) => {
      const [was] = await tx
        .select()
        .from(automationRuns)
        .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.id, id)));
      if (!was) throw notFound("Run");
      const made = await insertRuns(tx, accountId, [
        {
          automationId: was.automationId,
          dedupeKey,
          trigger: was.trigger,
          payload: was.payload,
          eventId: was.eventId,
          userId: was.userId,
          email: was.email,
          rerunOf: was.id,
        },
      ]);
      return { created: made, automationId: was.automationId };
    });
    await queueRuns(db, created);
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ run: automationRuns, name: members.name, email: members.email })
        .from(automationRuns)
        .leftJoin(members, personJoin)
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            eq(automationRuns.automationId, automationId),
            eq(automationRuns.dedupeKey, dedupeKey),
          ),
        ),
    );
    return runView(row.run, row.name !== null ? { name: row.name, email: row.email } : null);
  },
};
