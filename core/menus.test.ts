import { describe, expect, it } from "vitest";
import {
  applyMenuPreference,
  type MenuInput,
  menuPreferenceRows,
  profileMenu,
  quickCreateMenu,
  sidebarKind,
  sidebarMenu,
} from "./menus";

const everything = () => true;
const member = (over: Partial<MenuInput> = {}): MenuInput => ({
  isPlatform: false,
  isStaff: false,
  caps: [],
  features: { lms: true, groups: false, appointments: false, gamification: false },
  exists: everything,
  ...over,
});
const hrefs = (items: { href?: string }[]) => items.map((i) => i.href);

describe("member dashboard menu (spec §2 route table)", () => {
  it("a student on a site with lms only: always-on items, courses, orders, messages", () => {
    expect(hrefs(sidebarMenu(member()))).toEqual([
      "/dashboard",
      "/dashboard/activity",
      "/dashboard/meetings",
      "/dashboard/notifications",
      "/dashboard/courses",
      "/dashboard/wishlist",
      "/dashboard/orders",
      "/dashboard/messages",
    ]);
  });

  it("support tickets: for the site's managers, last, and never for students", () => {
    expect(hrefs(sidebarMenu(member({ caps: ["manage_options"] }))).at(-1)).toBe("/dashboard/tickets");
    expect(hrefs(sidebarMenu(member()))).not.toContain("/dashboard/tickets");
  });

  it("billing, app and addons: for the site's managers, in the owner menu's order", () => {
    const manager = hrefs(sidebarMenu(member({ caps: ["manage_options"] })));
    const at = (path: string) => manager.indexOf(path);
    expect(at("/dashboard/billing")).toBeGreaterThan(-1);
    expect(at("/dashboard/app")).toBe(at("/dashboard/billing") + 1);
    expect(at("/dashboard/addons")).toBe(at("/dashboard/app") + 1);
    expect(hrefs(sidebarMenu(member()))).not.toContain("/dashboard/addons");
  });

  it("feature flags gate courses, groups, bookings, appointments and points", () => {
    const none = sidebarMenu(member({ features: { lms: false } }));
    expect(hrefs(none)).not.toContain("/dashboard/courses");
    expect(hrefs(none)).not.toContain("/dashboard/wishlist");
    const all = hrefs(
      sidebarMenu(member({ features: { lms: true, groups: true, appointments: true, gamification: true } })),
    );
    for (const path of [
      "/dashboard/courses",
      "/dashboard/groups",
      "/dashboard/bookings",
      "/dashboard/appointments",
      "/dashboard/points",
    ]) {
      expect(all).toContain(path);
    }
  });

  it("a stored flag missing falls back to the default (lms on)", () => {
    expect(hrefs(sidebarMenu(member({ features: {} })))).toContain("/dashboard/courses");
  });

  it("instructor area: create_courses, or manage_options with lms", () => {
    expect(hrefs(sidebarMenu(member({ caps: ["create_courses"] })))).toContain("/dashboard/instructor");
    expect(hrefs(sidebarMenu(member({ caps: ["manage_options"] })))).toContain("/dashboard/instructor");
    expect(hrefs(sidebarMenu(member({ caps: ["manage_options"], features: { lms: false } })))).not.toContain(
      "/dashboard/instructor",
    );
    expect(hrefs(sidebarMenu(member({ caps: ["edit_posts"] })))).not.toContain("/dashboard/instructor");
  });

  it("pages, posts and reports for manage_options; orders only without it", () => {
    const owner = hrefs(sidebarMenu(member({ caps: ["manage_options"] })));
    expect(owner).toContain("/dashboard/pages");
    expect(owner).toContain("/dashboard/posts");
    expect(owner).toContain("/dashboard/reports");
    expect(hrefs(sidebarMenu(member({ caps: ["create_courses", "edit_posts"] })))).not.toContain("/dashboard/reports");
    expect(owner).not.toContain("/dashboard/orders");
    const student = hrefs(sidebarMenu(member()));
    expect(student).not.toContain("/dashboard/pages");
    expect(student).toContain("/dashboard/orders");
  });
});

describe("no dead links", () => {
  it("leaves out every item whose screen does not exist", () => {
    const built = new Set(["/dashboard", "/dashboard/notifications"]);
    const items = sidebarMenu(member({ caps: ["manage_options"], exists: (p) => built.has(p) }));
    expect(hrefs(items)).toEqual(["/dashboard", "/dashboard/notifications"]);
  });

  it("profile menu keeps log out (a form, not a link) and drops unbuilt manage screens", () => {
    const built = new Set(["/dashboard/profile", "/dashboard/manage/users"]);
    const items = profileMenu(member({ caps: ["manage_options"], exists: (p) => built.has(p) }));
    expect(items.map((i) => i.id)).toEqual(["profile", "manageUsers", "logout"]);
  });

  it("quick-create links only for screens that exist", () => {
    const items = quickCreateMenu({ caps: ["manage_options"], exists: (p) => p === "/dashboard/media" });
    expect(items).toEqual([{ id: "media", href: "/dashboard/media?new=1", labelKey: "quickCreate.media" }]);
    expect(quickCreateMenu({ caps: ["manage_options"], exists: () => false })).toEqual([]);
  });

  it("leaves out quick-create links to a system the plan does not include", () => {
    const ids = (allows: (f: string) => boolean) =>
      quickCreateMenu({ caps: ["manage_options"], exists: () => true, planAllows: allows }).map((i) => i.id);
    expect(ids(() => true)).toContain("affiliates");
    const starter = ids((f) => ["ai", "aiques", "emails"].includes(f));
    expect(starter).not.toContain("affiliates");
    expect(starter).not.toContain("forms");
    expect(starter).toContain("posts");
  });
});

describe("account-owner and staff menus (platform side)", () => {
  it("sidebar kind follows the platform flag and the staff list", () => {
    expect(sidebarKind({ isPlatform: false, isStaff: true })).toBe("member");
    expect(sidebarKind({ isPlatform: true, isStaff: false })).toBe("owner");
    expect(sidebarKind({ isPlatform: true, isStaff: true })).toBe("staff");
  });

  it("account-owner menu in the spec's order", () => {
    expect(hrefs(sidebarMenu(member({ isPlatform: true })))).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/billing",
      "/dashboard/app",
      "/dashboard/setup",
      "/dashboard/addons",
      "/dashboard/reports",
      "/dashboard/tickets",
    ]);
  });

  it("staff menu: main items, then content, support, billing and maintenance groups", () => {
    const items = sidebarMenu(member({ isPlatform: true, isStaff: true }));
    expect(hrefs(items)).toEqual([
      "/dashboard",
      "/dashboard/notifications",
      "/dashboard/accounts",
      "/dashboard/accounts/owners",
      "/dashboard/pages",
      "/dashboard/posts",
      "/dashboard/updates",
      "/dashboard/docs",
      "/dashboard/tickets",
      "/dashboard/billing/customers",
      "/dashboard/billing/subscriptions",
      "/dashboard/billing/products",
      "/dashboard/billing/orders",
      "/dashboard/maintenance/crons",
      "/dashboard/maintenance/mail",
    ]);
    expect(items.find((i) => i.href === "/dashboard/updates")?.groupKey).toBe("menuGroups.content");
    expect(items[0].groupKey).toBeUndefined();
  });
});

describe("profile menu", () => {
  it("a student: profile and log out; affiliate only with an affiliate record", () => {
    expect(profileMenu(member()).map((i) => i.id)).toEqual(["profile", "logout"]);
    expect(profileMenu(member({ hasAffiliate: true })).map((i) => i.id)).toEqual(["profile", "affiliate", "logout"]);
  });

  it("manage_options adds the manage links; appointments and gamification only with the feature", () => {
    const base = profileMenu(member({ caps: ["manage_options"] })).map((i) => i.href);
    expect(base).toEqual([
      "/dashboard/profile",
      "/dashboard/manage/site",
      "/dashboard/manage/users",
      "/dashboard/media",
      "/dashboard/manage/ecommerce",
      "/dashboard/manage/elearning",
      "/dashboard/manage/marketing",
      "/dashboard/manage",
      undefined,
    ]);
    const withFeatures = profileMenu(
      member({ caps: ["manage_options"], features: { appointments: true, gamification: true } }),
    ).map((i) => i.href);
    expect(withFeatures).toContain("/dashboard/manage/appointments");
    expect(withFeatures).toContain("/dashboard/manage/gamification");
  });
});

describe("quick-create links", () => {
  it("managers get all fifteen, edit_posts only new course and quiz, others none", () => {
    expect(quickCreateMenu({ caps: ["manage_options"], exists: everything })).toHaveLength(15);
    expect(quickCreateMenu({ caps: ["edit_posts"], exists: everything }).map((l) => l.id)).toEqual([
      "courses",
      "quizzes",
    ]);
    expect(quickCreateMenu({ caps: [], exists: everything })).toEqual([]);
  });
});

describe("menu preference", () => {
  const items = sidebarMenu(member());

  it("no preference keeps the default menu", () => {
    expect(applyMenuPreference(items, null)).toEqual(items);
    expect(applyMenuPreference(items, [])).toEqual(items);
  });

  it("orders by the preference, hides switched-off items, appends unnamed ones", () => {
    const result = applyMenuPreference(items, [
      { id: "messages", enabled: true },
      { id: "dashboard", enabled: true },
      { id: "activity", enabled: false },
      { id: "courses", enabled: true },
    ]);
    expect(result.map((i) => i.id)).toEqual([
      "messages",
      "dashboard",
      "courses",
      "meetings",
      "notifications",
      "wishlist",
      "orders",
    ]);
  });

  it("the dashboard home cannot be hidden; unknown ids are ignored", () => {
    const result = applyMenuPreference(items, [
      { id: "dashboard", enabled: false },
      { id: "gone", enabled: true },
    ]);
    expect(result[0].id).toBe("dashboard");
    expect(result).toHaveLength(items.length);
  });

  it("editor rows list hidden items too, in the person's order", () => {
    const rows = menuPreferenceRows(items, [
      { id: "orders", enabled: false },
      { id: "dashboard", enabled: true },
    ]);
    expect(rows.map((r) => [r.id, r.enabled])).toEqual([
      ["orders", false],
      ["dashboard", true],
      ["activity", true],
      ["meetings", true],
      ["notifications", true],
      ["courses", true],
      ["wishlist", true],
      ["messages", true],
    ]);
  });
});
