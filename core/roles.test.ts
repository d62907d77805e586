import { describe, expect, it } from "vitest";
import {
  ADMIN_PERMISSIONS,
  registrationEventOf,
  CAPS,
  canUseInstructorArea,
  DEFAULT_ROLES,
  hasCap,
  isManager,
  isStaffEmail,
  quickCreateLinks,
  showsAdminQuickMenu,
  showsAdminToolbar,
  showsOrders,
} from "./roles";

const role = (name: string) => DEFAULT_ROLES.find((r) => r.name === name)?.caps ?? null;

describe("seeded roles", () => {
  it("gives students no capabilities", () => {
    expect(role("student")).toEqual([]);
  });

  it("lets instructors author and run courses but not manage the site", () => {
    const caps = role("instructor");
    expect(caps).toEqual([
      "create_courses",
      "edit_posts",
      "manage_curriculum",
      "manage_students",
      "manage_submissions",
      "manage_stats",
    ]);
    expect(isManager(caps)).toBe(false);
  });

  it("gives admins every capability and admin permission", () => {
    const caps = role("admin");
    for (const cap of [...CAPS, ...ADMIN_PERMISSIONS]) expect(hasCap(caps, cap)).toBe(true);
  });
});

describe("capability checks", () => {
  it("treats a missing caps list as no capabilities", () => {
    expect(hasCap(null, "admin")).toBe(false);
    expect(hasCap(undefined, "edit_posts")).toBe(false);
    expect(isManager([])).toBe(false);
  });

  it("makes manage_options holders managers", () => {
    expect(isManager(["manage_options"])).toBe(true);
    expect(isManager(["admin"])).toBe(false);
  });

  it("opens the instructor area to create_courses, or managers on an lms site", () => {
    expect(canUseInstructorArea(["create_courses"], { lms: false })).toBe(true);
    expect(canUseInstructorArea(["manage_options"], { lms: true })).toBe(true);
    expect(canUseInstructorArea(["manage_options"], { lms: false })).toBe(false);
    expect(canUseInstructorArea(["edit_posts"], { lms: true })).toBe(false);
    expect(canUseInstructorArea([], null)).toBe(false);
  });

  it("shows Orders only to users without manage_options", () => {
    expect(showsOrders([])).toBe(true);
    expect(showsOrders(["create_courses"])).toBe(true);
    expect(showsOrders(["manage_options"])).toBe(false);
  });

  it("shows the admin quick-menu to managers and editors", () => {
    expect(showsAdminQuickMenu(["edit_posts"])).toBe(true);
    expect(showsAdminQuickMenu(["manage_options"])).toBe(true);
    expect(showsAdminQuickMenu(["create_courses"])).toBe(false);
  });

  it("shows the site toolbar to manage_options or admin", () => {
    expect(showsAdminToolbar(["admin"])).toBe(true);
    expect(showsAdminToolbar(["manage_options"])).toBe(true);
    expect(showsAdminToolbar(["edit_posts"])).toBe(false);
  });
});

describe("quick-create links", () => {
  it("gives managers the full list, each opening the screen where the new item is made", () => {
    const links = quickCreateLinks(["manage_options"]);
    expect(links).toHaveLength(15);
    const href = (id: string) => links.find((l) => l.id === id)?.href;
    expect(links[0]).toEqual({ id: "pages", href: "/dashboard/pages/new" });
    expect(href("posts")).toBe("/dashboard/post/");
    expect(href("courses")).toBe("/dashboard/instructor/new");
    expect(href("quizzes")).toBe("/dashboard/instructor/quizzes?new=1");
    expect(href("products")).toBe("/dashboard/manage/ecommerce/product/new");
    expect(href("memberships")).toBe("/dashboard/manage/ecommerce/membership/new");
    expect(href("affiliates")).toBe("/dashboard/manage/marketing/affiliates?new=1");
    // Campaigns and contacts share the spec's e-mail screen; each opens its own form there.
    expect(href("emails")).toBe("/dashboard/manage/marketing/emails?new=1");
    expect(href("contacts")).toBe("/dashboard/manage/marketing/emails?new=contact");
    expect(links.at(-1)).toEqual({ id: "automations", href: "/dashboard/manage/marketing/automations?new=1" });
  });

  it("gives editors only new-course and new-quiz", () => {
    expect(quickCreateLinks(["edit_posts"])).toEqual([
      { id: "courses", href: "/dashboard/instructor/new" },
      { id: "quizzes", href: "/dashboard/instructor/quizzes?new=1" },
    ]);
  });

  it("gives everyone else nothing", () => {
    expect(quickCreateLinks(["create_courses"])).toEqual([]);
    expect(quickCreateLinks(null)).toEqual([]);
  });

  it("hands out copies so callers cannot alter the shared list", () => {
    const [first] = quickCreateLinks(["manage_options"]);
    if (first) first.href = "/elsewhere";
    expect(quickCreateLinks(["manage_options"])[0]?.href).toBe("/dashboard/pages/new");
  });
});

describe("staff e-mails", () => {
  const staff = ["ops@atrium.test", " Owner@Atrium.test "];

  it("matches regardless of case and surrounding spaces", () => {
    expect(isStaffEmail("OPS@atrium.test", staff)).toBe(true);
    expect(isStaffEmail("  owner@atrium.TEST", staff)).toBe(true);
  });

  it("rejects others and empty values", () => {
    expect(isStaffEmail("student@atrium.test", staff)).toBe(false);
    expect(isStaffEmail("", staff)).toBe(false);
    expect(isStaffEmail(null, staff)).toBe(false);
    expect(isStaffEmail("ops@atrium.test", [])).toBe(false);
  });
});

describe("registration events", () => {
  it("students and instructors register; managers do not", () => {
    const caps = (name: string) => DEFAULT_ROLES.find((r) => r.name === name)?.caps;
    expect(registrationEventOf(caps("student"))).toBe("student_registration");
    expect(registrationEventOf(caps("instructor"))).toBe("instructor_registration");
    expect(registrationEventOf(caps("admin"))).toBeNull();
    expect(registrationEventOf(null)).toBe("student_registration");
  });
});
