import { describe, expect, it } from "vitest";
import { SETUP_STEPS, setupChecklist } from "./setup-checklist";

const none = Object.fromEntries(SETUP_STEPS.map((s) => [s, false])) as Record<(typeof SETUP_STEPS)[number], boolean>;

describe("setup checklist", () => {
  it("ticks the steps the site has done and counts them", () => {
    const list = setupChecklist({ ...none, logo: true, course: true }, () => true);
    expect(list.items.map((i) => [i.id, i.done])).toEqual([
      ["logo", true],
      ["course", true],
      ["product", false],
      ["payments", false],
      ["domain", false],
      ["student", false],
    ]);
    expect(list.done).toBe(2);
    expect(list.total).toBe(6);
    expect(list.complete).toBe(false);
  });

  it("is complete when every step is done", () => {
    const all = Object.fromEntries(SETUP_STEPS.map((s) => [s, true])) as typeof none;
    expect(setupChecklist(all, () => true).complete).toBe(true);
  });

  it("links a step only to a screen that exists", () => {
    const list = setupChecklist(none, (path) => path !== "/dashboard/manage/site/domain");
    expect(list.items.find((i) => i.id === "domain")?.href).toBeNull();
    expect(list.items.find((i) => i.id === "course")?.href).toBe("/dashboard/instructor/new");
  });
});
