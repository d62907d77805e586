// The guided tour's steps (spec §2) and the rules around them (spec §4): it starts by itself when
// the site's onboard setting is on and no 'account-demo' marker is stored; restarting clears the
// marker; the step reached is stored as the tour goes; finishing sets the marker.

export const TOUR_DONE_KEY = "account-demo";
export const TOUR_STEP_KEY = "account-demo-step";
/** Spec §9: the tour waits 200 ms before navigating. */
export const TOUR_NAVIGATION_DELAY = 200;

export type TourStep = {
  id: string;
  /** The element the step points at (a data-tour attribute); a step without a target is skipped. */
  target: string;
  /** The last step leads on to a page when it exists. */
  navigateTo?: string;
};

export const TOUR_STEPS: readonly TourStep[] = [
  { id: "welcome", target: '[data-tour="welcome"]' },
  { id: "accountMenu", target: '[data-tour="account-menu"]' },
  { id: "profile", target: '[data-tour="profile"]' },
  { id: "setupCompletion", target: '[data-tour="setup-completion"]' },
  { id: "planUsage", target: '[data-tour="plan-usage"]' },
  { id: "extraMenu", target: '[data-tour="extra-menu"]' },
  { id: "profileOptions", target: '[data-tour="profile-options"]' },
  { id: "salesChart", target: '[data-tour="sales-chart"]' },
  { id: "feed", target: '[data-tour="feed"]' },
  { id: "projects", target: '[data-tour="projects"]' },
  { id: "blogPosts", target: '[data-tour="blog-posts"]' },
  { id: "sidebar", target: '[data-tour="sidebar"]', navigateTo: "/about" },
];

/**
 * The steps whose target is on the page now. Spec §8: a missing target is reported as an error
 * in the console, and the tour goes on without that step.
 */
export function availableSteps(
  steps: readonly TourStep[],
  present: (target: string) => boolean,
  report: (message: string) => void = console.error,
): TourStep[] {
  return steps.filter((step) => {
    if (present(step.target)) return true;
    report(`Guided tour: the target of step "${step.id}" (${step.target}) is not on this page; step skipped.`);
    return false;
  });
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Spec §4: start by itself only when onboarding is on and the marker is absent. */
export function shouldAutoStart(onboard: boolean, store: Store | null): boolean {
  if (!onboard || !store) return false;
  try {
    return store.getItem(TOUR_DONE_KEY) === null;
  } catch {
    return false;
  }
}

/** Where an automatic start resumes: the step stored last time, if it is still in range. */
export function resumeStep(store: Store | null, count: number): number {
  const stored = Number(store?.getItem(TOUR_STEP_KEY));
  return Number.isInteger(stored) && stored > 0 && stored < count ? stored : 0;
}
