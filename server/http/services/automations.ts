// What the automation screens (/dashboard/manage/marketing/automations…) call, for the site's
// managers with the marketing plan feature `forms`.
import type { Context } from "hono";
import {
  type AutomationInput,
  type AutomationRunStatus,
  automationChoices,
  automationRunLog,
  automations,
  searchMembers,
} from "../../modules/automations";
import { requirePlanFeatureOf } from "../../modules/usage";
import type { AppEnv } from "../env";
import { requireSiteManager } from "../middleware/guards";

export function automationServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  const actor = () => c.get("user")?.id ?? null;
  const managed = async <T>(run: () => Promise<T>): Promise<T> => {
    requireSiteManager(c);
    requirePlanFeatureOf(site, "forms");
    return run();
  };
  return {
    automations: {
      list: () => managed(() => automations.list(db, accountId)),
      get: (id: string) => managed(() => automations.get(db, accountId, id)),
      create: (input: AutomationInput) => managed(() => automations.create(db, accountId, input, actor())),
      update: (id: string, patch: AutomationInput) => managed(() => automations.update(db, accountId, id, patch)),
      remove: (id: string) => managed(() => automations.remove(db, accountId, id)),
      duplicate: (id: string) => managed(() => automations.duplicate(db, accountId, id, actor())),
      choices: () => managed(() => automationChoices(db, accountId)),
      runs: (id: string, opts: { status?: AutomationRunStatus; cursor?: string }) =>
        managed(() => automationRunLog.list(db, accountId, id, opts)),
      runManual: (id: string, input: { userIds: string[]; requestId: string }) =>
        managed(() => automationRunLog.runManual(db, accountId, id, input, actor())),
      rerun: (runId: string, requestId: string) =>
        managed(() => automationRunLog.rerun(db, accountId, runId, { requestId })),
      searchMembers: (text: string) => managed(() => searchMembers(db, accountId, text)),
    },
  };
}
