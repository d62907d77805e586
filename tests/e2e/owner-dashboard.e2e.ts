// The dashboard home in a browser: a new owner sees the setup checklist, creates a course and sets
// the logo, and finds both ticked; the guided tour has all twelve steps for an owner; a student
// sees their course with its progress; the owner's home passes axe and fits a phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { TOUR_STEPS } from "../../app/lib/tour-steps";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { axeCheck, formatFindings } from "./axe";
import { logIn, open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const h = en.home;
const i = en.instructor;
const sa = en.siteAdmin;
const step = (page: Page, id: string) => page.locator(`[data-testid="setup-items"] li[data-step="${id}"]`);

describe("owner's dashboard", () => {
  it("a new owner ticks off creating a course and setting the logo", async () => {
    const { owner, origin } = await e2e.newSite("home-owner");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard`);
    await expect.poll(() => page.getByTestId("setup-progress").textContent()).toBe("0 of 6 steps done");
    expect(await step(page, "course").getAttribute("data-done")).toBe("false");
    await page.getByTestId("feed-list").waitFor();
    await page.getByTestId("posts-empty").getByRole("link", { name: h.posts.write }).waitFor();
    await page.getByTestId("sales-empty").waitFor();
    await page.getByTestId("usage-list").waitFor();

    // The checklist's own link leads to the new-course form.
    await step(page, "course").getByRole("link", { name: h.setup.steps.course.action }).click();
    await waitForPath(page, "/dashboard/instructor/new");
    await page.getByLabel(i.newPage.courseTitle).fill("Glazing basics");
    await page.getByRole("button", { name: i.newPage.create }).click();
    await page.waitForURL(/\/dashboard\/instructor\/course\/[0-9a-f-]{36}$/);

    await open(page, `${origin}/dashboard`);
    await step(page, "logo").getByRole("link", { name: h.setup.steps.logo.action }).click();
    await waitForPath(page, "/dashboard/manage/site/theme");
    await page.getByLabel(sa.theme.logo, { exact: true }).fill("/favicon.ico");
    await page.getByRole("button", { name: sa.save }).click();
    await page.getByTestId("site-admin-saved").waitFor();

    await open(page, `${origin}/dashboard`);
    await expect.poll(() => page.getByTestId("setup-progress").textContent()).toBe("2 of 6 steps done");
    expect(await step(page, "course").getAttribute("data-done")).toBe("true");
    expect(await step(page, "logo").getAttribute("data-done")).toBe("true");
    expect(await step(page, "product").getAttribute("data-done")).toBe("false");
    await page.getByTestId("courses-list").getByRole("link", { name: "Glazing basics" }).waitFor();

    // Folded away, it stays folded after a reload; the setup page still has the list.
    await page.getByRole("button", { name: h.setup.hide }).click();
    await page.getByRole("button", { name: h.setup.show }).waitFor();
    await open(page, `${origin}/dashboard`);
    await page.getByRole("button", { name: h.setup.show }).waitFor();
    expect(await page.getByTestId("setup-items").count()).toBe(0);
    await open(page, `${origin}/dashboard/setup`);
    expect(await step(page, "course").getAttribute("data-done")).toBe("true");

    await open(page, `${origin}/dashboard`);
    expect(formatFindings("owner home", await axeCheck(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("the guided tour shows all twelve steps to an owner", async () => {
    const { owner, origin } = await e2e.newSite("home-tour");
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, origin, owner.email, owner.password);
    await waitForPath(page, "/dashboard");
    const popover = page.locator(".driver-popover");
    const title = () => page.locator(".driver-popover-title").textContent();
    await popover.waitFor();
    await expect
      .poll(() => page.locator(".driver-popover-progress-text").textContent())
      .toBe(`1 of ${TOUR_STEPS.length}`);
    for (const [n, s] of TOUR_STEPS.entries()) {
      await expect.poll(title).toBe(en.tour.steps[s.id as keyof typeof en.tour.steps].title);
      if (n < TOUR_STEPS.length - 1) {
        await page.waitForTimeout(450);
        await popover.getByRole("button", { name: en.tour.next, exact: true }).click();
      }
    }
    expect(TOUR_STEPS).toHaveLength(12);
  });

  it("a student sees their courses with progress, not the owner's figures", async () => {
    const { site, owner, origin } = await e2e.newSite("home-student");
    const db = e2e.t.database.db;
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("learner"), name: "Lee Learner" });
    await buildMember(db, site, student, "student");
    const { course, itemIds } = await buildCourse(db, site, owner, {
      title: "Throwing on the wheel",
      status: "published",
      curriculum: [{ unit: "Centering" }, { unit: "Opening" }, { unit: "Pulling" }, { unit: "Trimming" }],
    });
    await buildEnrolment(db, site, course.id, student.id, {
      progress: 25,
      curriculumData: [{ id: itemIds[0], post_type: "unit", complete: Math.floor(Date.now() / 1000) }],
    });
    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, `${origin}/dashboard`);
    const card = page.getByTestId("my-courses").locator(`[data-course="${course.id}"]`);
    await card.getByText("Throwing on the wheel").waitFor();
    expect(await card.getByTestId("my-progress").textContent()).toContain("25");
    expect(await card.getByTestId("next-item").textContent()).toBe(h.learner.next.replace("{{title}}", "Opening"));
    expect(await page.getByTestId("home-usage").count()).toBe(0);
    expect(await page.getByTestId("setup-progress").count()).toBe(0);
    expect(await page.getByTestId("role").textContent()).toBe("Student");
  });
});
