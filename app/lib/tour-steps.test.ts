import { describe, expect, it, vi } from "vitest";
import { availableSteps, resumeStep, shouldAutoStart, TOUR_DONE_KEY, TOUR_STEP_KEY, TOUR_STEPS } from "./tour-steps";

const memory = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

describe("guided tour", () => {
  it("has the spec's twelve steps, ending with the sidebar and /about", () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      "welcome",
      "accountMenu",
      "profile",
      "setupCompletion",
      "planUsage",
      "extraMenu",
      "profileOptions",
      "salesChart",
      "feed",
      "projects",
      "blogPosts",
      "sidebar",
    ]);
    expect(TOUR_STEPS.at(-1)?.navigateTo).toBe("/about");
  });

  it("keeps only steps whose target exists and reports each missing one", () => {
    const report = vi.fn();
    const present = new Set(['[data-tour="welcome"]', '[data-tour="sidebar"]']);
    const steps = availableSteps(TOUR_STEPS, (t) => present.has(t), report);
    expect(steps.map((s) => s.id)).toEqual(["welcome", "sidebar"]);
    expect(report).toHaveBeenCalledTimes(TOUR_STEPS.length - 2);
    expect(report.mock.calls[0][0]).toContain("accountMenu");
  });

  it("starts by itself only with onboarding on and no account-demo marker", () => {
    expect(shouldAutoStart(true, memory())).toBe(true);
    expect(shouldAutoStart(false, memory())).toBe(false);
    expect(shouldAutoStart(true, memory({ [TOUR_DONE_KEY]: "1" }))).toBe(false);
    expect(shouldAutoStart(true, null)).toBe(false);
  });

  it("resumes at the stored step when it is in range", () => {
    expect(resumeStep(memory({ [TOUR_STEP_KEY]: "2" }), 5)).toBe(2);
    expect(resumeStep(memory({ [TOUR_STEP_KEY]: "9" }), 5)).toBe(0);
    expect(resumeStep(memory({ [TOUR_STEP_KEY]: "x" }), 5)).toBe(0);
    expect(resumeStep(memory(), 5)).toBe(0);
  });
});
