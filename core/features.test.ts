import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_FEATURES, isSiteFeature, SITE_FEATURES, siteHasFeature } from "./features";

describe("site features", () => {
  it("lists the five flags an account can carry", () => {
    expect([...SITE_FEATURES]).toEqual(["lms", "groups", "appointments", "gamification", "single_session"]);
  });

  it("turns only lms on by default", () => {
    expect(DEFAULT_SITE_FEATURES).toEqual({
      lms: true,
      groups: false,
      appointments: false,
      gamification: false,
      single_session: false,
    });
    expect(Object.isFrozen(DEFAULT_SITE_FEATURES)).toBe(true);
  });

  it("reads a stored flag", () => {
    expect(siteHasFeature({ groups: true }, "groups")).toBe(true);
    expect(siteHasFeature({ lms: false }, "lms")).toBe(false);
    expect(siteHasFeature({ gamification: false }, "gamification")).toBe(false);
  });

  it("falls back to the defaults for missing flags or settings", () => {
    expect(siteHasFeature({}, "lms")).toBe(true);
    expect(siteHasFeature({}, "appointments")).toBe(false);
    expect(siteHasFeature(null, "lms")).toBe(true);
    expect(siteHasFeature(undefined, "groups")).toBe(false);
  });

  it("recognises flag names", () => {
    expect(isSiteFeature("single_session")).toBe(true);
    expect(isSiteFeature("forms")).toBe(false);
  });
});

import { planFeatureFor } from "./features";

describe("planFeatureFor", () => {
  it("gates the flags the Lifetime plan lists, and leaves learning open", () => {
    expect(planFeatureFor("single_session")).toBe("single_session");
    expect(planFeatureFor("gamification")).toBe("gamification");
    expect(planFeatureFor("appointments")).toBe("appointments");
    expect(planFeatureFor("lms")).toBeNull();
    expect(planFeatureFor("groups")).toBeNull();
  });
});
