// The public course pages in a browser: a visitor sees the server-rendered course page (title,
// outline, seats left); a member enrols from it and lands in the player; an enrolled student
// reviews and sees the average; the certificate page verifies and its PDF link answers a PDF.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { withTenant } from "../../server/db/tenant";
import { loadCourse } from "../../server/modules/courses";
import { issueCertificate } from "../../server/modules/enrolment";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const c = en.catalog;
const MONTH = { value: 1, parameter: 2592000 };
const YEAR = { value: 1, parameter: 31536000 };
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
    // The stars are visually hidden radios named "1" to "5", each drawn by its label, which is what a
    // person clicks. The ids are read after hydration so they are the ones the live form uses.
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

describe("how a course is offered", () => {
  it("the catalogue card and the course page show the same price: free, a product's, a membership's, or private", async () => {
    const { site, owner, origin } = await e2e.newSite("offers");
    const db = e2e.t.database.db;
    const course = (title: string, access: "free" | "private") =>
      buildCourse(db, site, owner, { title, access, curriculum: [{ unit: "Lesson one" }] }).then((b) => b.course);
    const open = await course("Open Studio", "free");
    const mentoring = await course("Private Mentoring", "private");
    const wheel = await course("Wheel Basics", "private");
    const glaze = await course("Glaze Chemistry", "private");
    await buildProduct(db, site, { title: "Wheel Basics pass", amount: 4900, courseIds: [wheel.id] });
    // Sold only through a membership, by a monthly and a yearly subscription.
    const club = await buildMembership(db, site, { title: "Glaze Club", courseIds: [glaze.id] });
    await buildProduct(db, site, {
      title: "Glaze Club monthly",
      amount: 900,
      subscription: MONTH,
      membershipIds: [club.id],
    });
    await buildProduct(db, site, {
      title: "Glaze Club yearly",
      amount: 9000,
      subscription: YEAR,
      membershipIds: [club.id],
    });
    // A product still in draft sells nothing.
    await buildProduct(db, site, {
      title: "Mentoring draft",
      amount: 20000,
      courseIds: [mentoring.id],
      status: "draft",
    });

    const expected: [string, string][] = [
      ["Open Studio", c.free],
      ["Private Mentoring", c.private],
      ["Wheel Basics", "$49"],
      ["Glaze Chemistry", fill(c.priceFrom, { price: fill(en.shop.pricePer, { price: "$9", period: "month" }) })],
    ];
    // Server-rendered: the catalogue's HTML already carries each price.
    const listHtml = await (await e2e.t.request(site.slug, "/course")).text();
    for (const [, label] of expected) expect(listHtml).toContain(label);

    const visitor = await e2e.newPage();
    await visitor.goto(`${origin}/course`);
    for (const [title, label] of expected) {
      const card = visitor.getByTestId("course-card").filter({ hasText: title });
      expect(await card.getByTestId("course-card-price").textContent(), title).toBe(label);
    }
    const slugs: Record<string, string> = {
      "Open Studio": open.slug,
      "Private Mentoring": mentoring.slug,
      "Wheel Basics": wheel.slug,
      "Glaze Chemistry": glaze.slug,
    };
    for (const [title, label] of expected) {
      await visitor.goto(`${origin}/course/${slugs[title]}`);
      expect(await visitor.getByTestId("course-price").textContent(), title).toBe(label);
    }

    // The membership's course names the membership and each product that sells it, and the button
    // subscribes to the cheapest.
    await visitor.goto(`${origin}/course/${glaze.slug}`);
    const ways = visitor.getByTestId("course-offers");
    await ways.getByText(fill(c.inMembership, { membership: "Glaze Club" })).waitFor();
    await ways.getByRole("link", { name: "Glaze Club monthly" }).waitFor();
    await ways.getByRole("link", { name: "Glaze Club yearly" }).waitFor();
    await ways.getByText(fill(en.shop.pricePer, { price: "$90", period: "year" })).waitFor();
    await visitor.getByRole("button", { name: fill(en.checkout.subscribeFor, { price: "$9" }) }).waitFor();
    await visitor.screenshot({ path: "/tmp/catalog-offers.png", fullPage: true });
    await visitor.goto(`${origin}/course/${wheel.slug}`);
    await visitor.getByRole("button", { name: fill(en.checkout.addToCartFor, { price: "$49" }) }).waitFor();
    await visitor.goto(`${origin}/course/${mentoring.slug}`);
    await visitor.getByRole("button", { name: c.privateCourse }).waitFor();
  });
});
