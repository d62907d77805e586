// The course editor's co-instructor picker in a browser: the owner types part of a name, picks the
// match with the keyboard and the member becomes an instructor of the course; a student is never
// offered.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const a = en.instructor.editor.authors;

describe("co-instructor picker", () => {
  it("finds a teaching member by name, adds them with the keyboard, and never offers a student", async () => {
    const { site, owner, origin } = await e2e.newSite("coteach");
    const db = e2e.t.database.db;
    const ivy = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("ivy"), name: "Ivy Teacher" });
    await buildMember(db, site, ivy, "instructor");
    const sam = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("sam"), name: "Sam Student" });
    await buildMember(db, site, sam, "student");
    const { course } = await buildCourse(db, site, owner, { title: "Pottery" });

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/instructor/course/${course.id}`);
    const picker = page.getByRole("combobox", { name: a.pick });
    await picker.fill("Sam");
    await page.getByText(a.noMatch).waitFor();

    await picker.fill("");
    await picker.pressSequentially("ivy t");
    await page.getByRole("option", { name: new RegExp(`Ivy Teacher · ${ivy.email}`) }).waitFor();
    await picker.press("ArrowDown");
    await picker.press("Enter");
    const removeIvy = page.getByRole("button", { name: a.remove.replace("{{name}}", "Ivy Teacher") });
    await removeIvy.waitFor();

    // Stored: the editor shows Ivy as an instructor after a reload.
    await page.reload();
    await removeIvy.waitFor();
    expect(await page.getByRole("button", { name: a.remove.replace("{{name}}", "Sam Student") }).count()).toBe(0);
  });
});
