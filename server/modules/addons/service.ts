import { and, eq, sql } from "drizzle-orm";
import {
  ADDONS_OPTION,
  type AddonStatus,
  addonActive,
  addonStatuses,
  addonSwitches,
  checkActivation,
} from "../../../core/addon-activation";
import { type AddonId, findAddon } from "../../../core/addons";
import { findPlan } from "../../../core/plans";
import type { Db, Tx } from "../../db/client";
import { options } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import { addonRequiredError, type MeteredSite, requireAddonOf } from "../usage";

/** Where the owner switches addons, named in an addon_inactive refusal. */
const ADDONS_SCREEN = "/dashboard/addons";

export type AddonsView = {
  plan: { slug: string; label: string } | null;
  addons: AddonStatus[];
};

async function switchesOf(tx: Tx, accountId: string) {
  const [row] = await tx
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.accountId, accountId), eq(options.key, ADDONS_OPTION)));
  return addonSwitches(row?.value);
}

/**
 * Sets one switch with a single statement that merges it into the stored map, so two owners
 * switching different addons at once both keep their change (no read-modify-write).
 */
async function setSwitch(db: Db, accountId: string, id: AddonId, on: boolean) {
  const entry = sql`jsonb_build_object(${id}::text, ${on}::boolean)`;
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .insert(options)
      .values({ accountId, key: ADDONS_OPTION, value: entry })
      .onConflictDoUpdate({
        target: [options.accountId, options.key],
        set: {
          value: sql`(case when jsonb_typeof(${options.value}) = 'object' then ${options.value} else '{}'::jsonb end) || excluded.value`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ value: options.value }),
  );
  return addonSwitches(row?.value);
}

function statusOf(site: MeteredSite, id: AddonId, switches: ReturnType<typeof addonSwitches>): AddonStatus {
  const status = addonStatuses(site.settings.plan, switches).find((a) => a.id === id);
  if (!status) throw notFound("Addon");
  return status;
}

/**
 * Refuses unless the addon is on for the site: plan_required (with the upgrade hint's details)
 * when the plan does not include it, addon_inactive when the owner switched it off. Runs inside
 * the caller's transaction, so the check and the write that needs the addon see the same switch.
 */
export async function requireActiveAddon(tx: Tx, site: MeteredSite, id: AddonId): Promise<void> {
  requireAddonOf(site, id);
  if (site.isPlatform) return;
  const addon = findAddon(id);
  if (addon && addonActive(site.settings.plan, addon, await switchesOf(tx, site.accountId))) return;
  throw new AppError(
    "addon_inactive",
    `The ${addon?.label ?? id} addon is switched off on this site; switch it on in Addons`,
    { addon: id, manage: ADDONS_SCREEN },
  );
}

/**
 * Whether the owner switched the addon off, for a path that has no site at hand (a student
 * finishing a course): the switch only, the plan having been checked when the feature was turned on.
 */
export async function addonSwitchedOff(tx: Tx, accountId: string, id: AddonId): Promise<boolean> {
  return (await switchesOf(tx, accountId))[id] === false;
}

export const addons = {
  /** The catalogue with what the site's plan includes and which addons are on. */
  async list(db: Db, site: MeteredSite): Promise<AddonsView> {
    const switches = await withTenant(db, site.accountId, (tx) => switchesOf(tx, site.accountId));
    const plan = findPlan(site.settings.plan);
    return {
      plan: plan ? { slug: plan.slug, label: plan.label } : null,
      addons: addonStatuses(site.settings.plan, switches),
    };
  },

  /** Switches an addon on: refused for an unknown id, a Coming soon addon, or one the plan lacks. */
  async activate(db: Db, site: MeteredSite, id: string): Promise<AddonStatus> {
    const check = checkActivation(site.settings.plan, id);
    if (!check.ok && check.reason === "not_found") throw notFound("Addon");
    if (!check.ok && check.reason === "coming_soon") {
      throw new AppError("conflict", `${check.addon.label} is coming soon and cannot be switched on yet`, {
        addon: check.addon.id,
      });
    }
    if (!check.ok) throw addonRequiredError(site, check.addon.id);
    return statusOf(site, check.addon.id, await setSwitch(db, site.accountId, check.addon.id, true));
  },

  /** Switches an addon off. Always allowed; what the addon made (issued certificates, …) is kept. */
  async deactivate(db: Db, site: MeteredSite, id: string): Promise<AddonStatus> {
    const addon = findAddon(id);
    if (!addon) throw notFound("Addon");
    return statusOf(site, addon.id, await setSwitch(db, site.accountId, addon.id, false));
  },
};
