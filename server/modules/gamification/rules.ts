// The owner's points rules and levels, kept in the site's option `gamification`. A site that never
// saved any earns the defaults of core/points and has no levels.
import { and, eq, sql } from "drizzle-orm";
import { siteHasFeature } from "../../../core/features";
import { DEFAULT_RULES, type PointActivity, type PointRules, validateRules } from "../../../core/points";
import type { Db, Tx } from "../../db/client";
import { accounts, options as optionsTable } from "../../db/schema";
import { fieldError } from "../../errors";
import { options } from "../options";

export const GAMIFICATION_OPTION = "gamification";

/** The rules a stored option holds; the defaults when there is none or it no longer validates. */
function rulesOf(stored: unknown): PointRules {
  const checked = stored ? validateRules(stored) : null;
  return checked?.ok ? checked.rules : structuredClone(DEFAULT_RULES);
}

export async function pointRules(db: Db, accountId: string): Promise<PointRules> {
  return rulesOf(await options.get(db, accountId, GAMIFICATION_OPTION).catch(() => null));
}

/**
 * The points the site gives for `reason` now, 0 while its gamification is off: the site's switch
 * and its rules read in the caller's transaction, in one statement (an event's handler would
 * otherwise open two more transactions for them).
 */
export async function pointsFor(tx: Tx, accountId: string, reason: PointActivity): Promise<number> {
  const [site] = await tx
    .select({
      features: accounts.features,
      rules: sql<unknown>`(select ${optionsTable.value} from ${optionsTable} where ${and(
        eq(optionsTable.accountId, accountId),
        eq(optionsTable.key, GAMIFICATION_OPTION),
      )})`,
    })
    .from(accounts)
    .where(eq(accounts.accountId, accountId));
  if (!site || !siteHasFeature(site.features, "gamification")) return 0;
  return rulesOf(site.rules).points[reason];
}

/** Replaces the rules; a broken rule is a 422 naming its field, and nothing is written. */
export async function savePointRules(db: Db, accountId: string, input: unknown): Promise<PointRules> {
  const checked = validateRules(input);
  if (!checked.ok) {
    const message =
      checked.problem.key === "points.errors.levelOrder"
        ? "Each level needs more points than the one before it"
        : "This value is not allowed";
    throw fieldError("validation_failed", checked.problem.field, message);
  }
  await options.set(db, accountId, GAMIFICATION_OPTION, checked.rules);
  return checked.rules;
}
