// The owner's points rules and levels, kept in the site's option `gamification`. A site that never
// saved any earns the defaults of core/points and has no levels.
import { DEFAULT_RULES, type PointRules, validateRules } from "../../../core/points";
import type { Db } from "../../db/client";
import { fieldError } from "../../errors";
import { options } from "../options";

export const GAMIFICATION_OPTION = "gamification";

export async function pointRules(db: Db, accountId: string): Promise<PointRules> {
  const stored = await options.get(db, accountId, GAMIFICATION_OPTION).catch(() => null);
  const checked = stored ? validateRules(stored) : null;
  return checked?.ok ? checked.rules : structuredClone(DEFAULT_RULES);
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
