// What a plan allows in numbers (spec §6, §9): which limit bounds each limited thing, what a
// refusal says, and which plan would raise it. Pure rules, shared by the server (which enforces
// them in the same transaction as the write) and the screens (which show meters and refusals).
// Decision 0028 explains the reading of "a limit the plan does not name is 0".
import { findPlan, findPlanBySlug, PLANS, planAllows, planLimit, SPECIAL_PLAN_ID, type UsageMeterKey } from "./plans";
import type { Plan, PlanSlug } from "./plan-types";

/**
 * Things a site holds, counted from its rows (not per month). A plan that does not name their
 * limit does not cap them: the §9 table caps courses, groups and funnels on Lifetime and
 * Dedicated only, and a Starter school with no course allowance would be no school.
 */
export const COUNT_LIMITS = ["totalMembers", "courses", "groups", "funnels", "pages"] as const;
export type CountLimit = (typeof COUNT_LIMITS)[number];

/** Limits on the site's audience and content: not named means not capped (the rest: not included). */
const CAPPED_ONLY_WHEN_NAMED: readonly string[] = [...COUNT_LIMITS, "mau"];

/**
 * Services the platform pays for, metered per site per month (§9 meters) or, for the media
 * library, by what it holds now. A plan that does not name their limit includes none of them.
 */
export const SERVICE_LIMITS = [
  "mau",
  "monthlyEmails",
  "ai_tokens",
  "chats",
  "email_verify",
  "transcribe",
  "images",
  "videos",
  "storage",
] as const;
export type ServiceLimit = (typeof SERVICE_LIMITS)[number];
export type LimitName = CountLimit | ServiceLimit;

/** Without the `unlimitedpages` feature a site keeps at most this many pages (decision 0028). */
export const PAGES_WITHOUT_UNLIMITED = 10;

/**
 * Which limit bounds each monthly meter; null where the meter only counts. The images, videos and
 * storage meters record a month's uploads (storage in bytes); their limits bound what the media
 * library holds now, checked at upload, since deleting a file gives its room back.
 */
export const METER_LIMIT: Record<UsageMeterKey, ServiceLimit | null> = {
  mau: "mau",
  emails: "monthlyEmails",
  aitokens: "ai_tokens",
  images: null,
  videos: null,
  storage: null,
  chats: "chats",
  notifications: null,
  emailverifications: "email_verify",
  jitsi: null,
  transcribe: "transcribe",
};

/** Monthly e-mails go by two names in the catalogue (Lifetime says `emails`). */
const ALIASES: Partial<Record<LimitName, string[]>> = { monthlyEmails: ["monthlyEmails", "emails"] };

function planOf(planId: string | null | undefined): Plan | undefined {
  if (!planId) return undefined;
  // The special plan is checked first (§6), as planAllows does.
  return planId.toLowerCase() === SPECIAL_PLAN_ID ? findPlanBySlug("dedicated") : findPlan(planId);
}

function named(plan: Plan, name: LimitName): boolean {
  const names = ALIASES[name] ?? [name];
  if (names.some((n) => plan.limits[n] !== undefined)) return true;
  if (name === "images" || name === "videos" || name === "storage") return plan.limits.storage !== undefined;
  return false;
}

function namedValue(plan: Plan, name: LimitName): number {
  for (const n of ALIASES[name] ?? [name]) if (plan.limits[n] !== undefined) return planLimit(plan.id, n);
  // images, videos and storage live in the nested storage object.
  return planLimit(plan.id, name);
}

/**
 * The most a site on this plan may have or use of one limited thing; null means not capped.
 * No plan: 0 for everything (§6 "defaulting to 0 with no plan").
 */
export function limitOf(planId: string | null | undefined, name: LimitName): number | null {
  const plan = planOf(planId);
  if (!plan) return 0;
  if (name === "pages") return planAllows(plan.id, "unlimitedpages") ? null : PAGES_WITHOUT_UNLIMITED;
  if (named(plan, name)) return namedValue(plan, name);
  return CAPPED_ONLY_WHEN_NAMED.includes(name) ? null : 0;
}

/** Whether `used + amount` stays within the limit. */
export function fitsLimit(limit: number | null, used: number, amount = 1): boolean {
  return limit === null || used + amount <= limit;
}

const PLAN_ORDER: PlanSlug[] = ["starter", "professional", "lifetime", "dedicated"];
const BY_PRICE = [...PLANS].sort((a, b) => PLAN_ORDER.indexOf(a.slug) - PLAN_ORDER.indexOf(b.slug));

/** The first plan (in the order the pricing page shows them) that gives more of this limit. */
export function planRaising(name: LimitName, current: number | null): Plan | null {
  if (current === null) return null;
  return BY_PRICE.find((p) => fitsLimit(limitOf(p.id, name), current, 1)) ?? null;
}

/** The first plan that includes a feature, for the "upgrade to …" hint of a plan_required refusal. */
export function planIncluding(feature: string): Plan | null {
  return BY_PRICE.find((p) => planAllows(p.id, feature)) ?? null;
}

/** Where an owner changes plan (the platform site's billing screen). */
export const UPGRADE_PATH = "/dashboard/billing";

/** The body of a 403 plan_limit refusal's details: which limit, its value, and what raises it. */
export interface PlanLimitDetails {
  limit: LimitName;
  value: number;
  used: number;
  plan: { slug: PlanSlug; label: string } | null;
  raisedBy: { slug: PlanSlug; label: string } | null;
  upgrade: string;
}

export function planLimitDetails(planId: string | null | undefined, name: LimitName, used: number): PlanLimitDetails {
  const plan = planOf(planId);
  const value = limitOf(planId, name) ?? 0;
  const raising = planRaising(name, used);
  return {
    limit: name,
    value,
    used,
    plan: plan ? { slug: plan.slug, label: plan.label } : null,
    raisedBy: raising && raising.id !== plan?.id ? { slug: raising.slug, label: raising.label } : null,
    upgrade: UPGRADE_PATH,
  };
}

/** The sentence a refusal carries, in English (screens translate from the details). */
export function planLimitMessage(d: PlanLimitDetails): string {
  const on = d.plan ? `the ${d.plan.label} plan` : "a site without a plan";
  const raise = d.raisedBy ? `; the ${d.raisedBy.label} plan raises it` : "";
  return `This site has reached its ${d.limit} limit of ${d.value} on ${on}${raise}`;
}

/** The details of a plan_required refusal: the feature (or addon), the site's plan, and what includes it. */
export function planRequiredDetails(
  planId: string | null | undefined,
  feature: string,
  opts: { addon?: boolean } = {},
) {
  const plan = planOf(planId);
  const including = opts.addon ? (BY_PRICE.find((p) => p.addons.includes(feature)) ?? null) : planIncluding(feature);
  return {
    feature,
    ...(opts.addon ? { addon: true } : {}),
    plan: plan ? { slug: plan.slug, label: plan.label } : null,
    includedIn: including ? { slug: including.slug, label: including.label } : null,
    upgrade: UPGRADE_PATH,
  };
}
