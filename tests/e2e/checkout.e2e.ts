// The buyer in a browser: a visitor adds a priced course to the cart, sees a cross-sell after a
// moment and dismisses it, tries an unknown, an expired and a valid coupon (then removes it), signs
// up without leaving checkout, pays offline and lands on the pending order; once the owner's side
// marks it paid the buyer has the course and a paid order. A subscription asks before it replaces
// the cart.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildCoupon, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { hydrated, open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const fill = (s: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((acc, [k, x]) => acc.replace(`{{${k}}}`, String(x)), s);

describe("checkout", () => {
  it("a visitor buys a course with offline payment and gets it once the payment is confirmed", async () => {
    const { site, owner, origin } = await e2e.newSite("shop");
    const db = e2e.t.database.db;
    const { course } = await buildCourse(db, site, owner, {
      title: "Wheel Throwing",
      access: "private",
      curriculum: [{ unit: "Centering" }],
    });
    const guide = await buildProduct(db, site, { title: "Glaze Guide", amount: 1500 });
    await buildProduct(db, site, {
      title: "Wheel Throwing pass",
      amount: 4900,
      courseIds: [course.id],
      cross: [guide.id],
    });
    await buildCoupon(db, site, { name: "OLD", dateEnd: new Date(Date.now() - 86400000) });
    await buildCoupon(db, site, { name: "SAVE10", discountType: "flat", amount: 1000 });

    const page = await e2e.newPage();
    await open(page, `${origin}/course/${course.slug}`);
    await page.getByRole("button", { name: fill(en.checkout.addToCartFor, { price: "$49" }) }).click();
    const cart = page.getByRole("dialog", { name: en.cart.title });
    await cart.getByText("Wheel Throwing pass").waitFor();
    // The suggestion appears after the cross-sell delay; each can be dismissed.
    await cart.getByTestId("cross-sell-item").filter({ hasText: "Glaze Guide" }).waitFor({ timeout: 15_000 });
    await cart.getByRole("button", { name: fill(en.cart.crossSellDismiss, { title: "Glaze Guide" }) }).click();
    await cart.getByTestId("cross-sell-item").waitFor({ state: "detached" });
    await cart.getByRole("link", { name: en.cart.checkout }).click();
    await waitForPath(page, "/checkout");

    const total = page.getByTestId("checkout-total");
    await expect.poll(() => total.textContent()).toBe("$49");
    const field = page.getByRole("textbox", { name: en.cart.couponLabel });
    const apply = page.getByRole("button", { name: en.cart.couponApply });
    await field.fill("NOPE");
    await apply.click();
    await page.getByText(en.cart.couponInvalid).waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("OLD");
    expect(await field.getAttribute("data-state")).toBe("untested");
    await apply.click();
    await page.getByText(en.cart.couponExpired).first().waitFor();
    await field.fill("SAVE10");
    await apply.click();
    await page.getByText(en.cart.couponApplied).first().waitFor();
    await page.getByTestId("coupon-applied").getByText("SAVE10").waitFor();
    await expect.poll(() => total.textContent()).toBe("$39");
    await page.getByRole("button", { name: en.cart.couponRemove }).click();
    await expect.poll(() => total.textContent()).toBe("$49");

    // Signing up inline makes the visitor a member and comes back to the same cart.
    await page.getByRole("textbox", { name: en.auth.name }).fill("Bea Buyer");
    await page.getByRole("textbox", { name: en.auth.email }).fill(uniqueEmail("buyer"));
    await page.getByRole("textbox", { name: en.auth.password }).fill("correct-horse-battery");
    await page.getByRole("button", { name: en.checkout.createAccountAndContinue }).click();
    await page.getByText(fill(en.checkout.signedInAs, { name: "Bea Buyer" })).waitFor();
    await hydrated(page);
    await expect.poll(() => total.textContent()).toBe("$49");
    expect(await page.getByRole("radio", { name: en.checkout.provider.offline }).isChecked()).toBe(true);
    // Offline payment places the order: the button says so, and what follows is explained beside it.
    const place = page.getByRole("button", { name: fill(en.checkout.placeOrder, { total: "$49" }) });
    expect(await place.getAttribute("aria-describedby")).toBe("place-order-hint");
    await page.getByText(en.checkout.placeOrderHint).waitFor();
    expect(await page.getByRole("button", { name: fill(en.checkout.pay, { total: "$49" }) }).count()).toBe(0);
    await place.click();

    await page.waitForURL((url) => url.pathname.startsWith("/dashboard/orders/"));
    await hydrated(page);
    await page.getByTestId("order-status").getByText(en.orders.status.pending).waitFor();
    const orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}").cartItems)).toEqual([]);

    // The owner confirms the transfer on the orders screen.
    const ownerPage = await e2e.signedIn(origin, owner.email, owner.password);
    await open(ownerPage, `${origin}/dashboard/manage/ecommerce/orders?order=${orderId}`);
    const drawer = ownerPage.getByTestId("order-detail");
    await drawer.getByRole("button", { name: en.payments.orders.markPaid }).click();
    await ownerPage.getByRole("status").getByText(en.payments.orders.done.markPaid).waitFor();
    await page.reload();
    await page.getByTestId("order-status").getByText(en.orders.status.paid).waitFor();
    await page.getByRole("link", { name: "Wheel Throwing", exact: true }).waitFor();
    await page.getByRole("link", { name: en.orders.receipt }).waitFor();
    await open(page, `${origin}/dashboard/courses`);
    await page.getByText("Wheel Throwing", { exact: true }).first().waitFor();
    await open(page, `${origin}/dashboard/orders`);
    await page.getByRole("link", { name: orderId.slice(0, 8).toUpperCase() }).waitFor();
    await page.getByTestId("order-status").getByText(en.orders.status.paid).waitFor();
  });

  it("a subscription asks before it replaces the cart, then goes to checkout with only it", async () => {
    const { site, owner, origin } = await e2e.newSite("shop-sub");
    const db = e2e.t.database.db;
    const one = await buildCourse(db, site, owner, {
      title: "Slab Building",
      access: "private",
      curriculum: [{ unit: "Rolling" }],
    });
    const club = await buildCourse(db, site, owner, {
      title: "Studio Club",
      access: "private",
      curriculum: [{ unit: "Welcome" }],
    });
    await buildProduct(db, site, { title: "Slab pass", amount: 2500, courseIds: [one.course.id] });
    const monthly = await buildProduct(db, site, {
      title: "Studio Club monthly",
      amount: 900,
      subscription: { value: 30, parameter: 86400 },
      courseIds: [club.course.id],
    });

    const page = await e2e.newPage();
    await open(page, `${origin}/course/${one.course.slug}`);
    await page.getByRole("button", { name: fill(en.checkout.addToCartFor, { price: "$25" }) }).click();
    await page.getByRole("dialog", { name: en.cart.title }).getByText("Slab pass").waitFor();
    await open(page, `${origin}/course/${club.course.slug}`);
    await page.getByRole("button", { name: fill(en.checkout.subscribeFor, { price: "$9" }) }).click();
    const ask = page.getByRole("dialog", { name: en.checkout.replaceTitle });
    await ask.getByText(en.errors.subscriptionWarning).waitFor();
    await ask.getByRole("button", { name: en.checkout.replaceCart }).click();
    await waitForPath(page, "/checkout");
    const items = await page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "{}").cartItems);
    expect(items.map((i: { id: string; type: string }) => [i.id, i.type])).toEqual([[monthly.id, "subscription"]]);
    await page.getByText("Studio Club monthly").waitFor();
  });
});
