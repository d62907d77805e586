// The platform's scheduled jobs for the Maintenance screen: each schedule, its latest run as pg-boss
// recorded it, its next run, and running one now (audited).
import { nextCronRun } from "../../../core/cron";
import type { Db } from "../../db/client";
import { withPlatform } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { jobs } from "../../jobs/queue";
import { type Actor, recordAudit } from "../billing";

export type CronJob = {
  name: string;
  cron: string;
  lastRun: {
    state: string;
    queuedAt: string;
    startedAt: string | null;
    finishedAt: string | null;
    error: string | null;
  } | null;
  nextRunAt: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const staffCrons = {
  async list(db: Db, now = new Date()): Promise<{ running: boolean; items: CronJob[] }> {
    const schedules = jobs.listSchedules().sort((a, b) => a.name.localeCompare(b.name));
    const last = await jobs.lastRuns(
      db,
      schedules.map((s) => s.name),
    );
    return {
      running: last !== null,
      items: schedules.map((s) => {
        const run = last?.get(s.name);
        return {
          name: s.name,
          cron: s.cron,
          lastRun: run
            ? {
                state: run.state,
                queuedAt: run.createdOn.toISOString(),
                startedAt: iso(run.startedOn),
                finishedAt: iso(run.completedOn),
                error: run.error,
              }
            : null,
          nextRunAt: iso(nextCronRun(s.cron, now)),
        };
      }),
    };
  },

  /** Queues a scheduled job now, besides its schedule; audited. */
  async runNow(db: Db, name: string, actor: Actor): Promise<{ jobId: string }> {
    if (!jobs.listSchedules().some((s) => s.name === name)) throw notFound("Scheduled job");
    const jobId = await jobs.send(db, name, {});
    if (!jobId) throw new AppError("conflict", "No job queue runs in this installation now");
    await withPlatform(db, (tx) => recordAudit(tx, actor, "cron.run", null, { job: name, jobId }));
    return { jobId };
  },
};
