// The owner's shop in a browser: from an empty products list the owner creates a one-time product
// that grants a course and a monthly subscription product, then a percentage coupon; a visitor opens
// the one-time product's public page and sees its price and the course it includes.
import { PLAN_IDS } from "../../core/plans";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { formatMoney } from "../../core/currency";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const s = en.shop;
const fill = (text: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((acc, [k, x]) => acc.replace(`{{${k}}}`, String(x)), text);

describe("the owner's shop", () => {
  it("creates products and a coupon; a visitor sees the product page with its price", async () => {
    const { site, owner, origin } = await e2e.newSite("shop-admin", { plan: PLAN_IDS.lifetime });
    await buildCourse(e2e.t.database.db, site, owner, { title: "Raku Basics" });
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/manage/ecommerce`);
    await page.getByText(s.noProducts).waitFor();
    await page.getByRole("link", { name: s.newProduct }).click();
    await waitForPath(page, "/dashboard/manage/ecommerce/product/new");

    // A one-time product that grants the course.
    await page.getByRole("textbox", { name: s.fields.title }).fill("Raku Starter Kit");
    await page.getByRole("textbox", { name: s.fields.description }).fill("Everything for your first firing.");
    await page.getByText(s.types.onetime, { exact: true }).click();
    await page.getByRole("textbox", { name: fill(s.fields.amount, { currency: "USD" }) }).fill("49");
    await page.getByRole("combobox", { name: s.fields.courses }).click();
    await page.getByRole("option", { name: "Raku Basics" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: s.fields.status }).click();
    await page.getByRole("option", { name: s.statuses.published }).click();
    await page.getByRole("button", { name: s.save }).click();
    await page.waitForURL(/\/dashboard\/manage\/ecommerce\/product\/[0-9a-f-]{36}\?saved/);
    await page.getByRole("status").getByText(s.saved).waitFor();

    // A monthly subscription product.
    await open(page, `${origin}/dashboard/manage/ecommerce/product/new`);
    await page.getByRole("textbox", { name: s.fields.title }).fill("Studio Club");
    await page.getByText(s.types.subscription, { exact: true }).click();
    await page.getByRole("textbox", { name: fill(s.fields.amount, { currency: "USD" }) }).fill("15");
    await page.getByRole("combobox", { name: s.fields.status }).click();
    await page.getByRole("option", { name: s.statuses.published }).click();
    await page.getByRole("button", { name: s.save }).click();
    await page.waitForURL(/\/dashboard\/manage\/ecommerce\/product\/[0-9a-f-]{36}\?saved/);

    await open(page, `${origin}/dashboard/manage/ecommerce`);
    const rows = page.getByRole("row");
    await rows
      .filter({ hasText: "Raku Starter Kit" })
      .getByText(formatMoney(4900, "USD", "en"))
      .waitFor();
    await rows
      .filter({ hasText: "Studio Club" })
      .getByText(fill(s.pricePer, { price: formatMoney(1500, "USD", "en"), period: s.periods.month_one }))
      .waitFor();

    // A coupon, created in the dialog.
    await page.getByRole("link", { name: s.tabs.coupons }).click();
    await waitForPath(page, "/dashboard/manage/ecommerce/coupons");
    await page.getByText(s.noCoupons).waitFor();
    await page.getByRole("button", { name: s.newCoupon }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: s.coupon.name }).fill("SPRING10");
    await dialog.getByRole("textbox", { name: s.coupon.amountPercent }).fill("10");
    await dialog.getByRole("button", { name: s.save }).click();
    await dialog.waitFor({ state: "hidden" });
    const couponRow = page.getByRole("row").filter({ hasText: "SPRING10" });
    await couponRow.getByText("10 %").waitFor();
    await couponRow.getByText(s.coupon.states.active).waitFor();

    // A second coupon of the same name is refused on the name field.
    await page.getByRole("button", { name: s.newCoupon }).click();
    await dialog.getByRole("textbox", { name: s.coupon.name }).fill("spring10");
    await dialog.getByRole("textbox", { name: s.coupon.amountPercent }).fill("5");
    await dialog.getByRole("button", { name: s.save }).click();
    await dialog.getByRole("alert").waitFor();
    expect(
      await page
        .getByRole("row")
        .filter({ hasText: /spring10/i })
        .count(),
    ).toBe(1);

    // A visitor sees the public page, server-rendered, with price and what it includes.
    const visitor = await e2e.newPage();
    await open(visitor, `${origin}/product/raku-starter-kit`);
    await visitor.getByRole("heading", { level: 1, name: "Raku Starter Kit" }).waitFor();
    expect(await visitor.getByTestId("product-price").textContent()).toBe(formatMoney(4900, "USD", "en"));
    await visitor.getByRole("link", { name: "Raku Basics" }).waitFor();
    const html = await (await e2e.t.request(site.slug, "/product/studio-club")).text();
    expect(html).toContain("Studio Club");
    expect(html).toContain('"@type":"Product"');
    expect((await e2e.t.request(site.slug, "/product/no-such-product")).status).toBe(404);
  });
});
