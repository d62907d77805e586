// Which addons are on for a site (spec §3 addon entry, §4 addon price statuses, decision 0033).
// The owner's switches are kept in the site's options under `addons` (addon id → on/off); the
// plan decides what may be on at all.
import { ADDONS, type Addon, type AddonId, findAddon } from "./addons";
import { planAllowsAddon } from "./plans";

/** The option key the owner's switches are kept under. */
export const ADDONS_OPTION = "addons";

/** The owner's switches as stored: only booleans count; anything else in the value is ignored. */
export type AddonSwitches = Partial<Record<AddonId, boolean>>;

/** Reads a stored option value into switches, leaving out every entry that is not a known id → boolean. */
export function addonSwitches(value: unknown): AddonSwitches {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: AddonSwitches = {};
  for (const [id, on] of Object.entries(value)) {
    const addon = findAddon(id);
    if (addon && typeof on === "boolean") out[addon.id] = on;
  }
  return out;
}

/** Whether the addon is offered yet: a "Coming soon" addon cannot be on anywhere. */
export const addonAvailable = (addon: Addon) => addon.price !== "Coming soon";

/**
 * An addon is on when the plan includes it, it is available, and the owner has not switched it
 * off. Nothing to switch on: an included addon is on from the start.
 */
export function addonActive(planId: string | null | undefined, addon: Addon, switches: AddonSwitches): boolean {
  return planAllowsAddon(planId, addon.id) && addonAvailable(addon) && switches[addon.id] !== false;
}

/**
 * Whether the owner may switch an addon on, in this order: unknown id → not_found; "Coming soon" →
 * coming_soon (no plan would help, so this comes before the plan); not in the plan → plan_required;
 * else allowed. Switching off is always allowed and needs no check beyond the id.
 */
export type AddonActivation =
  | { ok: true; addon: Addon }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "coming_soon" | "plan_required"; addon: Addon };

export function checkActivation(planId: string | null | undefined, id: string): AddonActivation {
  const addon = findAddon(id);
  if (!addon) return { ok: false, reason: "not_found" };
  if (!addonAvailable(addon)) return { ok: false, reason: "coming_soon", addon };
  if (!planAllowsAddon(planId, addon.id)) return { ok: false, reason: "plan_required", addon };
  return { ok: true, addon };
}

/** One addon as the addons screen and GET /api/v1/addons show it for a site. */
export type AddonStatus = Addon & { included: boolean; available: boolean; active: boolean };

/** Every addon of the catalogue, in its order, with what this site's plan and switches make of it. */
export function addonStatuses(planId: string | null | undefined, switches: AddonSwitches): AddonStatus[] {
  return ADDONS.map((addon) => ({
    ...addon,
    included: planAllowsAddon(planId, addon.id),
    available: addonAvailable(addon),
    active: addonActive(planId, addon, switches),
  }));
}
