// The owner's reports in a browser: a buyer's offline order is confirmed through the API, and the
// owner finds Reports in the sidebar, sees the sale in revenue and orders, opens the chart's
// figures as a table, downloads the CSV with the sale in it, and is stopped from asking for a
// range that runs backwards. The screen passes axe and fits a phone.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { placeOrder } from "../../server/modules/commerce";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildProduct } from "../../server/seed/commerce-builders";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const r = en.reports;

describe("reports", () => {
  it("shows a sale in revenue and orders, and downloads it as CSV", async () => {
    const { site, owner, origin } = await e2e.newSite("reports");
    const db = e2e.t.database.db;
    const product = await buildProduct(db, site, { title: "Raku weekend", amount: 4900 });
    const buyer = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("buyer"), name: "Bo Buyer" });
    await buildMember(db, site, buyer, "student");
    const { order } = await placeOrder(db, site.accountId, {
      userId: buyer.id,
      productIds: [product.id],
      provider: "offline",
      origin,
    });

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    // The owner confirms the offline payment through the API, as an integration would.
    const paid = await page.evaluate(
      (id) => fetch(`/api/v1/orders/${id}/mark-paid`, { method: "POST" }).then((res) => res.status),
      order.orderId,
    );
    expect(paid).toBe(200);

    const menu = page.getByRole("navigation", { name: en.nav.dashboardMenu });
    await menu.getByRole("link", { name: en.menu.reports }).click();
    await waitForPath(page, "/dashboard/reports");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(r.title);
    await expect.poll(() => page.getByTestId("stat-revenue").textContent()).toContain("$49.00");
    await expect.poll(() => page.getByTestId("stat-orders").textContent()).toContain("1");
    // The buyer and the owner joined today.
    await expect.poll(() => page.getByTestId("stat-newMembers").textContent()).toContain("2");
    await page.getByTestId("top-products").getByText("Raku weekend").waitFor();

    // The sales chart's figures, as a table.
    const today = new Date().toISOString().slice(0, 10);
    const sales = page.getByTestId(/-sales$/);
    await sales.getByText(r.charts.showTable).click();
    await sales.getByRole("row").filter({ hasText: "49" }).first().waitFor();

    const findings = formatFindings("reports", await axeCheck(page));
    expect(findings).toEqual([]);

    // The CSV: the day's sale in the daily series and the totals.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: r.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^report-reports-[a-f0-9]+-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path()) as string, "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("date,revenue (USD),orders,enrolments,new_members");
    expect(lines.find((l) => l.startsWith(`${today},`))).toMatch(new RegExp(`^${today},49\\.00,1,0,2$`));
    expect(lines).toContain("total,49.00,1,0,2");
    expect(lines).toContain("orders,1");

    // A preset, then a range that runs backwards, refused before it is sent.
    await page.getByRole("link", { name: r.presets["7d"] }).click();
    await waitForPath(page, "/dashboard/reports?range=7d");
    await expect.poll(() => page.getByTestId("stat-orders").textContent()).toContain("1");
    // The address changes before the page re-renders with the new range; the preset is marked
    // current in the same render that refills the date fields, so typing waits for it.
    await expect
      .poll(() => page.getByRole("link", { name: r.presets["7d"] }).getAttribute("aria-current"))
      .toBe("page");
    await page.getByRole("textbox", { name: r.from }).fill("2025-03-10");
    await page.getByRole("textbox", { name: r.to }).fill("2025-03-01");
    await page.getByRole("button", { name: r.apply }).click();
    await page.getByText(r.errors.order).waitFor();
    expect(new URL(page.url()).search).toBe("?range=7d");

    // A quiet period shows the empty state.
    await open(page, `${origin}/dashboard/reports?from=2025-03-01&to=2025-03-31`);
    await page.getByTestId("report-empty").getByText(r.empty.title).waitFor();

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${origin}/dashboard/reports`);
    await page.getByTestId("stat-revenue").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "/tmp/reports-390.png", fullPage: true });
  });

  it("is not offered to a student", async () => {
    const { site, origin } = await e2e.newSite("reports-student");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, student.email, student.password);
    const menu = page.getByRole("navigation", { name: en.nav.dashboardMenu });
    await menu.getByRole("link", { name: en.menu.dashboard }).waitFor();
    expect(await menu.getByRole("link", { name: en.menu.reports }).count()).toBe(0);
    const res = await page.goto(`${origin}/dashboard/reports`);
    expect(res?.status()).toBe(404);
  });
});
