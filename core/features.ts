export const SITE_FEATURES = ["lms", "groups", "appointments", "gamification", "single_session"] as const;

export type SiteFeature = (typeof SITE_FEATURES)[number];
export type SiteFeatures = Record<SiteFeature, boolean>;

// Learning is what the product is for, so a site that never saved its flags still has it;
// everything else is opt-in.
export const DEFAULT_SITE_FEATURES: Readonly<SiteFeatures> = Object.freeze({
  lms: true,
  groups: false,
  appointments: false,
  gamification: false,
  single_session: false,
});

export function isSiteFeature(value: string): value is SiteFeature {
  return (SITE_FEATURES as readonly string[]).includes(value);
}

/**
 * Stored account settings are often partial (older rows, hand edits), so a flag that was
 * never written falls back to the default rather than silently switching the feature off.
 */
export function siteHasFeature(features: Partial<SiteFeatures> | null | undefined, feature: SiteFeature): boolean {
  const stored = features?.[feature];
  return typeof stored === "boolean" ? stored : DEFAULT_SITE_FEATURES[feature];
}

/**
 * Site flags that only some plans may switch on (spec §6: Lifetime lists gamification,
 * appointments and single_session among its features). Learning and groups are open to all plans;
 * groups are bounded by the plan's `groups` limit instead.
 */
export const PLAN_GATED_FEATURES: Readonly<Partial<Record<SiteFeature, string>>> = Object.freeze({
  gamification: "gamification",
  appointments: "appointments",
  single_session: "single_session",
});

/** The plan feature a site needs before it may switch this flag on, if any. */
export function planFeatureFor(feature: SiteFeature): string | null {
  return PLAN_GATED_FEATURES[feature] ?? null;
}
