// The owner's automations (spec §3, §5; decision 0047): the definitions with their recent runs
// counted, written only when `checkAutomation` passes and every object they name is the site's own.
// A change of definition never touches past runs: each run keeps the payload it was made with.
import { and, desc, eq, sql } from "drizzle-orm";
import {
  type AutomationDefinition,
  type AutomationIssue,
  type AutomationTrigger,
  checkAutomation,
} from "../../../core/automations";
import type { Db, Tx } from "../../db/client";
import { type AutomationStatus, automations as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, requireUuid } from "../../errors";
import { missingReferences } from "./references";

export type AutomationStats = {
  /** Runs made in the last 30 days, and how those ended. */
  runs30d: number;
  succeeded: number;
  failed: number;
  skipped: number;
  lastRunAt: string | null;
};

export type AutomationView = AutomationDefinition & {
  id: string;
  status: AutomationStatus;
  createdAt: string;
  updatedAt: string;
  stats: AutomationStats;
};

/** What the editor and the API send: checked by `checkAutomation`. */
export type AutomationInput = {
  name?: unknown;
  trigger?: unknown;
  triggerArgs?: unknown;
  conditions?: unknown;
  actions?: unknown;
  status?: AutomationStatus;
};

type Row = typeof table.$inferSelect;

const NO_STATS: AutomationStats = { runs30d: 0, succeeded: 0, failed: 0, skipped: 0, lastRunAt: null };

const view = (r: Row, stats: AutomationStats = NO_STATS): AutomationView => ({
  id: r.id,
  name: r.name,
  trigger: r.trigger,
  triggerArgs: r.triggerArgs ?? null,
  conditions: r.conditions,
  actions: r.actions,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  stats,
});

export const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Automation")));

/** The one error shape: 422 with each problem at its path, the message its error key. */
export function automationInvalid(issues: AutomationIssue[]) {
  const first = issues[0];
  return new AppError(
    "validation_failed",
    first ? `Invalid ${first.path}: ${first.error}` : "Invalid automation",
    issues.map((i) => ({ field: i.path, message: i.error })),
  );
}

/** The cleaned definition, or a 422 naming every problem, references to objects of other sites included. */
async function definitionOf(tx: Tx, accountId: string, input: AutomationInput): Promise<AutomationDefinition> {
  const checked = checkAutomation(input);
  if (!checked.ok) throw automationInvalid(checked.issues);
  const missing = await missingReferences(tx, accountId, checked.value);
  if (missing.length) throw automationInvalid(missing);
  return checked.value;
}

const requireStatus = (status: unknown): AutomationStatus | undefined => {
  if (status === undefined) return undefined;
  if (status === "active" || status === "paused") return status;
  throw automationInvalid([{ path: "status", error: "invalid" }]);
};

// Written out in full: inside a select drizzle leaves columns unqualified, which the subquery would read as its own.
const statsColumns = {
  runs30d: sql<number>`(select count(*) from automation_runs r where r.account_id = "automations"."account_id"
    and r.automation_id = "automations"."id" and r.created_at > now() - interval '30 days')`.mapWith(Number),
  succeeded: sql<number>`(select count(*) from automation_runs r where r.account_id = "automations"."account_id"
    and r.automation_id = "automations"."id" and r.created_at > now() - interval '30 days'
    and r.status = 'succeeded')`.mapWith(Number),
  failed: sql<number>`(select count(*) from automation_runs r where r.account_id = "automations"."account_id"
    and r.automation_id = "automations"."id" and r.created_at > now() - interval '30 days'
    and r.status = 'failed')`.mapWith(Number),
  skipped: sql<number>`(select count(*) from automation_runs r where r.account_id = "automations"."account_id"
    and r.automation_id = "automations"."id" and r.created_at > now() - interval '30 days'
    and r.status = 'skipped')`.mapWith(Number),
  lastRunAt: sql<string | null>`(select max(r.created_at) from automation_runs r
    where r.account_id = "automations"."account_id" and r.automation_id = "automations"."id")`,
};

const statsOf = (r: { runs30d: number; succeeded: number; failed: number; skipped: number; lastRunAt: unknown }) => ({
  runs30d: r.runs30d,
  succeeded: r.succeeded,
  failed: r.failed,
  skipped: r.skipped,
  lastRunAt: r.lastRunAt ? new Date(r.lastRunAt as string).toISOString() : null,
});

export const automations = {
  /** The site's automations, newest first, each with its runs of the last 30 days counted. */
  async list(db: Db, accountId: string): Promise<AutomationView[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ a: table, ...statsColumns })
        .from(table)
        .where(eq(table.accountId, accountId))
        .orderBy(desc(table.createdAt), desc(table.id)),
    );
    return rows.map((r) => view(r.a, statsOf(r)));
  },

  async get(db: Db, accountId: string, id: string): Promise<AutomationView> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ a: table, ...statsColumns })
        .from(table)
        .where(byId(accountId, id)),
    );
    if (!row) throw notFound("Automation");
    return view(row.a, statsOf(row));
  },

  async create(db: Db, accountId: string, input: AutomationInput, actorId?: string | null): Promise<AutomationView> {
    const status = requireStatus(input.status) ?? "active";
    return withTenant(db, accountId, async (tx) => {
      const def = await definitionOf(tx, accountId, input);
      const [row] = await tx
        .insert(table)
        .values({ accountId, ...def, status, createdBy: actorId ?? null })
        .returning();
      return view(row);
    });
  },

  /** Changes the definition (the fields given; the rest as it was) and/or the status. */
  async update(db: Db, accountId: string, id: string, patch: AutomationInput): Promise<AutomationView> {
    const status = requireStatus(patch.status);
    await withTenant(db, accountId, async (tx) => {
      const [was] = await tx.select().from(table).where(byId(accountId, id)).for("update");
      if (!was) throw notFound("Automation");
      const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
      const keys = ["name", "trigger", "triggerArgs", "conditions", "actions"] as const;
      if (keys.some((k) => patch[k] !== undefined)) {
        const merged = Object.fromEntries(keys.map((k) => [k, patch[k] !== undefined ? patch[k] : was[k]]));
        Object.assign(set, await definitionOf(tx, accountId, merged));
      }
      if (status) set.status = status;
      await tx.update(table).set(set).where(byId(accountId, id));
    });
    return automations.get(db, accountId, id);
  },

  /** Pauses or resumes: a paused automation starts no runs. */
  setStatus(db: Db, accountId: string, id: string, status: AutomationStatus) {
    return automations.update(db, accountId, id, { status });
  },

  /** Removes the automation and its run log. */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Automation");
  },

  /** A copy named "<name> (copy)", paused so it does not run twice for the same events. */
  async duplicate(db: Db, accountId: string, id: string, actorId?: string | null): Promise<AutomationView> {
    const was = await automations.get(db, accountId, id);
    const name = `${was.name} (copy)`.slice(0, 200);
    return automations.create(db, accountId, { ...was, name, status: "paused" }, actorId);
  },
};

export type { AutomationTrigger };
