// The public course pages in a browser: a visitor sees the server-rendered course page (title,
// outline, seats left); a member enrols from it and lands in the player; an enrolled student
// reviews and sees the average; the certificate page verifies and its PDF link answers a PDF.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { withTenant } from "../../server/db/tenant";
import { loadCourse } from "../../server/modules/courses";
import { issueCertificate } from "../../server/modules/enrolment";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const c = en.catalog;
const fill = (s: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((acc, [k, x]) => acc.replace(`{{${k}}}`, String(x)), s);

describe("course catalogue", () => {
  it("a visitor sees the course server-rendered; a member enrols and lands in the player", async () => {
    const { site, owner, origin } = await e2e.newSite("catalog");
    const course = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Raku Firing Weekend",
      excerpt: "Fire pots in the open air",
      seats: 5,
      curriculum: [{ section: "Preparing" }, { unit: "Safety first" }, { quiz: "Kiln quiz" }],
    });
    // Server-rendered: the HTML itself carries the title, outline and seats, before any script runs.
    const html = await (await e2e.t.request(site.slug, `/course/${course.course.slug}`)).text();
    expect(html).toContain("Raku Firing Weekend");
    expect(html).toContain("Safety first");
    expect(html).toContain(fill(c.seatsLeft, { count: 5 }));
    expect(html).toContain('"@type":"Course"');

    const visitor = await e2e.newPage();
    await visitor.goto(`${origin}/course`);
    await visitor.getByTestId("course-card").filter({ hasText: "Raku Firing Weekend" }).waitFor();
    await visitor.goto(`${origin}/course/${course.course.slug}`);
    await visitor.getByRole("heading", { level: 1, name: "Raku Firing Weekend" }).waitFor();
    await visitor.getByRole("link", { name: c.signInToEnrol }).waitFor();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: "/tmp/catalog-course-390.png", fullPage: true });

    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("enrol"), name: "Eli Enrol" });
    await buildMember(e2e.t.database.db, site, user, "student");
    const page = await e2e.signedIn(origin, user.email, user.password);
    await page.goto(`${origin}/course/${course.course.slug}`);
    await page.getByRole("button", { name: c.enrol, exact: true }).click();
    await waitForPath(page, `/dashboard/courses/${course.course.id}`);
  });

  it("an enrolled student reviews and sees the average; the certificate verifies with a PDF", async () => {
    const { site, owner, origin } = await e2e.newSite("catalog-rev");
    const course = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Glaze Lab",
      certificate: { enabled: true, title: "Glaze Diploma", body: "{{student}} completed {{course}}" },
      curriculum: [{ unit: "Only lesson" }],
    });
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("rev"), name: "Rita Review" });
    await buildMember(e2e.t.database.db, site, user, "student");
    await buildEnrolment(e2e.t.database.db, site, course.course.id, user.id, { progress: 100 });
    const page = await e2e.signedIn(origin, user.email, user.password);
    await open(page, `${origin}/course/${course.course.slug}`);
    await page.getByRole("link", { name: c.continue }).waitFor();
    // Mantine's stars are visually hidden radios; their labels are what a person clicks. The ids are
    // read after hydration so they are the ones the live form uses.
    const star = await page.getByRole("radio", { name: "4", exact: true }).getAttribute("id");
    await page.locator(`label[for="${star}"]`).click();
    await page.getByRole("textbox", { name: c.reviewTitle, exact: true }).fill("Lovely glazes");
    await page.getByRole("textbox", { name: c.reviewText, exact: true }).fill("Learned a lot.");
    await page.getByRole("button", { name: c.saveReview }).click();
    await page.getByText(c.reviewSaved).waitFor();
    await page.getByTestId("course-reviews").getByText("Lovely glazes").waitFor();
    expect(await page.getByTestId("course-rating").first().textContent()).toBe("4.0");

    const code = await withTenant(e2e.t.database.db, site.accountId, async (tx) =>
      issueCertificate(tx, site.accountId, await loadCourse(tx, site.accountId, course.course.id), user.id, []),
    );
    const visitor = await e2e.newPage();
    await visitor.goto(`${origin}/certificate/${code}`);
    await visitor.getByTestId("certificate-card").getByText(c.verified).waitFor();
    await visitor.getByText(fill(c.verifiedText, { student: "Rita Review", course: "Glaze Lab" })).waitFor();
    const href = await visitor.getByRole("link", { name: c.downloadPdf }).getAttribute("href");
    const pdf = await e2e.t.request(site.slug, href ?? "");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await visitor.screenshot({ path: "/tmp/catalog-certificate.png", fullPage: true });

    const missing = await e2e.t.request(site.slug, "/certificate/NOSUCHCODE22");
    expect(missing.status).toBe(404);
  });
});
