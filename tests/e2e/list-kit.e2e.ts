import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildPost } from "../../server/seed/builders";
import { open, setupE2E } from "./fixtures";

const e2e = setupE2E();
const b = en.blog.editor;
const k = en.listKit;

/** The titles of the table's rows, top to bottom. */
const titles = (page: Page) =>
  page.getByRole("table", { name: b.listTitle }).locator("tbody tr td:nth-child(2) a").allTextContents();

const waitForFirst = (page: Page, title: string) =>
  expect.poll(async () => (await titles(page))[0], { timeout: 10_000 }).toBe(title);

describe("list kit (posts)", () => {
  it("searches, sorts by a column, pages, bulk-deletes two rows and shows the no-results state", async () => {
    const { site, owner, origin } = await e2e.newSite("listkit");
    // 22 drafts: more than one page of 20, newest ("Note 22") first by default.
    for (let i = 1; i <= 22; i++) {
      await buildPost(e2e.t.database.db, site, { title: `Note ${String(i).padStart(2, "0")}` });
    }
    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/posts`);
    expect(await titles(page)).toHaveLength(20);

    // Paging.
    await page.getByRole("navigation", { name: en.common.pages }).getByRole("link", { name: en.common.next }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(async () => (await titles(page)).length).toBe(2);

    // Sorting by title: ascending, then descending; the header says which.
    const titleHeader = page.getByRole("columnheader", { name: b.columns.title });
    expect(await titleHeader.getAttribute("aria-sort")).toBe("none");
    await titleHeader.getByRole("button").click();
    await page.waitForURL(/sort=title&dir=asc/);
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    await waitForFirst(page, "Note 01");
    expect(await titleHeader.getAttribute("aria-sort")).toBe("ascending");
    await titleHeader.getByRole("button").click();
    await page.waitForURL(/sort=title&dir=desc/);
    await waitForFirst(page, "Note 22");
    expect(await titleHeader.getAttribute("aria-sort")).toBe("descending");

    // Search keeps the sort: "Note 1" finds Note 10 … Note 19, highest first.
    await page.getByRole("searchbox", { name: b.search }).fill("Note 1");
    await page.getByRole("button", { name: b.filter, exact: true }).click();
    await page.waitForURL(/q=Note\+1/);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("title");
    await waitForFirst(page, "Note 19");
    expect(await titles(page)).toHaveLength(10);

    // Select two rows and delete them together.
    await page.getByRole("checkbox", { name: k.selectRow.replace("{{name}}", "Note 19") }).check();
    await page.getByRole("checkbox", { name: k.selectRow.replace("{{name}}", "Note 18") }).check();
    const bar = page.getByRole("region", { name: k.bulkActions });
    await bar.getByText(k.selected.replace("{{count}}", "2")).waitFor();
    await bar.getByRole("button", { name: k.deleteSelected }).click();
    const dialog = page.getByRole("dialog", { name: k.confirmBulkDeleteTitle });
    await dialog.getByRole("button", { name: k.deleteSelected }).click();
    await waitForFirst(page, "Note 17");
    await bar.waitFor({ state: "detached" });
    await page.reload();
    await waitForFirst(page, "Note 17");
    const left = await titles(page);
    expect(left).toHaveLength(8);
    expect(left).not.toContain("Note 19");
    expect(left).not.toContain("Note 18");

    // "Select all" picks every row on the page.
    await page.getByRole("checkbox", { name: k.selectAll }).check();
    await bar.getByText(k.selected.replace("{{count}}", "8")).waitFor();
    await bar.getByRole("button", { name: k.clearSelection }).click();
    await bar.waitFor({ state: "detached" });

    // A search that finds nothing says so, with a way back to everything.
    await page.getByRole("searchbox", { name: b.search }).fill("no such note");
    await page.getByRole("button", { name: b.filter, exact: true }).click();
    await page.getByText(b.noMatch).waitFor();
    expect(await page.getByText(b.empty).count()).toBe(0);
    await page.getByRole("link", { name: k.clearFilters }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(async () => (await titles(page)).length).toBe(20);
    expect(await page.getByRole("searchbox", { name: b.search }).inputValue()).toBe("");
  });
});
