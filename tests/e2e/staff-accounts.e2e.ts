// Staff's accounts screens in a browser: staff find a site, suspend it (its home page then shows
// only the suspended page), restore it (the site answers again), and put it on another plan.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildUser } from "../../server/seed/builders";
import { open, setupE2E } from "./fixtures";

const k = en.staffAccounts;
const e2e = setupE2E();

describe("staff accounts", () => {
  it("staff suspend a site and restore it, then change its plan", async () => {
    const { site, origin } = await e2e.newSite("staffacc", { sitetitle: "Harbour Academy" });
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test", name: "Sam Staff" });
    const platform = e2e.t.origin();

    const desk = await e2e.signedIn(platform, staff.email, staff.password);
    await open(desk, `${platform}/dashboard/accounts?q=${site.slug}`);
    const row = desk.locator("tr", { hasText: "Harbour Academy" });
    await row.getByText(k.statuses.trialing, { exact: true }).waitFor();
    await row.getByRole("link", { name: "Harbour Academy" }).click();
    await desk.waitForURL((url) => url.pathname === `/dashboard/accounts/${site.accountId}`);
    await desk.getByTestId("current-plan").getByText("Starter").waitFor();

    // Suspend: the site's page shows the suspended page and nothing of the site.
    const suspendForm = desk.getByRole("form", { name: k.detail.suspend });
    await suspendForm.getByLabel(k.detail.reason).fill("Chargeback under review");
    await suspendForm.getByRole("button", { name: k.detail.suspend }).click();
    await desk.getByTestId("suspension-alert").getByText("Chargeback under review", { exact: false }).waitFor();

    const visitor = await e2e.newPage();
    const res = await visitor.goto(`${origin}/`);
    expect(res?.status()).toBe(503);
    await visitor.getByRole("heading", { name: en.suspended.title }).waitFor();

    // Restore: the site answers again at once.
    const restoreForm = desk.getByRole("form", { name: k.detail.restore });
    await restoreForm.getByLabel(k.detail.reason).fill("Resolved with the bank");
    await restoreForm.getByRole("button", { name: k.detail.restore }).click();
    await desk.getByRole("form", { name: k.detail.suspend }).waitFor();
    expect(await desk.getByTestId("suspension-alert").count()).toBe(0);
    const back = await visitor.goto(`${origin}/`);
    expect(back?.status()).toBe(200);
    expect(await visitor.getByRole("heading", { name: en.suspended.title }).count()).toBe(0);

    // Change plan: Professional, annual.
    const planForm = desk.getByRole("form", { name: k.detail.changePlan });
    await planForm.getByRole("combobox", { name: k.plan }).click();
    await desk.getByRole("option", { name: "Professional" }).click();
    await planForm.getByRole("combobox", { name: k.detail.period }).click();
    await desk.getByRole("option", { name: k.periods.annual }).click();
    await planForm.getByRole("button", { name: k.detail.applyPlan }).click();
    await desk.getByTestId("current-plan").getByText("Professional").waitFor();

    // Every action is in the site's audit log.
    await open(desk, `${platform}/dashboard/accounts/audit?site=${site.accountId}`);
    for (const action of ["plan_change", "site_restore", "site_suspend"] as const) {
      await desk.getByRole("cell", { name: k.audit.actions[action], exact: true }).first().waitFor();
    }
  });
});
