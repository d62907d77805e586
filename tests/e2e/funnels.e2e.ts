// Funnels in a real browser: the owner draws a four-step funnel (course → cart → checkout →
// confirmation) on the editor's canvas, picks each step's object, connects the steps and makes it
// live; a visitor arrives from the campaign link, adds the course's product to the cart, checks out
// with offline payment; the owner sees one visitor on every step in Analytics.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { funnelStats, funnels } from "../../server/modules/funnels";
import { popups } from "../../server/modules/forms";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uid, uniqueEmail, waitForPath } from "./fixtures";

const e2e = setupE2E();
const f = en.funnels;
const fill = (s: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((out, [k, x]) => out.replaceAll(`{{${k}}}`, String(x)), s);

describe("funnels", () => {
  it("the owner draws a funnel, a campaign visitor walks it to an order, and Analytics counts each step", async () => {
    const { site, owner, origin } = await e2e.newSite("funnels", { plan: PLAN_IDS.professional });
    const db = e2e.t.database.db;
    const { course } = await buildCourse(db, site, owner, {
      title: "Wheel Throwing",
      status: "published",
      access: "private",
      curriculum: [{ unit: "Centering" }],
    });
    await buildProduct(db, site, { title: "Wheel Throwing pass", amount: 4900, courseIds: [course.id] });

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/marketing/funnels`);
    await page.getByText(f.empty).waitFor();
    await page.getByRole("button", { name: f.newFunnel }).click();
    await page.waitForURL(/\/dashboard\/manage\/marketing\/funnels\/[0-9a-f-]{36}$/);
    await hydrated(page);

    const panel = page.getByTestId("funnel-step-panel");
    const pick = async (label: string, option: string) => {
      await panel.getByLabel(label).click();
      await page.getByRole("option", { name: option }).click();
    };
    // The settings beside the canvas are those of the step named: wait for them before using them
    // (on a busy machine the panel may still show the step chosen before, and the change would go there).
    const settingsOf = (label: string) =>
      page.getByRole("group", { name: fill(f.a11y.settingsOf, { label }), exact: true }).waitFor();
    const addStep = async (type: string, name: string, object?: [string, string]) => {
      await page.getByRole("button", { name: `+ ${type}` }).click();
      await settingsOf(type);
      await panel.getByRole("textbox", { name: f.stepLabel }).fill(name);
      await settingsOf(name);
      if (object) await pick(object[0], object[1]);
    };
    await addStep(f.types.courses, "Learn", [f.objectOf.course, "Wheel Throwing"]);
    await addStep(f.types.cart, "Basket", [f.objectOf.product, "Wheel Throwing pass"]);
    await addStep(f.types.checkout, "Pay");
    await addStep(f.types.order, "Thanks");
    // Four steps and no connections yet: more than one first step.
    await page.getByText(f.errors.start).waitFor();
    const connect = async (from: string, to: string) => {
      // Chosen as the step's help says, with Enter on the focused step: a step beyond the canvas's
      // visible part, or under another, is reached all the same.
      const step = page
        .locator(".react-flow__node")
        .filter({ has: page.getByTestId("funnel-step").filter({ hasText: from }) });
      await step.focus();
      await step.press("Enter");
      await settingsOf(from);
      await pick(f.leadsTo, to);
      await page.keyboard.press("Escape");
    };
    await connect("Learn", "Basket");
    await connect("Basket", "Pay");
    await connect("Pay", "Thanks");
    await page.getByText(f.errors.start).waitFor({ state: "detached" });
    const campaign = `spring-${uid()}`;
    await page.getByRole("textbox", { name: "utm_campaign" }).fill(campaign);
    await page.getByRole("textbox", { name: f.name, exact: true }).fill("Spring campaign");
    await page.getByRole("switch", { name: f.live }).check();
    await page.getByRole("button", { name: en.editorFrame.save }).click();
    await page.getByText(f.saved).waitFor();
    expect(await page.locator(".react-flow__edge").count()).toBe(3);
    const drawn = await page
      .locator(".react-flow__edge")
      .evaluateAll((es) => es.map((e) => e.getAttribute("aria-label")));
    expect(drawn.sort()).toEqual(
      [
        ["Basket", "Pay"],
        ["Learn", "Basket"],
        ["Pay", "Thanks"],
      ].map(([from, to]) => fill(f.a11y.connection, { from, to })),
    );
    await page.screenshot({ path: "docs/screenshots/funnel-editor.png", fullPage: true });
    expect(await axeCheck(page)).toEqual([]);
    const funnelUrl = page.url();

    // A visitor from the campaign link walks the funnel to an offline order.
    const visitor = await e2e.newPage();
    await open(
      visitor,
      `${origin}/course/${course.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`,
    );
    await expect
      .poll(() => visitor.evaluate(() => sessionStorage.getItem("funnel_session_id")), { timeout: 10_000 })
      .toMatch(/^[0-9a-f-]{36}$/);
    // The add-to-cart event answers late (a busy server): the visitor who goes on to the checkout at
    // once must still arrive there after it, not ahead of it (which ended the session).
    await visitor.route("**/api/funnel/event", async (route) => {
      if (route.request().postData()?.includes("type=cart")) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await visitor.getByRole("button", { name: fill(en.checkout.addToCartFor, { price: "$49" }) }).click();
    const cart = visitor.getByRole("dialog", { name: en.cart.title });
    await cart.getByRole("link", { name: en.cart.checkout }).click();
    await waitForPath(visitor, "/checkout");
    await visitor.getByRole("textbox", { name: en.auth.name }).fill("Bea Buyer");
    await visitor.getByRole("textbox", { name: en.auth.email }).fill(uniqueEmail("buyer"));
    await visitor.getByRole("textbox", { name: en.auth.password }).fill("correct-horse-battery");
    await visitor.getByRole("button", { name: en.checkout.createAccountAndContinue }).click();
    await visitor.getByText(fill(en.checkout.signedInAs, { name: "Bea Buyer" })).waitFor();
    await hydrated(visitor);
    await visitor.getByRole("button", { name: fill(en.checkout.placeOrder, { total: "$49" }) }).click();
    await visitor.waitForURL((url) => url.pathname.startsWith("/dashboard/orders/"));
    await hydrated(visitor);
    // The confirmation is the funnel's last step: the session ends there, and the next view is refused.
    const funnelId = funnelUrl.split("/").at(-1) as string;
    const lastStep = () =>
      page.evaluate(async (id) => {
        const stats = await (await fetch(`/api/v1/funnels/${id}/stats`)).json();
        return stats.steps.at(-1)?.visitors as number;
      }, funnelId);
    await expect.poll(lastStep, { timeout: 30_000 }).toBe(1);
    await open(visitor, `${origin}/course/${course.slug}`);
    await expect
      .poll(() => visitor.evaluate(() => sessionStorage.getItem("funnel_session_id")), { timeout: 10_000 })
      .toBeNull();

    // The owner's Analytics: one visitor on each of the four steps, in the funnel's order.
    await open(page, `${funnelUrl}?tab=analytics`);
    const table = page.getByTestId("funnel-stats-table");
    await table.waitFor();
    const rows = await table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].slice(0, 3).map((td) => td.textContent?.trim() ?? "")),
      );
    expect(rows.map((r) => [r[0]?.split(" (")[0], r[1], r[2]])).toEqual([
      ["Learn", "1", "1"],
      ["Basket", "1", "1"],
      ["Pay", "1", "1"],
      ["Thanks", "1", "0"],
    ]);
    await page.getByText(fill(f.totals_one, { count: 1, revenue: "$0.00" })).waitFor();
    await page.screenshot({ path: "docs/screenshots/funnel-analytics.png", fullPage: true });
    expect(await axeCheck(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("a popup shown inside a funnel moves the visitor to the funnel's popup step", async () => {
    const { site, owner, origin } = await e2e.newSite("funnel-popup", { plan: PLAN_IDS.professional });
    const db = e2e.t.database.db;
    const course = async (title: string) =>
      (await buildCourse(db, site, owner, { title, status: "published", curriculum: [{ unit: "One" }] })).course;
    const [first, second] = [await course("Glaze Chemistry"), await course("Kiln Firing")];
    const popup = await popups.create(db, site.accountId, {
      name: "Studio letter",
      content: "<h2>Our studio letter</h2><p>One letter a month.</p>",
      trigger: { type: "delay", delaySeconds: 1 },
      pages: { mode: "all", paths: [] },
      frequency: { type: "once" },
      status: "active",
    });
    const campaign = `popup-${uid()}`;
    const funnel = await funnels.create(db, site, {
      name: "Letter funnel",
      status: "live",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: campaign,
      graph: {
        nodes: [
          { id: "a", data: { label: "Glaze", type: "courses", ref: first.id }, position: { x: 0, y: 0 } },
          { id: "p", data: { label: "Letter", type: "popup", ref: popup.id }, position: { x: 200, y: 0 } },
          { id: "b", data: { label: "Kiln", type: "courses", ref: second.id }, position: { x: 400, y: 0 } },
        ],
        edges: [
          { id: "a->p", source: "a", target: "p" },
          { id: "p->b", source: "p", target: "b" },
        ],
      },
    });

    const visitor = await e2e.newPage();
    await open(visitor, `${origin}/course/${first.slug}?utm_source=news&utm_medium=email&utm_campaign=${campaign}`);
    await expect
      .poll(() => visitor.evaluate(() => sessionStorage.getItem("funnel_session_id")), { timeout: 10_000 })
      .not.toBeNull();
    const dialog = visitor.getByRole("dialog", { name: "Studio letter" });
    await dialog.waitFor();
    const visitors = async () => {
      const stats = await funnelStats(db, site.accountId, funnel.id, {});
      return stats.steps.map((s) => s.visitors);
    };
    await expect.poll(visitors, { timeout: 10_000 }).toEqual([1, 1, 0]);
    await visitor.keyboard.press("Escape");
    await open(visitor, `${origin}/course/${second.slug}`);
    await expect.poll(visitors, { timeout: 10_000 }).toEqual([1, 1, 1]);
  });
});
