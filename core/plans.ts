import { ALL_ADDONS } from "./addons";
import { buildPricing } from "./plan-pricing";
import type { Plan, PlanId, PlanSlug, StorageLimits } from "./plan-types";

export const PLAN_IDS = {
  starter: "5b1f1c2e-0000-4000-8000-000000000001",
  professional: "5b1f1c2e-0000-4000-8000-000000000002",
  dedicated: "5b1f1c2e-0000-4000-8000-000000000003",
  lifetime: "5b1f1c2e-0000-4000-8000-000000000004",
} as const satisfies Record<PlanSlug, PlanId>;

/**
 * Dedicated accounts run their own video hosting, so their credentials are read from the
 * account's options rather than fetched from the platform defaults (spec §7).
 */
export const SPECIAL_PLAN_ID: PlanId = PLAN_IDS.dedicated;

export const USAGE_METER_KEYS = [
  "mau",
  "emails",
  "aitokens",
  "images",
  "videos",
  "storage",
  "chats",
  "notifications",
  "emailverifications",
  "jitsi",
  "transcribe",
] as const;
export type UsageMeterKey = (typeof USAGE_METER_KEYS)[number];

const STARTER_FEATURES = ["ai", "aiques", "emails"];
const PROFESSIONAL_FEATURES = [...STARTER_FEATURES, "forms", "unittimings", "attendance", "parent", "commissions"];
// courses, groups and funnels are counted by Lifetime's limits, not switched on as features:
// listing them here would make every other plan fail a planAllows check for them.
const LIFETIME_FEATURES = [
  ...PROFESSIONAL_FEATURES,
  "tieredpricing",
  "subscriptions",
  "unlimitedpages",
  "gamification",
  "appointments",
  "phoneauth",
  "single_session",
];
const BASIC_ADDONS = ["certificates", "zoom"];
// Lifetime's "extended" list: everything except white-label, which stays a Professional perk.
const LIFETIME_ADDONS = ALL_ADDONS.filter((addon) => addon !== "whitelabel");

// Storage counts for images and videos are not in the spec; they scale with the megabytes.
const storage = (images: number, videos: number, megabytes: number): StorageLimits => ({
  images,
  videos,
  storage: megabytes,
});

const starterMonthly = { usd: 29, iterations: 48 };
const starterAnnual = { usd: 299, iterations: 4 };

export const PLANS: readonly Plan[] = [
  {
    id: PLAN_IDS.starter,
    slug: "starter",
    label: "Starter",
    description: "Everything a new school needs to sell its first courses.",
    kind: "subscription",
    features: STARTER_FEATURES,
    addons: BASIC_ADDONS,
    limits: {
      totalMembers: 10000,
      monthlyEmails: 10000,
      chats: 100,
      ai_tokens: 1000,
      email_verify: 100,
      transcribe: 100,
      storage: storage(1000, 100, 1024),
    },
    pricing: buildPricing("starter", { monthly: starterMonthly, annual: starterAnnual }, 30, {
      monthly: starterMonthly,
      annual: starterAnnual,
      onetime: { usd: 299, iterations: null },
    }),
    trialDays: 30,
    concurrentUsers: 50,
  },
  {
    id: PLAN_IDS.professional,
    slug: "professional",
    label: "Professional",
    description: "For growing academies: forms, attendance, parents, commissions and every addon.",
    kind: "subscription",
    features: PROFESSIONAL_FEATURES,
    addons: [...ALL_ADDONS],
    // ai_tokens, email_verify and transcribe are not in the spec: 10x Starter, like members.
    limits: {
      totalMembers: 100000,
      monthlyEmails: 100000,
      chats: 1000,
      ai_tokens: 10000,
      email_verify: 1000,
      transcribe: 1000,
      storage: storage(10000, 1000, 10240),
    },
    pricing: buildPricing(
      "professional",
      { monthly: { usd: 99, iterations: 24 }, annual: { usd: 999, iterations: 2 } },
      30,
    ),
    trialDays: 30,
    concurrentUsers: 100,
  },
  {
    id: PLAN_IDS.dedicated,
    slug: "dedicated",
    label: "Dedicated",
    description: "Professional features on infrastructure and video hosting you control.",
    kind: "subscription",
    features: PROFESSIONAL_FEATURES,
    addons: BASIC_ADDONS,
    // The customer's own infrastructure carries the load, so the platform meters only groups.
    limits: { groups: 3 },
    pricing: buildPricing(
      "dedicated",
      { monthly: { usd: 49, iterations: 24 }, annual: { usd: 499, iterations: 2 } },
      30,
    ),
    trialDays: 30,
    concurrentUsers: 500,
  },
  {
    id: PLAN_IDS.lifetime,
    slug: "lifetime",
    label: "Lifetime",
    description: "One payment, no renewals: a smaller site with the widest feature list.",
    kind: "lifetime",
    features: LIFETIME_FEATURES,
    addons: LIFETIME_ADDONS,
    limits: {
      ai_tokens: 500,
      mau: 5000,
      emails: 5000,
      chats: 50,
      courses: 10,
      groups: 3,
      funnels: 3,
      storage: storage(500, 50, 512),
    },
    pricing: buildPricing("lifetime", { onetime: { usd: 19, iterations: null } }, 0),
    trialDays: 0,
    concurrentUsers: 500,
  },
];

type PlanRef = PlanId | null | undefined;

export function findPlan(id: PlanRef): Plan | undefined {
  if (!id) return undefined;
  const wanted = id.toLowerCase();
  return PLANS.find((plan) => plan.id === wanted);
}

export function findPlanBySlug(slug: PlanSlug): Plan {
  const plan = PLANS.find((candidate) => candidate.slug === slug);
  if (!plan) throw new Error(`Plan catalogue has no ${slug} plan`);
  return plan;
}

/** Spec §7: Dedicated accounts read video-hosting credentials from their own options. */
export function readsCredentialsFromOptions(planId: PlanRef): boolean {
  return findPlan(planId)?.id === SPECIAL_PLAN_ID;
}

/**
 * Spec §6 checks the special plan before the rest of the catalogue; keeping that order means
 * its id alone decides, whatever happens to the catalogue around it.
 */
export function planAllows(planId: PlanRef, feature: string): boolean {
  if (!planId) return false;
  const plan = planId.toLowerCase() === SPECIAL_PLAN_ID ? findPlanBySlug("dedicated") : findPlan(planId);
  return plan?.features.includes(feature) ?? false;
}

export function planAllowsAddon(planId: PlanRef, addon: string): boolean {
  return findPlan(planId)?.addons.includes(addon) ?? false;
}

const NO_STORAGE: StorageLimits = { images: 0, videos: 0, storage: 0 };

export function planStorageLimits(planId: PlanRef): StorageLimits {
  const value = findPlan(planId)?.limits.storage;
  if (typeof value === "number") return { ...NO_STORAGE, storage: value };
  return { ...NO_STORAGE, ...value };
}

/**
 * A limit by name; 0 when the plan does not list it or there is no plan. images, videos and
 * storage live in the nested storage object, so a meter can ask for any of them by name.
 */
export function planLimit(planId: PlanRef, name: string): number {
  const value = findPlan(planId)?.limits[name];
  if (typeof value === "number") return value;
  if (name === "storage" || name === "images" || name === "videos") {
    return planStorageLimits(planId)[name];
  }
  return 0;
}
