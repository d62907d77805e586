// The curriculum builder and the funnel editor with the keyboard alone: after the page opens, every
// step below is a key press (Tab, arrows, Enter, Space, Escape, Delete, typing), never a click. An
// instructor adds, renames, reorders and removes curriculum items, hears each change announced, finds
// focus where the change happened, and saves an order that survives a reload. An owner adds two funnel
// steps, moves one on the canvas, connects them, deletes a third with the Delete key, and saves.
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { courseMeta } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { funnels } from "../../server/modules/funnels";
import { buildCourse } from "../../server/seed/course-builders";
import { hydrated, open, setupE2E } from "./fixtures";

const e2e = setupE2E();
const c = en.instructor.curriculum;
const f = en.funnels;
const fill = (s: string, v: Record<string, string | number>) =>
  Object.entries(v).reduce((out, [k, x]) => out.replaceAll(`{{${k}}}`, String(x)), s);

/** The focused element's accessible name as a screen reader would start from: aria-label, else its label or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const labelled = el.getAttribute("aria-labelledby");
    const byId = labelled ? document.getElementById(labelled.split(" ")[0])?.textContent : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute("aria-label") ?? byId ?? label ?? el.textContent ?? "").replace(/\s*\*$/, "").trim();
  });

/** Presses Tab (or Shift+Tab) until the focused element has this name: proves it is reachable by keyboard. */
async function tabTo(page: Page, name: string, { back = false, max = 200 } = {}) {
  for (let n = 0; n < max; n++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`"${name}" was not reached with ${back ? "Shift+Tab" : "Tab"}; focus is on "${await focused(page)}"`);
}

/** The focused element draws a visible outline. */
const outlined = (page: Page) =>
  page.evaluate(() => {
    const s = getComputedStyle(document.activeElement as Element);
    return s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
  });

describe("keyboard use of the editors", () => {
  it("an instructor builds, renames, reorders and prunes a curriculum with the keyboard, and the order is saved", async () => {
    const { site, owner, origin } = await e2e.newSite("kbd-course");
    const { course } = await buildCourse(e2e.t.database.db, site, owner, {
      title: "Ink drawing",
      curriculum: [{ unit: "Welcome" }],
    });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/instructor/course/${course.id}`);

    // The tab list: the active tab takes focus, the arrow key opens the next one.
    await tabTo(page, en.instructor.editor.tabs.details);
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tab", { name: en.instructor.editor.tabs.curriculum, selected: true }).waitFor();

    const order = () =>
      page.getByTestId("curriculum-item").evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.title));
    const announced = page.getByTestId("curriculum-announcer");
    const add = async (button: string, title: string, position: number) => {
      await tabTo(page, button);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: button });
      await dialog.waitFor();
      // The title field takes focus; Enter submits.
      expect(await focused(page)).toBe(c.titleLabel);
      await page.keyboard.type(title);
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => announced.textContent()).toBe(fill(c.added, { title, position, total: position }));
      // Focus is back on the button that opened the dialog, ready for the next one.
      await expect.poll(() => focused(page)).toBe(button);
    };
    await add(c.addSection, "Basics", 2);
    await add(c.addUnit, "Brushes", 3);
    await add(c.addUnit, "Paper", 4);
    expect(await order()).toEqual(["Welcome", "Basics", "Brushes", "Paper"]);

    // Rename the section: the dialog opens with its title, Ctrl+A and typing replace it.
    await tabTo(page, fill(c.rename, { title: "Basics" }), { back: true });
    expect(await outlined(page)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Getting started");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expect.poll(() => announced.textContent()).toBe(fill(c.renamed, { title: "Getting started" }));
    await expect.poll(() => focused(page)).toBe(fill(c.rename, { title: "Getting started" }));

    // "Move up" to the top: announced, and focus moves to "Move down" as "Move up" is now disabled.
    await tabTo(page, fill(c.moveUp, { title: "Getting started" }));
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Getting started", "Welcome", "Brushes", "Paper"]);
    expect(await announced.textContent()).toBe(fill(c.movedTo, { title: "Getting started", position: 1, total: 4 }));
    await expect.poll(() => focused(page)).toBe(fill(c.moveDown, { title: "Getting started" }));

    // The drag handle: Space picks up, the arrow moves, Space drops; Escape puts it back.
    const handle = (title: string) => fill(c.dragHandle, { title });
    await tabTo(page, handle("Paper"));
    expect(await outlined(page)).toBe(true);
    // dnd-kit measures the list after the pick-up, so each key waits for the frame before it.
    for (const key of ["Space", "ArrowUp", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect.poll(order).toEqual(["Getting started", "Welcome", "Paper", "Brushes"]);
    await expect
      .poll(() => page.getByText(fill(c.movedTo, { title: "Paper", position: 3, total: 4 })).count())
      .toBeGreaterThan(0);
    await tabTo(page, handle("Brushes"));
    for (const key of ["Space", "ArrowUp", "Escape"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await expect.poll(order).toEqual(["Getting started", "Welcome", "Paper", "Brushes"]);

    // Removing Welcome sends focus to the next item's handle.
    await tabTo(page, fill(c.remove, { title: "Welcome" }), { back: true });
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Getting started", "Paper", "Brushes"]);
    expect(await announced.textContent()).toBe(fill(c.removed, { title: "Welcome" }));
    await expect.poll(() => focused(page)).toBe(handle("Paper"));

    await tabTo(page, en.instructor.save, { back: true });
    await page.keyboard.press("Enter");
    await page.getByText(en.instructor.saved, { exact: true }).first().waitFor();

    const [meta] = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select()
        .from(courseMeta)
        .where(and(eq(courseMeta.courseId, course.id), eq(courseMeta.metaKey, "curriculum"))),
    );
    const saved = meta.metaValue as { id?: string; post_type: string; title: string }[];
    expect(saved.map((x) => [x.post_type, x.title])).toEqual([
      ["section", "Getting started"],
      ["unit", "Paper"],
      ["unit", "Brushes"],
    ]);

    await page.reload();
    await hydrated(page);
    await tabTo(page, en.instructor.editor.tabs.details);
    await page.keyboard.press("ArrowRight");
    await page.getByTestId("curriculum-list").waitFor();
    await expect.poll(order).toEqual(["Getting started", "Paper", "Brushes"]);
  });

  it("an owner adds, moves, connects and deletes funnel steps with the keyboard, and saves", async () => {
    const { site, owner, origin } = await e2e.newSite("kbd-funnel", { plan: PLAN_IDS.professional });
    const funnel = await funnels.create(e2e.t.database.db, site, {
      name: "Keyboard funnel",
      utm_source: "news",
      utm_medium: "email",
      utm_campaign: "keys",
    });
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/marketing/funnels/${funnel.id}`);

    const steps = () => page.getByTestId("funnel-step").allTextContents();
    const stepName = (label: string, type: string) => fill(f.a11y.step, { label, type });
    const addStep = async (type: string, label: string, back = true) => {
      await tabTo(page, `+ ${type}`, { back });
      await page.keyboard.press("Enter");
      // Focus lands in the new step's label.
      await expect.poll(() => focused(page)).toBe(f.stepLabel);
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(label);
      await page.getByRole("group", { name: stepName(label, type) }).waitFor();
    };
    await addStep(f.types.checkout, "Pay", false);
    await addStep(f.types.order, "Thanks");
    await addStep(f.types.cart, "Extra");
    expect(await steps()).toEqual([`${f.types.checkout}Pay`, `${f.types.order}Thanks`, `${f.types.cart}Extra`]);

    // Delete on a selected step removes it; focus goes to the step before it.
    await tabTo(page, stepName("Extra", f.types.cart), { back: true });
    expect(await outlined(page)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: fill(f.a11y.settingsOf, { label: "Extra" }) }).waitFor();
    await page.keyboard.press("Delete");
    await expect.poll(steps).toEqual([`${f.types.checkout}Pay`, `${f.types.order}Thanks`]);
    await expect.poll(() => focused(page)).toBe(stepName("Thanks", f.types.order));

    // Select Pay and move it down 40 px (Shift+Arrow moves by 20).
    await tabTo(page, stepName("Pay", f.types.checkout), { back: true });
    await page.keyboard.press("Enter");
    await page.getByRole("group", { name: fill(f.a11y.settingsOf, { label: "Pay" }) }).waitFor();
    await page.keyboard.press("Shift+ArrowDown");
    await page.keyboard.press("Shift+ArrowDown");

    // Connect Pay to Thanks with "Leads to".
    await tabTo(page, f.leadsTo);
    await page.keyboard.type("Thanks");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".react-flow__edge").count()).toBe(1);
    await page.getByText(f.errors.start).waitFor({ state: "detached" });
    // The connection is itself reachable and named.
    await tabTo(page, fill(f.a11y.connection, { from: "Pay", to: "Thanks" }), { back: true });
    expect(
      await page.evaluate(
        () => getComputedStyle(document.activeElement?.querySelector(".react-flow__edge-path") as Element).strokeWidth,
      ),
    ).toBe("3px");

    await tabTo(page, en.editorFrame.save, { back: true });
    await page.keyboard.press("Enter");
    await page.getByText(f.saved).waitFor();
    const stored = await funnels.get(e2e.t.database.db, site.accountId, funnel.id);
    const [pay, thanks] = stored.graph.nodes;
    expect([pay.data.label, thanks.data.label]).toEqual(["Pay", "Thanks"]);
    expect(stored.graph.edges.map((e) => [e.source, e.target])).toEqual([[pay.id, thanks.id]]);
    // Pay was drawn on the same row as the steps after it, and now sits 40 px lower.
    expect(pay.position?.y).toBe((thanks.position?.y ?? 0) + 40);

    await page.reload();
    await hydrated(page);
    await expect.poll(steps).toEqual([`${f.types.checkout}Pay`, `${f.types.order}Thanks`]);
    expect(await page.locator(".react-flow__edge").count()).toBe(1);
  });
});
