// The owner's orders in a browser: an offline order waits in the list as pending; the owner opens
// it, marks it paid and the buyer is enrolled; the owner refunds it (confirming that access is
// revoked) and the buyer is no longer enrolled. A subscription order shows its subscription, which
// the owner can stop from renewing. Payment settings: PayPal saved on the screen becomes the default.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { courseStudents } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { markOrderPaid, placeOrder } from "../../server/modules/commerce";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const o = en.payments.orders;
const ps = en.payments.settings;

describe("owner orders", () => {
  it("marks an offline order paid (the buyer is enrolled) and refunds it (the buyer is not)", async () => {
    const { site, owner, origin } = await e2e.newSite("orders");
    const db = e2e.t.database.db;
    const { course } = await buildCourse(db, site, owner, { title: "Kiln Basics", curriculum: [{ unit: "Intro" }] });
    const product = await buildProduct(db, site, { title: "Kiln Basics pass", amount: 4900, courseIds: [course.id] });
    const buyer = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("buyer"), name: "Bea Buyer" });
    await buildMember(db, site, buyer, "student");
    const { order } = await placeOrder(db, site.accountId, {
      userId: buyer.id,
      productIds: [product.id],
      provider: "offline",
      origin,
    });
    const number = order.orderId.slice(0, 8).toUpperCase();
    const enrolled = async () =>
      (
        await withTenant(db, site.accountId, (tx) =>
          tx
            .select()
            .from(courseStudents)
            .where(and(eq(courseStudents.courseId, course.id), eq(courseStudents.studentId, buyer.id))),
        )
      ).length === 1;

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/ecommerce/orders`);
    await page.getByRole("link", { name: o.filters.pending }).click();
    const row = page.locator(`tr[data-order="${order.orderId}"]`);
    await row.getByText(o.statuses.pending).waitFor();
    await row.getByText("Bea Buyer").waitFor();
    await row.getByRole("link", { name: `#${number}` }).click();

    const drawer = page.getByTestId("order-detail");
    await drawer.getByText("Kiln Basics pass").waitFor();
    await drawer.getByRole("button", { name: o.markPaid }).click();
    await page.getByRole("status").getByText(o.done.markPaid).waitFor();
    await drawer.getByText(o.statuses.paid, { exact: true }).waitFor();
    await drawer.getByText(o.granted, { exact: true }).waitFor();
    await drawer.getByText("Kiln Basics", { exact: true }).waitFor();
    expect(await enrolled()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "/tmp/orders-admin-390.png" });
    await drawer.getByRole("button", { name: o.refund, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: o.refundTitle });
    await dialog.getByText(/revoked/).waitFor();
    await dialog.getByRole("button", { name: o.refundAction }).click();
    await page.getByRole("status").getByText(o.done.refund).waitFor();
    await drawer.getByText(o.statuses.refunded, { exact: true }).waitFor();
    expect(await enrolled()).toBe(false);
  });

  it("shows the subscription an order started, and stops it renewing", async () => {
    const { site, owner, origin } = await e2e.newSite("orders-sub");
    const db = e2e.t.database.db;
    const club = await buildMembership(db, site, { title: "Glaze Club" });
    const product = await buildProduct(db, site, {
      title: "Glaze Club monthly",
      amount: 900,
      subscription: { value: 1, parameter: 2592000 },
      membershipIds: [club.id],
    });
    const buyer = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("sub"), name: "Sam Subscriber" });
    await buildMember(db, site, buyer, "student");
    const { order } = await placeOrder(db, site.accountId, { userId: buyer.id, productIds: [product.id], origin });
    await markOrderPaid(db, site.accountId, order.orderId, { source: "owner", actorId: owner.id });

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/ecommerce/orders?order=${order.orderId}`);
    const section = page.getByTestId("order-subscription");
    await section.getByText(en.subscriptions.statuses.active, { exact: true }).waitFor();
    await section.getByRole("button", { name: o.stopRenewing }).click();
    const dialog = page.getByRole("dialog", { name: o.stopRenewingTitle });
    await dialog.getByText(/Sam Subscriber/).waitFor();
    await dialog.getByRole("button", { name: o.stopRenewing }).click();
    await page.getByRole("status").getByText(o.done.cancelSubscription).waitFor();
    await section.getByText(en.subscriptions.statuses.cancelled, { exact: true }).waitFor();
    expect(await section.getByRole("button", { name: o.stopRenewing }).count()).toBe(0);
  });

  it("saves payment settings without ever showing a saved secret", async () => {
    const { owner, origin } = await e2e.newSite("payments");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/ecommerce/payments`);
    const stripe = page.getByRole("region", { name: en.payments.providers.stripe });
    await stripe.getByText(`${origin}/api/webhooks/stripe`).waitFor();
    await stripe.getByLabel(ps.fields.secretKey).fill("sk_test_hidden");
    await stripe.getByLabel(ps.fields.webhookSecret).fill("whsec_hidden");
    await stripe.getByRole("button", { name: ps.save }).click();
    await page.getByRole("status").getByText(ps.savedToast).first().waitFor();
    await open(page, `${origin}/dashboard/manage/ecommerce/payments`);
    const again = page.getByRole("region", { name: en.payments.providers.stripe });
    expect(await again.getByLabel(ps.fields.secretKey).getAttribute("placeholder")).toBe(ps.saved);
    expect(await again.getByLabel(ps.fields.secretKey).inputValue()).toBe("");
    expect(await page.content()).not.toContain("sk_test_hidden");

    // PayPal, saved with its webhook id and switched on, is what buyers are offered first (§9).
    const paypal = page.getByRole("region", { name: en.payments.providers.paypal });
    await paypal.getByLabel(ps.fields.clientId).fill("AZ-client");
    await paypal.getByLabel(ps.fields.webhookId).fill("8PT597110X687430LKGECATA");
    await paypal.getByLabel(ps.fields.clientSecret).fill("EL-secret");
    await paypal.getByRole("switch", { name: ps.enabled }).check();
    await paypal.getByRole("button", { name: ps.save }).click();
    await page.getByRole("status").getByText(ps.savedToast).first().waitFor();
    await open(page, `${origin}/dashboard/manage/ecommerce/payments`);
    await page.getByText(ps.defaultNote.replace("{{provider}}", en.payments.providers.paypal)).waitFor();
    await page
      .getByRole("region", { name: en.payments.providers.paypal })
      .getByText(ps.default, { exact: true })
      .waitFor();
  });
});
