// Points in a real browser: a student of a site with gamification completes a unit in the course
// player and sees the total in the top bar rise by the unit's points, without reloading the page.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { DEFAULT_POINTS } from "../../core/points";
import { PLAN_IDS } from "../../core/plans";
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail, uniqueSlug } from "./fixtures";

const e2e = setupE2E();

describe("points", () => {
  it("a student completes a unit and sees their points rise in the top bar", async () => {
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("points-owner") });
    const site = await buildSite(e2e.t.database.db, owner, {
      slug: uniqueSlug("points"),
      plan: PLAN_IDS.lifetime,
      features: { gamification: true },
    });
    const origin = e2e.t.origin(site.slug);
    const { course } = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Raku Firing",
      curriculum: [
        { section: "Week 1" },
        { unit: "Reduction", content: "<p>Close the lid.</p>" },
        { unit: "Cooling", content: "<p>Wait.</p>" },
      ],
    });
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("points-student"), name: "Pia Points" });
    await buildMember(e2e.t.database.db, site, student, "student");

    const page = await e2e.signedIn(origin, student.email, student.password);
    const enrolled = await page.evaluate(
      async (id) => (await fetch(`/api/v1/courses/${id}/enrol`, { method: "POST" })).status,
      course.id,
    );
    expect(enrolled).toBe(200);
    await open(page, `${origin}/dashboard/courses/${course.id}`);
    await page.getByText("Close the lid.").waitFor();
    const total = page.getByTestId("points-count");
    const shown = async () => Number((await total.getAttribute("aria-label"))?.replace(/\D+/g, "") ?? "NaN");
    // The day's visit may be granted as the dashboard opens; wait for the total to settle.
    await expect.poll(shown, { timeout: 10_000 }).toBe(DEFAULT_POINTS.daily_visit);
    const before = await shown();

    await page.getByRole("button", { name: en.learning.markComplete }).click();
    await page.getByRole("button", { name: en.learning.markIncomplete }).waitFor();
    await expect.poll(shown, { timeout: 30_000 }).toBe(before + DEFAULT_POINTS.lesson_completed);
    expect(await total.textContent()).toContain(String(before + DEFAULT_POINTS.lesson_completed));
  });
});
