import { describe, expect, it } from "vitest";
import { routeExists } from "./implemented-routes";
import { availableAreas, elearningLinks, MANAGE_AREAS } from "./manage-areas";

describe("management areas", () => {
  it("offers only screens that exist on a site", () => {
    for (const area of availableAreas()) {
      expect(routeExists(area.href, false)).toBe(true);
      for (const link of area.links) expect(routeExists(link.href, false)).toBe(true);
    }
  });

  it("leaves out an area with no screen, and links an area without its own page to its first screen", () => {
    const only = new Set(["/dashboard/manage/marketing/affiliates"]);
    const areas = availableAreas((p) => only.has(p));
    expect(areas).toEqual([
      {
        id: "marketing",
        href: "/dashboard/manage/marketing/affiliates",
        links: [{ id: "affiliates", href: "/dashboard/manage/marketing/affiliates" }],
      },
    ]);
  });

  it("lists the nine areas of the spec, the site's notifications, app and addons, and the e-learning screens", () => {
    expect(MANAGE_AREAS.map((a) => a.id)).toEqual([
      "site",
      "users",
      "notifications",
      "media",
      "ecommerce",
      "elearning",
      "marketing",
      "reports",
      "support",
      "billing",
      "app",
      "addons",
    ]);
    expect(elearningLinks().map((l) => l.id)).toEqual([
      "courses",
      "categories",
      "quizzes",
      "quizSubmissions",
      "assignmentSubmissions",
      "stats",
    ]);
  });
});
