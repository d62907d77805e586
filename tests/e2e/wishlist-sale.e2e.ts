// A student saves a course for later from its page and finds it on /dashboard/wishlist; during a
// scheduled sale the catalogue shows the regular price struck through beside the sale price.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { products } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const w = en.wishlist;
const DAY = 86400000;

describe("wishlist and sale price", () => {
  it("a student saves the course on its page and finds it on the wishlist", async () => {
    const { site, owner, origin } = await e2e.newSite("wishlist");
    const { course } = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Porcelain Throwing",
      curriculum: [{ unit: "Centering" }],
    });
    const user = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("wish"), name: "Wren Wish" });
    await buildMember(e2e.t.database.db, site, user, "student");
    const page = await e2e.signedIn(origin, user.email, user.password);
    await page.goto(`${origin}/course/${course.slug}`);
    await page.getByRole("heading", { level: 1, name: "Porcelain Throwing" }).waitFor();
    // The button shows "saved" at once; the save itself is done when the page's action answers.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes(`/course/${course.slug}`),
    );
    await page.getByRole("button", { name: w.save }).click();
    await page.getByRole("button", { name: w.saved }).waitFor();
    expect((await saved).ok()).toBe(true);
    await page.goto(`${origin}/dashboard/wishlist`);
    await page.getByRole("link", { name: "Porcelain Throwing" }).waitFor();
    await page.getByRole("button", { name: w.removeNamed.replace("{{title}}", "Porcelain Throwing") }).click();
    await page.getByText(w.empty).waitFor();
  });

  it("the catalogue shows the regular price struck through during a sale", async () => {
    const { site, owner, origin } = await e2e.newSite("sale");
    const { course } = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Kiln Basics",
      access: "private",
      curriculum: [{ unit: "Cones" }],
    });
    const product = await buildProduct(e2e.t.database.db, site, {
      title: "Kiln Basics pass",
      amount: 5000,
      courseIds: [course.id],
    });
    await withTenant(e2e.t.database.db, site.accountId, (tx) =>
      tx
        .update(products)
        .set({ salePrice: 3500, saleStartsAt: new Date(Date.now() - DAY), saleEndsAt: new Date(Date.now() + DAY) })
        .where(and(eq(products.accountId, site.accountId), eq(products.id, product.id))),
    );
    const page = await e2e.newPage();
    await page.goto(`${origin}/course`);
    const card = page.getByTestId("course-card").filter({ hasText: "Kiln Basics" });
    await card.waitFor();
    const regular = card.getByTestId("regular-price");
    await regular.waitFor();
    expect(await regular.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("line-through");
    expect(await regular.textContent()).toContain("50");
    expect(await card.getByTestId("course-card-price").textContent()).toContain("35");
  });
});
