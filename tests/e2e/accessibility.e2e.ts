// WCAG 2.2 AA on the main screens: the demo school's public pages, a student's course player and
// the owner's dashboard screens, each in Light, Dark and Night, on a desktop and on a phone. Any
// serious or critical violation of the WCAG 2.2 A/AA rules (unreadable text, unnamed button or
// link, unlabelled field, a control whose name does not contain its visible label…) fails the test
// with the elements named. Every other screen the browser tests show is checked by axe-sweep.ts.
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY } from "../../app/lib/cart";
import { THEME_STORAGE_KEY, THEMES, type ThemeName } from "../../app/lib/theme";
import { courseStudents, courses, members, pages, posts, products } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { notifications } from "../../server/modules/notifications";
import { storageFor } from "../../server/modules/storage";
import { DEMO_LOGINS, seedDemo } from "../../server/seed/demo";
import { DEMO_PASSWORD } from "../../server/seed/builders";
import { axeCheck, formatFindings } from "./axe";
import { axeSweep, failingOnly, WCAG_TAGS } from "./axe-sweep";
import { hydrated, logIn, setupE2E, waitForPath } from "./fixtures";

const e2e = setupE2E();
// This file checks every theme itself; the sweep of visited screens would repeat a part of it.
axeSweep(false);

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Who = "visitor" | "student" | "owner";
type Screen = { name: string; who: Who; path: string; ready?: (page: Page) => Promise<unknown> };

let screens: Screen[] = [];
let origin = "";
let cartLine = "";

beforeAll(async () => {
  const { db } = e2e.t.database;
  await seedDemo(db, e2e.t.platform.auth, "staff@atrium.test", storageFor(e2e.t.platform.cfg));
  const site = await accounts.bySlug(db, "demo");
  if (!site) throw new Error("the demo site was not seeded");
  origin = e2e.t.origin("demo");
  const found = await withTenant(db, site.accountId, async (tx) => {
    const [post] = await tx.select({ slug: posts.slug }).from(posts).where(eq(posts.status, "published")).limit(1);
    const [page] = await tx.select({ id: pages.id }).from(pages).where(eq(pages.slug, "home")).limit(1);
    const [course] = await tx
      .select({ id: courses.id, slug: courses.slug })
      .from(courses)
      .innerJoin(courseStudents, and(eq(courseStudents.courseId, courses.id)))
      .limit(1);
    const [product] = await tx
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(eq(products.slug, "wheel-throwing-lifetime"));
    return { post, page, course, product };
  });
  const { post, page, course, product } = found;
  // The owner has unread notifications and messages, so the bell and the chat button show counts
  // and their names are checked against them.
  const [owner] = await withPlatform(db, (tx) =>
    tx
      .select()
      .from(members)
      .where(and(eq(members.email, DEMO_LOGINS.owner), eq(members.accountId, site.accountId))),
  );
  if (!owner) throw new Error("the demo site has no owner");
  await notifications.create(db, site.accountId, { userId: owner.userId, title: "New enrolment" });
  await notifications.create(db, site.accountId, { userId: owner.userId, title: "Hello", type: "chat" });
  if (!post || !page || !course || !product) throw new Error("the demo site lacks a post, page, course or product");
  cartLine = JSON.stringify({
    cartItems: [
      { id: product.id, title: product.title, quantity: 1, amount: 4900, type: "oneTime", object: "product" },
    ],
  });
  screens = [
    { name: "site home", who: "visitor", path: "/" },
    { name: "blog", who: "visitor", path: "/blog" },
    { name: "blog post", who: "visitor", path: `/blog/${post.slug}` },
    { name: "course list", who: "visitor", path: "/course" },
    { name: "course page", who: "visitor", path: `/course/${course.slug}` },
    { name: "login", who: "visitor", path: "/login" },
    { name: "signup", who: "visitor", path: "/signup" },
    {
      name: "checkout",
      who: "visitor",
      path: "/checkout",
      ready: (p) => p.getByTestId("checkout-total").waitFor(),
    },
    { name: "course player", who: "student", path: `/dashboard/courses/${course.id}` },
    { name: "dashboard home", who: "owner", path: "/dashboard" },
    { name: "instructor course editor", who: "owner", path: `/dashboard/instructor/course/${course.id}` },
    {
      name: "page editor",
      who: "owner",
      path: `/dashboard/pages/${page.id}`,
      ready: (p) => p.locator("[data-puck-dropzone]").first().waitFor(),
    },
    { name: "posts list", who: "owner", path: "/dashboard/posts" },
    { name: "products list", who: "owner", path: "/dashboard/manage/ecommerce" },
    { name: "site theme", who: "owner", path: "/dashboard/manage/site/theme" },
  ];
});

/** A page for this person at this size, signed in where needed, the guided tour already seen. */
async function pageFor(who: Who, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const page = await e2e.newPage();
  await page.setViewportSize(viewport);
  await page.addInitScript(
    ([key, cart]) => {
      localStorage.setItem("account-demo", "1");
      localStorage.setItem(key, cart);
    },
    [CART_STORAGE_KEY, cartLine],
  );
  if (who === "visitor") {
    // The theme is chosen in the site's local storage, so the page must be on the site first.
    await page.goto(`${origin}/login`);
  } else {
    await logIn(page, origin, who === "owner" ? DEMO_LOGINS.owner : DEMO_LOGINS.student, DEMO_PASSWORD);
    await waitForPath(page, "/dashboard");
  }
  return page;
}

async function show(page: Page, screen: Screen, theme: ThemeName) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme]);
  await page.goto(`${origin}${screen.path}`);
  await hydrated(page);
  await screen.ready?.(page);
  expect(await page.getAttribute("html", "data-theme"), screen.name).toBe(theme);
}

describe("every main screen reads well and names its controls", () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`in Light, Dark and Night on a ${size}`, async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const who of ["visitor", "student", "owner"] as const) {
        const page = await pageFor(who, viewport);
        for (const screen of screens.filter((s) => s.who === who)) {
          for (const theme of THEMES) {
            await show(page, screen, theme);
            failures.push(
              ...formatFindings(
                `[${size} ${theme}] ${screen.name}`,
                failingOnly(await axeCheck(page, { tags: WCAG_TAGS })),
              ),
            );
            checked++;
          }
        }
      }
      console.info(
        `[axe] ${checked} screen views checked on a ${size} (${screens.length} screens × ${THEMES.length} themes)`,
      );
      expect(failures, failures.join("\n")).toEqual([]);
      expect(checked).toBe(screens.length * THEMES.length);
      // Every main screen in three themes, in one test: several minutes on a slow machine.
    }, 900_000);
  }
});
