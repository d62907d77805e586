// A plan at work in a browser: an owner on the Starter trial finds the affiliate programme locked
// with the plan that has it, follows the link to billing, asks for Professional; once staff grant
// it, the programme opens. At the ten-page limit the page editor says which plan raises it.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { pages } from "../../server/modules/pages";
import { siteBilling } from "../../server/modules/billing";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
const b = en.billing;

describe("billing and plan limits", () => {
  it("locks a feature the plan lacks, takes a plan request, and opens the feature once staff grant it", async () => {
    const { site, owner, origin } = await e2e.newSite("billing");
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/marketing/affiliates`);
    const refusal = page.getByTestId("plan-refusal");
    await expect.poll(() => refusal.textContent()).toContain("The affiliate programme is not part of this site's plan");
    expect(await refusal.textContent()).toContain("The Professional plan includes it.");
    await refusal.getByRole("link", { name: en.plan.upgrade }).click();
    await waitForPath(page, "/dashboard/billing");

    await expect.poll(() => page.getByTestId("current-plan").textContent()).toContain("Starter");
    expect(await page.getByTestId("current-plan").textContent()).toContain(b.statuses.trialing);
    await page.getByText(b.periods.annual, { exact: true }).click();
    const pro = page.getByTestId("plan-professional");
    await expect.poll(() => pro.textContent()).toContain("$999");
    expect(formatFindings("billing", await axeCheck(page))).toEqual([]);
    await pro.getByRole("button", { name: b.choose }).click();
    await expect.poll(() => page.getByTestId("plan-request").textContent()).toContain("Professional");
    expect(await pro.getByRole("button", { name: b.requestedShort }).isDisabled()).toBe(true);

    // Staff confirm the payment and switch the site (the staff screen calls the same service).
    await siteBilling.changePlan(
      e2e.t.database.db,
      site.accountId,
      { planId: PLAN_IDS.professional, period: "annual" },
      { userId: null, email: "staff@atrium.test" },
    );
    await open(page, `${origin}/dashboard/manage/marketing/affiliates`);
    await page.getByRole("heading", { name: en.affiliate.form.add }).waitFor();
    expect(await page.getByTestId("plan-refusal").count()).toBe(0);

    await open(page, `${origin}/dashboard/billing`);
    await expect.poll(() => page.getByTestId("current-plan").textContent()).toContain("Professional");
    expect(await page.getByTestId("plan-request").count()).toBe(0);
  });

  it("shows the upgrade message at the plan's page limit", async () => {
    const { site, owner, origin } = await e2e.newSite("page-limit");
    const db = e2e.t.database.db;
    for (let i = 0; i < 10; i++) {
      await pages.create(db, site, { kind: "page", title: `Page ${i}`, slug: `page-${i}` }).catch(() => undefined);
    }
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/pages/new`);
    await page.getByLabel(en.pages.settings.title).fill("One page too many");
    await page.getByRole("button", { name: en.pages.saveDraft }).click();
    const refusal = page.getByTestId("plan-refusal");
    await expect
      .poll(() => refusal.textContent())
      .toContain("This site has reached its pages limit (10 on the Starter plan).");
    expect(await refusal.textContent()).toContain("The Lifetime plan raises it.");
  });
});
