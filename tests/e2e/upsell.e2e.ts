// The offer after purchase in a browser: a student buys a product that has an offer (a 100 % coupon
// pays it at once) and is shown the offer instead of the confirmation; accepting makes a second
// order (offline: pending) and both are in the student's orders. Declining goes to the confirmation.
// An order paid later shows the offer on its order page; the owner sets the offer in the editor.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCoupon, buildProduct } from "../../server/seed/commerce-builders";
import { getProduct, markOrderPaid, placeOrder } from "../../server/modules/commerce";
import { buildCourse } from "../../server/seed/course-builders";
import { axeCheck, formatFindings } from "./axe";
import { hydrated, open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const fill = (s: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((acc, [k, x]) => acc.replace(`{{${k}}}`, String(x)), s);

/** A site whose "Glazing pass" offers "Glazing masterclass" for $19 instead of $49, and a signed-in student. */
async function shopWithOffer(prefix: string) {
  const { site, owner, origin } = await e2e.newSite(prefix);
  const db = e2e.t.database.db;
  const { course } = await buildCourse(db, site, owner, {
    title: "Glazing",
    access: "private",
    curriculum: [{ unit: "Dipping" }],
  });
  const master = await buildProduct(db, site, { title: "Glazing masterclass", amount: 4900 });
  const pass = await buildProduct(db, site, {
    title: "Glazing pass",
    amount: 2900,
    courseIds: [course.id],
    upsell: { productId: master.id, price: 1900, headline: "Go further with the masterclass" },
  });
  await buildCoupon(db, site, { name: "FREE", discountType: "percentage", amount: 100 });
  const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student"), name: "Sam Student" });
  await buildMember(db, site, student, "student");
  const page = await e2e.signedIn(origin, student.email, student.password);
  return { origin, page, course, site, student, pass };
}

/** Buys the pass with the free coupon; the page ends on the offer. Answers the first order's number. */
async function buyPass(page: Awaited<ReturnType<typeof shopWithOffer>>["page"], origin: string, courseSlug: string) {
  await open(page, `${origin}/course/${courseSlug}`);
  await page.getByRole("button", { name: fill(en.checkout.addToCartFor, { price: "$29" }) }).click();
  await page.getByRole("dialog", { name: en.cart.title }).getByRole("link", { name: en.cart.checkout }).click();
  await waitForPath(page, "/checkout");
  await hydrated(page);
  await page.getByRole("textbox", { name: en.cart.couponLabel }).fill("FREE");
  await page.getByRole("button", { name: en.cart.couponApply }).click();
  await expect.poll(() => page.getByTestId("checkout-total").textContent()).toBe("$0");
  await page.getByRole("button", { name: fill(en.checkout.placeOrder, { total: "$0" }) }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/checkout/upsell/"));
  await hydrated(page);
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

describe("offer after purchase", () => {
  it("a student accepts the offer and finds both orders in their orders", async () => {
    const { origin, page, course } = await shopWithOffer("upsell-yes");
    const firstId = await buyPass(page, origin, course.slug);
    await page.getByRole("heading", { name: "Go further with the masterclass" }).waitFor();
    await page.getByRole("heading", { name: "Glazing masterclass" }).waitFor();
    expect(await page.getByTestId("upsell-price").textContent()).toBe("$19.00");
    await page.getByText(fill(en.upsell.insteadOf, { price: "$49.00" })).waitFor({ state: "attached" });
    expect(formatFindings("offer", await axeCheck(page))).toEqual([]);
    // On a phone the offer fits the width and both answers are reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole("button", { name: en.upsell.decline }).waitFor();
    await page.getByRole("button", { name: en.upsell.accept }).click();
    // Offline: the second order waits for the transfer, on its own order page.
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard/orders/") && !url.pathname.endsWith(firstId));
    const secondId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByTestId("order-status").getByText(en.orders.status.pending).waitFor();
    await open(page, `${origin}/dashboard/orders`);
    await page.getByRole("link", { name: firstId.slice(0, 8).toUpperCase() }).waitFor();
    await page.getByRole("link", { name: secondId.slice(0, 8).toUpperCase() }).waitFor();
  });

  it("declining goes to the confirmation and the offer is not shown again", async () => {
    const { origin, page, course } = await shopWithOffer("upsell-no");
    const firstId = await buyPass(page, origin, course.slug);
    await page.getByRole("button", { name: en.upsell.decline }).click();
    await waitForPath(page, `/dashboard/orders/${firstId}`);
    await page.getByTestId("order-status").getByText(en.orders.status.paid).waitFor();
    expect(await page.getByRole("link", { name: en.upsell.see }).count()).toBe(0);
    const again = await page.goto(`${origin}/checkout/upsell/${firstId}`);
    expect(new URL(again?.url() ?? "").pathname).toBe(`/dashboard/orders/${firstId}`);
  });

  it("the owner sets an offer in the product editor; a price not below the product's is refused on screen", async () => {
    const { site, owner, origin } = await e2e.newSite("upsell-editor");
    const db = e2e.t.database.db;
    const master = await buildProduct(db, site, { title: "Glazing masterclass", amount: 4900 });
    const pass = await buildProduct(db, site, { title: "Glazing pass", amount: 2900 });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/ecommerce/product/${pass.id}`);
    await hydrated(page);
    // The product itself is not among the choices; typing narrows them.
    const pick = page.getByRole("combobox", { name: en.upsell.product });
    await pick.click();
    expect(await page.getByRole("option", { name: "Glazing pass" }).count()).toBe(0);
    await pick.fill("master");
    await page.getByRole("option", { name: "Glazing masterclass" }).click();
    await page.getByRole("textbox", { name: en.upsell.headline }).fill("Go further");
    const price = page.getByRole("textbox", { name: fill(en.upsell.price, { currency: "USD" }) });
    await price.fill("49");
    await page.getByText(en.upsell.priceTooHigh).waitFor();
    await price.fill("19");
    await page.getByRole("button", { name: en.shop.save }).click();
    await page.getByRole("status").getByText(en.shop.saved).waitFor();
    expect((await getProduct(db, site.accountId, pass.id)).upsell).toEqual({
      productId: master.id,
      headline: "Go further",
      price: 1900,
    });
  });

  it("an order paid later (offline, marked paid) shows the offer on its order page", async () => {
    const { origin, page, site, student, pass } = await shopWithOffer("upsell-later");
    const db = e2e.t.database.db;
    const { order } = await placeOrder(db, site.accountId, {
      userId: student.id,
      productIds: [pass.id],
      provider: "offline",
      origin,
    });
    await markOrderPaid(db, site.accountId, order.orderId, { source: "owner" });
    await open(page, `${origin}/dashboard/orders/${order.orderId}`);
    await page.getByText(fill(en.upsell.notice, { title: "Glazing masterclass" })).waitFor();
    await page.getByRole("link", { name: en.upsell.see }).click();
    await waitForPath(page, `/checkout/upsell/${order.orderId}`);
    await page.getByRole("heading", { name: "Go further with the masterclass" }).waitFor();
  });
});
