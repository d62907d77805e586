// A plan's refusals as sentences (a 403 plan_limit or plan_required from any endpoint), with the
// address where the owner raises the limit.
import type { TFunction } from "../i18n";
import { planRequiredDetails, UPGRADE_PATH as UPGRADE } from "../../core/plan-limits";
import { planAllows } from "../../core/plans";

type Details = Record<string, unknown>;

const label = (value: unknown) => {
  const plan = value as { label?: unknown } | null | undefined;
  return typeof plan?.label === "string" ? plan.label : "";
};

/** "This site has reached its courses limit (10 on Lifetime); Professional raises it." */
export function planLimitText(t: TFunction, d: Details): string {
  const what = t(`plan.limits.${String(d.limit ?? "unknown")}`, { defaultValue: String(d.limit ?? "") });
  const base = d.plan
    ? t("plan.limitReached", { what, value: Number(d.value ?? 0), plan: label(d.plan) })
    : t("plan.limitNoPlan", { what });
  return d.raisedBy ? `${base} ${t("plan.raisedBy", { plan: label(d.raisedBy) })}` : base;
}

/** "Forms are not part of the Starter plan; Professional includes them." */
export function planRequiredText(t: TFunction, d: Details): string {
  const what = t(`plan.features.${String(d.feature ?? "unknown")}`, { defaultValue: String(d.feature ?? "") });
  const base = t("plan.featureMissing", { what });
  return d.includedIn ? `${base} ${t("plan.includedIn", { plan: label(d.includedIn) })}` : base;
}

/** A refusal that an upgrade would lift, and the sentence for it; null for any other error. */
export function planRefusal(t: TFunction, error: { code?: string; details?: unknown } | null | undefined) {
  if (!error) return null;
  const d = (error.details ?? {}) as Details;
  if (error.code === "plan_limit") return { text: planLimitText(t, d), upgrade: String(d.upgrade ?? UPGRADE) };
  if (error.code === "plan_required") return { text: planRequiredText(t, d), upgrade: String(d.upgrade ?? UPGRADE) };
  return null;
}

/** The code of a plan refusal in an action's answer (`{ error: { code } }`), or null. */
export function planRefusalCode(result: unknown): "plan_limit" | "plan_required" | null {
  const code = (result as { error?: { code?: unknown } } | null | undefined)?.error?.code;
  return code === "plan_limit" || code === "plan_required" ? code : null;
}

/** For a screen a plan feature gates: null when the plan has it, else the plan_required answer it shows. */
export function planLock(planId: string | null, feature: string) {
  if (planAllows(planId, feature)) return null;
  return {
    error: {
      code: "plan_required" as const,
      message: `The site's plan does not include ${feature}`,
      details: planRequiredDetails(planId, feature),
    },
  };
}

/** For an addon the site's plan lacks: the plan_required answer whose hint names the plan that includes it. */
export function addonLock(planId: string | null, addon: string) {
  return {
    error: {
      code: "plan_required" as const,
      message: `The site's plan does not include the ${addon} addon`,
      details: planRequiredDetails(planId, addon, { addon: true }),
    },
  };
}
