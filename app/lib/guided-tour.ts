// Runs the guided tour with driver.js, loaded only when a tour starts. Buttons Exit, Back, Next,
// and on the last step Restart and Done; arrow keys move, Escape exits (spec §2).
import type { TFunction } from "../i18n";
import {
  availableSteps,
  TOUR_DONE_KEY,
  TOUR_NAVIGATION_DELAY,
  TOUR_STEP_KEY,
  TOUR_STEPS,
  type TourStep,
} from "./tour-steps";

type Options = {
  t: TFunction;
  startAt?: number;
  /** Whether a page exists (the last step leads to /about only when it does). */
  exists: (path: string) => boolean;
  navigate: (path: string) => void;
};

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A target counts when it is rendered and at least partly on screen (a closed phone sidebar is not). */
function onScreen(selector: string): boolean {
  const el = document.querySelector(selector);
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.right > 0 && r.left < window.innerWidth;
}

function button(label: string, onClick: () => void, className: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = className;
  b.addEventListener("click", onClick);
  return b;
}

export async function runGuidedTour({ t, startAt = 0, exists, navigate }: Options): Promise<void> {
  const [{ driver }] = await Promise.all([import("driver.js"), import("driver.js/dist/driver.css")]);
  const steps: TourStep[] = availableSteps(TOUR_STEPS, onScreen);
  if (!steps.length) return;
  const last = steps.length - 1;
  const leadsOn = (step: TourStep) => (step.navigateTo && exists(step.navigateTo) ? step.navigateTo : null);
  // Leaving the tour, by Exit, Escape or Done, marks it seen, so it does not start again by itself.
  const finish = (d: { destroy(): void }) => {
    const s = store();
    s?.setItem(TOUR_DONE_KEY, "1");
    s?.removeItem(TOUR_STEP_KEY);
    d.destroy();
  };

  const tour = driver({
    showProgress: true,
    allowKeyboardControl: true,
    showButtons: ["next", "previous"],
    nextBtnText: t("tour.next"),
    prevBtnText: t("tour.back"),
    doneBtnText: t("tour.done"),
    progressText: t("tour.progress", { current: "{{current}}", total: "{{total}}" }),
    popoverClass: "atrium-tour",
    steps: steps.map((step, i) => ({
      element: step.target,
      popover: {
        title: t(`tour.steps.${step.id}.title`),
        description: t(`tour.steps.${step.id}.text`),
        ...(i === last && leadsOn(step) ? { doneBtnText: t("tour.doneAndVisit") } : {}),
      },
    })),
    onHighlightStarted: (_el, _step, { state }) => {
      store()?.setItem(TOUR_STEP_KEY, String(state.activeIndex ?? 0));
    },
    onPopoverRender: (popover, { driver: d }) => {
      popover.footerButtons.prepend(button(t("tour.exit"), () => finish(d), "tour-exit"));
      if (d.isLastStep() && steps.length > 1) {
        popover.footerButtons.insertBefore(
          button(t("tour.restart"), () => d.moveTo(0), "tour-restart"),
          popover.nextButton,
        );
      }
    },
    onDoneClick: (_el, _step, { driver: d }) => {
      const to = leadsOn(steps[last]);
      finish(d);
      if (to) window.setTimeout(() => navigate(to), TOUR_NAVIGATION_DELAY);
    },
    // Escape and the overlay close through here (destroy() itself does not, so no loop).
    onDestroyStarted: (_el, _step, { driver: d }) => finish(d),
  });
  tour.drive(Math.min(Math.max(0, startAt), last));
}

/** Restart (spec §4): clears the marker and starts from the first step. */
export function clearTourMarker() {
  const s = store();
  s?.removeItem(TOUR_DONE_KEY);
  s?.removeItem(TOUR_STEP_KEY);
}
