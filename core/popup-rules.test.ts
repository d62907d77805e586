import { describe, expect, it } from "vitest";
import { frequencyAllows, isExitIntent, pathMatches, popupAppliesTo, scrollDepth, triggerFired } from "./popup-rules";

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 26);
const signals = { elapsedMs: 0, scrollPercent: 0, exitIntent: false };

describe("which pages", () => {
  it("matches exact paths and prefixes, ignoring a trailing slash and the query", () => {
    expect(pathMatches("/pricing", "/pricing/?ref=x")).toBe(true);
    expect(pathMatches("/pricing", "/pricing-old")).toBe(false);
    expect(pathMatches("/blog/*", "/blog")).toBe(true);
    expect(pathMatches("/blog/*", "/blog/first-post")).toBe(true);
    expect(pathMatches("/blog/*", "/blogroll")).toBe(false);
  });

  it("shows everywhere, only on the listed pages, or except on them", () => {
    expect(popupAppliesTo({ mode: "all", paths: [] }, "/any")).toBe(true);
    expect(popupAppliesTo({ mode: "only", paths: ["/", "/courses/*"] }, "/courses/intro")).toBe(true);
    expect(popupAppliesTo({ mode: "only", paths: ["/", "/courses/*"] }, "/about")).toBe(false);
    expect(popupAppliesTo({ mode: "except", paths: ["/checkout/*"] }, "/checkout/pay")).toBe(false);
    expect(popupAppliesTo({ mode: "except", paths: ["/checkout/*"] }, "/about")).toBe(true);
  });
});

describe("frequency cap", () => {
  it("once: only to a visitor who never saw it", () => {
    expect(frequencyAllows({ type: "once" }, null, now, false)).toBe(true);
    expect(frequencyAllows({ type: "once" }, { shownAt: now - 365 * DAY }, now, false)).toBe(false);
  });

  it("every N days: again once N days have passed", () => {
    const freq = { type: "every_days" as const, days: 3 };
    expect(frequencyAllows(freq, { shownAt: now - 3 * DAY + 1 }, now, false)).toBe(false);
    expect(frequencyAllows(freq, { shownAt: now - 3 * DAY }, now, false)).toBe(true);
  });

  it("every visit: once per browser session", () => {
    expect(frequencyAllows({ type: "every_visit" }, { shownAt: now - 1000 }, now, false)).toBe(true);
    expect(frequencyAllows({ type: "every_visit" }, { shownAt: now - 1000 }, now, true)).toBe(false);
  });

  it("never again after the visitor converted", () => {
    expect(frequencyAllows({ type: "every_visit" }, { shownAt: now - 30 * DAY, converted: true }, now, false)).toBe(
      false,
    );
  });
});

describe("triggers", () => {
  it("delay fires when the seconds have passed", () => {
    expect(triggerFired({ type: "delay", delaySeconds: 5 }, { ...signals, elapsedMs: 4999 })).toBe(false);
    expect(triggerFired({ type: "delay", delaySeconds: 5 }, { ...signals, elapsedMs: 5000 })).toBe(true);
  });

  it("scroll fires at the depth", () => {
    expect(triggerFired({ type: "scroll", scrollPercent: 60 }, { ...signals, scrollPercent: 59 })).toBe(false);
    expect(triggerFired({ type: "scroll", scrollPercent: 60 }, { ...signals, scrollPercent: 60 })).toBe(true);
    expect(scrollDepth(500, 500, 1500)).toBe(50);
    expect(scrollDepth(0, 800, 600)).toBe(100);
  });

  it("exit fires on the mouse leaving through the top only", () => {
    expect(triggerFired({ type: "exit" }, { ...signals, elapsedMs: 60_000, scrollPercent: 100 })).toBe(false);
    expect(triggerFired({ type: "exit" }, { ...signals, exitIntent: true })).toBe(true);
    expect(isExitIntent({ clientY: -2, relatedTarget: null })).toBe(true);
    expect(isExitIntent({ clientY: 300, relatedTarget: null })).toBe(false);
    expect(isExitIntent({ clientY: -2, relatedTarget: {} })).toBe(false);
  });
});
