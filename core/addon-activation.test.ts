import { describe, expect, it } from "vitest";
import { findAddon } from "./addons";
import { addonActive, addonStatuses, addonSwitches, checkActivation } from "./addon-activation";
import { PLAN_IDS } from "./plans";

const { starter, professional, lifetime } = PLAN_IDS;
const addon = (id: string) => {
  const found = findAddon(id);
  if (!found) throw new Error(`missing addon ${id}`);
  return found;
};

describe("which addons are on", () => {
  it("turns an addon the plan includes on from the start, until the owner switches it off", () => {
    expect(addonActive(starter, addon("certificates"), {})).toBe(true);
    expect(addonActive(starter, addon("certificates"), { certificates: false })).toBe(false);
    expect(addonActive(starter, addon("certificates"), { certificates: true })).toBe(true);
  });

  it("never counts an addon the plan lacks as on, whatever was stored", () => {
    expect(addonActive(starter, addon("jitsi"), { jitsi: true })).toBe(false);
    expect(addonActive(null, addon("zoom"), {})).toBe(false);
    expect(addonActive(lifetime, addon("jitsi"), {})).toBe(true);
  });

  it("keeps a Coming soon addon off even on a plan that includes it", () => {
    expect(addonActive(professional, addon("ai_tutor"), {})).toBe(false);
    expect(addonActive(professional, addon("ai_tutor"), { ai_tutor: true })).toBe(false);
  });

  it("reads only known ids with boolean values from the stored option", () => {
    expect(addonSwitches({ certificates: false, zoom: "no", nope: false, jitsi: true })).toEqual({
      certificates: false,
      jitsi: true,
    });
    expect(addonSwitches(null)).toEqual({});
    expect(addonSwitches([false])).toEqual({});
    expect(addonSwitches("certificates")).toEqual({});
  });
});

describe("switching an addon on", () => {
  it("allows an addon the plan includes", () => {
    expect(checkActivation(starter, "zoom")).toMatchObject({ ok: true, addon: { id: "zoom" } });
  });

  it("refuses an addon the plan lacks with plan_required", () => {
    expect(checkActivation(starter, "whitelabel")).toMatchObject({ ok: false, reason: "plan_required" });
    expect(checkActivation(lifetime, "whitelabel")).toMatchObject({ ok: false, reason: "plan_required" });
    expect(checkActivation(null, "certificates")).toMatchObject({ ok: false, reason: "plan_required" });
  });

  it("refuses a Coming soon addon before asking the plan (no upgrade would help)", () => {
    expect(checkActivation(professional, "ai_tutor")).toMatchObject({ ok: false, reason: "coming_soon" });
    expect(checkActivation(starter, "ai_tutor")).toMatchObject({ ok: false, reason: "coming_soon" });
  });

  it("does not know an id outside the catalogue", () => {
    expect(checkActivation(professional, "teleport")).toEqual({ ok: false, reason: "not_found" });
  });
});

describe("the addons of a site", () => {
  it("lists the whole catalogue in order with included, available and active", () => {
    const list = addonStatuses(starter, { zoom: false });
    expect(list.map((a) => a.id)).toEqual([
      "certificates",
      "zoom",
      "jitsi",
      "transcribe",
      "email_verify",
      "ai_tutor",
      "whitelabel",
    ]);
    const byId = Object.fromEntries(list.map((a) => [a.id, a]));
    expect(byId.certificates).toMatchObject({ included: true, available: true, active: true, price: "Free" });
    expect(byId.zoom).toMatchObject({ included: true, active: false });
    expect(byId.jitsi).toMatchObject({ included: false, active: false, price: "Active" });
    expect(byId.ai_tutor).toMatchObject({ included: false, available: false, active: false, badge: "New" });
  });
});
