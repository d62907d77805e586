// The site search in a real browser: a signed-in member finds a published page, a published post
// and a member by one word, narrows the results with the chips, never sees drafts or another
// site's content, follows a result; "nothing found" shows only for terms longer than 3 characters.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { pages } from "../../server/modules/pages";
import { posts } from "../../server/modules/posts";
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { logIn, open, setupE2E, uniqueEmail, uniqueSlug, waitForPath } from "./fixtures";

const e2e = setupE2E();

async function siteWithContent(prefix: string) {
  const db = e2e.t.database.db;
  const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail(`${prefix}-owner`) });
  const site = await buildSite(db, owner, { slug: uniqueSlug(prefix), sitetitle: `Search ${prefix}` });
  const page = await pages.create(db, site, {
    kind: "page",
    slug: "campus-tour",
    title: "Campus tour",
    document: { root: { props: {} }, content: [] },
  });
  await pages.setStatus(db, site.accountId, page.id, "published");
  await pages.create(db, site, { kind: "page", slug: "campus-draft", title: "Campus draft plans" });
  const post = await posts.create(db, site.accountId, null, { title: "Campus news this week", content: "<p>News</p>" });
  await posts.publish(db, site.accountId, post.id);
  return site;
}

describe("site search", () => {
  it("a member finds a page, a post and a member; chips narrow the results; the hint follows §5", async () => {
    const site = await siteWithContent("find");
    const other = await siteWithContent("other");
    const db = e2e.t.database.db;
    const carla = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("carla"), name: "Carla Campuszano" });
    await buildMember(db, site, carla, "student");
    await buildMember(
      db,
      other,
      await buildUser(e2e.t.platform.auth, { email: uniqueEmail("x"), name: "Campus Elsewhere" }),
      "student",
    );

    const origin = e2e.t.origin(site.slug);
    const page = await e2e.newPage();
    await page.addInitScript(() => localStorage.setItem("account-demo", "1"));
    await logIn(page, origin, carla.email, carla.password);
    await waitForPath(page, "/dashboard");
    await open(page, origin);

    await page.getByRole("button", { name: en.search.open }).click();
    const dialog = page.getByRole("dialog", { name: en.search.title });
    const input = dialog.getByLabel(en.search.label);

    // Three characters that match nothing: no hint. Four: the hint, once loading is over.
    await input.fill("qqq");
    await page.waitForTimeout(900);
    expect(await dialog.getByText(en.errors.notFound).count()).toBe(0);
    await input.fill("qqqq");
    await dialog.getByText(en.errors.notFound).waitFor();

    await input.fill("campus");
    await dialog.getByRole("link", { name: "Campus tour" }).waitFor();
    await dialog.getByRole("link", { name: "Campus news this week" }).waitFor();
    await dialog.getByRole("link", { name: "Carla Campuszano" }).waitFor();
    expect(await dialog.getByText(en.errors.notFound).count()).toBe(0);
    const titles = await dialog.locator(".search-results a").allTextContents();
    expect(titles.sort()).toEqual(["Campus news this week", "Campus tour", "Carla Campuszano"]);

    // The blog chip keeps the post only.
    await dialog.getByText(en.search.types.blog, { exact: true }).click();
    await expect.poll(() => dialog.locator(".search-results a").allTextContents()).toEqual(["Campus news this week"]);

    // The pages chip, then follow the result.
    await dialog.getByText(en.search.types.pages, { exact: true }).click();
    await expect.poll(() => dialog.locator(".search-results a").allTextContents()).toEqual(["Campus tour"]);
    await dialog.getByRole("link", { name: "Campus tour" }).click();
    await waitForPath(page, "/campus-tour");
    expect(await page.title()).toContain("Campus tour");
  });
});
