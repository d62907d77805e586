import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { eq } from "drizzle-orm";
import { accountNotifications } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildSite, buildUser } from "../../server/seed/builders";
import { open, setupE2E, uniqueEmail, uniqueSlug, waitForPath } from "./fixtures";

const e2e = setupE2E();
const b = en.blog;

const accountNotificationsOf = async (accountId: string) =>
  (
    await withPlatform(e2e.t.database.db, (tx) =>
      tx.select().from(accountNotifications).where(eq(accountNotifications.accountId, accountId)),
    )
  ).map((n) => n.message);

describe("blog", () => {
  it("owner writes and publishes a post; /blog, the post page and the feed show it", async () => {
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("blog-owner"), name: "Rosa Writer" });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("blog"), sitetitle: "Rosa's School" });
    const origin = e2e.t.origin(site.slug);

    // Before anything is published the blog says so.
    const visitor = await e2e.newPage();
    await visitor.goto(`${origin}/blog`);
    await visitor.getByText(b.empty).waitFor();

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/posts`);
    await page.getByText(b.editor.empty).waitFor();
    await page.getByRole("link", { name: b.editor.newPost }).click();
    await waitForPath(page, "/dashboard/post");

    await page.getByLabel(b.editor.fields.title).fill("Spring term opens");
    const editor = page.getByRole("textbox", { name: b.editor.fields.content });
    await editor.click();
    await page.keyboard.type("Enrolment for the spring term is open now.");
    await page.getByLabel(b.editor.fields.excerpt).fill("Enrol for spring.");

    // A new category, created inline, is selected at once.
    await page.getByLabel(b.editor.fields.newCategory).fill("School news");
    await page.getByRole("button", { name: b.editor.fields.addCategory }).click();
    await page.locator(".mantine-MultiSelect-pill", { hasText: "School news" }).waitFor();

    await page.setViewportSize({ width: 1280, height: 1100 });
    await page.screenshot({ path: "/tmp/blog-editor.png", fullPage: true });
    await page.getByRole("button", { name: b.editor.publish }).click();
    await page.getByText(b.editor.publishedNotice).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/post\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: b.editor.viewPost }).waitFor();

    // The listing.
    await visitor.goto(`${origin}/blog`);
    const card = visitor.getByTestId("post-card").filter({ hasText: "Spring term opens" });
    await card.waitFor();
    await card.getByText("Enrol for spring.").waitFor();
    expect(await visitor.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href")).toBe(
      "/blog/rss.xml",
    );
    await visitor.screenshot({ path: "/tmp/blog-list.png", fullPage: true });
    // The category filter.
    await visitor
      .getByRole("navigation", { name: b.categoriesLabel })
      .getByRole("link", { name: "School news" })
      .click();
    await visitor.waitForURL(/\?category=school-news/);
    await visitor.getByTestId("post-card").filter({ hasText: "Spring term opens" }).waitFor();

    // The post page.
    await visitor.goto(`${origin}/blog/spring-term-opens`);
    await visitor.getByRole("heading", { level: 1, name: "Spring term opens" }).waitFor();
    await visitor.getByText("Enrolment for the spring term is open now.").waitFor();
    await visitor.getByText(b.by.replace("{{name}}", "Rosa Writer")).waitFor();
    expect(await visitor.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
    expect(await visitor.locator('meta[property="article:published_time"]').count()).toBe(1);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.screenshot({ path: "/tmp/blog-post-390.png", fullPage: true });

    // The feed.
    const feed = await visitor.evaluate(async () => {
      const res = await fetch("/blog/rss.xml");
      return { type: res.headers.get("content-type") ?? "", xml: await res.text() };
    });
    expect(feed.type).toContain("application/rss+xml");
    const xml = feed.xml;
    expect(xml).toContain("<title>Spring term opens</title>");
    expect(xml).toContain(`<link>${origin}/blog/spring-term-opens</link>`);

    // An unknown address is a 404.
    const missing = await visitor.goto(`${origin}/blog/not-a-post`);
    expect(missing?.status()).toBe(404);

    // The owner's list shows it published; deleting asks first.
    await open(page, `${origin}/dashboard/posts`);
    const row = page.getByRole("row").filter({ hasText: "Spring term opens" });
    await row.getByText(b.editor.statuses.published).waitFor();
    await page.screenshot({ path: "/tmp/blog-dashboard-list.png", fullPage: true });
    await row.getByRole("button", { name: b.editor.delete }).click();
    const dialog = page.getByRole("dialog", { name: b.editor.confirmDeleteTitle });
    await dialog.getByRole("button", { name: b.editor.delete }).click();
    await page.getByText(b.editor.empty).waitFor();
    const gone = await visitor.goto(`${origin}/blog/spring-term-opens`);
    expect(gone?.status()).toBe(404);
  });

  it("staff publish a product update on the platform site; every owner's site gets a notification", async () => {
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test" });
    const owner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("upd-owner") });
    const site = await buildSite(e2e.t.database.db, owner, { slug: uniqueSlug("upd"), sitetitle: "Update School" });
    const page = await e2e.signedIn(e2e.t.origin(), staff.email, staff.password);
    await open(page, `${e2e.t.origin()}/dashboard/updates`);
    await page.getByText(b.updates.empty).waitFor();
    await page.getByLabel(b.updates.fieldTitle).fill("Quizzes got timers");
    await page.getByRole("textbox", { name: b.updates.fieldBody }).click();
    await page.keyboard.type("Every quiz can now have a time limit.");
    await page.getByRole("button", { name: b.updates.publish }).click();
    await page.getByRole("status").filter({ hasText: "sites were notified" }).waitFor();
    await page
      .getByRole("article")
      .filter({ hasText: "Quizzes got timers" })
      .getByText("Every quiz can now have a time limit.")
      .waitFor();
    await page.screenshot({ path: "/tmp/blog-updates.png", fullPage: true });

    // An owner's site has the notification; and nobody but staff finds the screen.
    const rows = await accountNotificationsOf(site.accountId);
    expect(rows.some((m) => m.includes("<strong>Quizzes got timers</strong>"))).toBe(true);
    const ownerPage = await e2e.signedIn(e2e.t.origin(site.slug), owner.email, owner.password);
    const res = await ownerPage.goto(`${e2e.t.origin(site.slug)}/dashboard/updates`);
    expect(res?.status()).toBe(404);
  });
});
