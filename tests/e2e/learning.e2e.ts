// Learning in the browser: a student enrols, opens the player, finds unit 2 locked until unit 1 is
// complete, sees the progress move; the instructor changes the student's status (by its name) and
// gets the toast.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { courseStudents } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const l = en.learning;

describe("learning", () => {
  it("student enrols and works through a locked course; instructor updates the status", async () => {
    const { site, origin } = await e2e.newSite("learn", { sitetitle: "Learning School" });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher"), name: "Tess Teacher" });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Sam Student" });
    await buildMember(e2e.t.database.db, site, student, "student");
    const { course } = await buildCourse(e2e.t.database.db, site, teacher, {
      title: "Pottery basics",
      settings: { unitLock: true },
      curriculum: [
        { section: "Week 1" },
        { unit: "First steps", content: "<p>Welcome to the wheel.</p>" },
        { unit: "Second steps", content: "<p>Centring the clay.</p>" },
      ],
    });

    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, `${origin}/dashboard/courses`);
    await page.getByText(l.noCourses).waitFor();

    // Enrol through the API, as the course page does.
    const enrolled = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v1/courses/${id}/enrol`, { method: "POST" });
      return { status: res.status, body: await res.json() };
    }, course.id);
    expect(enrolled).toMatchObject({ status: 200, body: { status: 1 } });

    await open(page, `${origin}/dashboard/courses`);
    const card = page.getByRole("article").filter({ hasText: "Pottery basics" });
    await card.getByText(l.percentComplete.replace("{{progress}}", "0")).waitFor();
    // The status has a name, never a bare number.
    await card.getByText(l.statuses.enrolled, { exact: true }).waitFor();
    expect(await card.getByText(/Status \d/).count()).toBe(0);
    await card.getByRole("link", { name: l.start }).click();
    await waitForPath(page, `/dashboard/courses/${course.id}`);

    await page.getByText("Welcome to the wheel.").waitFor();
    const outline = page.getByRole("navigation", { name: l.outline });
    const second = outline.getByTestId("outline-item").filter({ hasText: "Second steps" });
    expect(await second.getAttribute("data-state")).toBe("locked");
    await second.getByText(l.lockedPrevious).waitFor();

    // Opening the locked unit directly is refused by the server.
    await second.click();
    await page.getByText(l.lockedTitle).waitFor();
    await expect(page.getByText("Centring the clay.").count()).resolves.toBe(0);

    await outline.getByTestId("outline-item").filter({ hasText: "First steps" }).click();
    await page.getByText("Welcome to the wheel.").waitFor();
    await page.getByRole("button", { name: l.markComplete }).click();
    await page.getByTestId("course-progress").getByText(l.percentComplete.replace("{{progress}}", "50")).waitFor();
    await page.getByRole("button", { name: l.markIncomplete }).waitFor();
    await expect.poll(() => second.getAttribute("data-state")).toBe("open");

    await page.getByRole("link", { name: l.next }).click();
    await page.getByText("Centring the clay.").waitFor();

    // At phone width the outline moves into a drawer.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: l.outline }).click();
    await page.getByRole("dialog").getByText("Second steps").waitFor();

    // The instructor changes the student's status and sees the spec's toast.
    const teacherPage = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(teacherPage, `${origin}/dashboard/instructor/course/${course.id}/manage`);
    await teacherPage.getByText(student.email).first().waitFor();
    const status = teacherPage.getByLabel(l.manage.statusOf.replace("{{name}}", "Sam Student"));
    expect(await status.locator("option").allTextContents()).toEqual([
      l.statuses.enrolled,
      l.statuses.started,
      l.statuses.completed,
      l.statuses.passed,
      l.statuses.failed,
    ]);
    expect(await status.locator("option:checked").textContent()).toBe(l.statuses.started);
    await status.selectOption({ label: l.statuses.completed });
    await teacherPage.getByText(en.courses.courseStatusUpdated).waitFor();
    await open(teacherPage, `${origin}/dashboard/instructor/course/${course.id}/manage`);
    expect(await teacherPage.getByLabel(l.manage.statusOf.replace("{{name}}", "Sam Student")).inputValue()).toBe("3");

    // The instructor gives the course marks from the student's detail view (spec §4 "course evaluated").
    await open(teacherPage, `${origin}/dashboard/instructor/course/${course.id}/manage?student=${student.id}`);
    await teacherPage.getByLabel(l.manage.courseMarks).fill("80");
    await teacherPage.getByRole("button", { name: l.manage.saveMarks }).click();
    await expect
      .poll(async () => {
        const [row] = await withPlatform(e2e.t.database.db, (tx) =>
          tx.select({ marks: courseStudents.marks }).from(courseStudents).where(eq(courseStudents.courseId, course.id)),
        );
        return row?.marks;
      })
      .toBe(80);
  });
});
