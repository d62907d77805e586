// The demo installation `npm start` creates: the demo site's published home and about pages, five
// posts in categories with cover images that the media library serves, and searchable content.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  affiliates,
  coupons,
  emailCampaigns,
  memberships,
  orders,
  paymentSettings,
  products,
  tickets,
} from "../../server/db/schema";
import { PLAN_IDS } from "../../core/plans";
import { withTenant } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { pages } from "../../server/modules/pages";
import { posts } from "../../server/modules/posts";
import { storageFor } from "../../server/modules/storage";
import { DEMO_PASSWORD } from "../../server/seed/builders";
import { DEMO_LOGINS, seedDemo } from "../../server/seed/demo";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";

describe("the demo seed", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
    const storage = storageFor(t.platform.cfg);
    expect((await seedDemo(t.database.db, t.platform.auth, "staff-demo@atrium.test", storage)).created).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("publishes five posts in categories, each with a cover image the library serves", async () => {
    const feed = await (await t.request("demo", "/blog/rss.xml")).text();
    expect(feed.match(/<item>/g)).toHaveLength(5);
    const site = await accounts.bySlug(t.database.db, "demo");
    const latest = await posts.latestPublished(t.database.db, site!.accountId, 10);
    expect(latest.every((p) => p.categories.length === 1 && p.coverImage?.startsWith("/media/"))).toBe(true);
    const cover = await t.request("demo", `${latest[0].coverImage}?w=640`, { headers: { accept: "image/webp" } });
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toBe("image/webp");
    const search = await (await t.request("demo", "/api/v1/search?q=habits&type=blog")).json();
    expect(search.results).toEqual([
      expect.objectContaining({ title: "Five habits of people who finish online courses" }),
    ]);
  });

  it("lists the home and about pages in the sitemap and finds the about page", async () => {
    const xml = await (await t.request("demo", "/sitemap.xml")).text();
    expect(xml).toMatch(/\/about-us<\/loc>/);
    const search = await (await t.request("demo", "/api/v1/search?q=about&type=pages")).json();
    expect(search.results).toEqual([{ type: "pages", title: "About us", url: "/about-us" }]);
  });

  it("publishes three courses in two categories, with the demo student enrolled, certified and reviewing", async () => {
    const list = await (await t.request("demo", "/api/v1/catalog/courses")).json();
    expect(list.items.map((c: { slug: string }) => c.slug).sort()).toEqual([
      "glazing-workshop",
      "hand-building-essentials",
      "wheel-throwing-foundations",
    ]);
    const cats = await (await t.request("demo", "/api/v1/catalog/categories")).json();
    expect(cats.items.map((c: { slug: string; courses: number }) => [c.slug, c.courses])).toEqual([
      ["surface", 1],
      ["making", 2],
    ]);
    const glazing = await (await t.request("demo", "/api/v1/catalog/courses/glazing-workshop")).json();
    expect(glazing).toMatchObject({ seats: 25, seatsLeft: 24, students: 1, reviewCount: 1, rating: 4 });
    const wheel = await (await t.request("demo", "/api/v1/catalog/courses/wheel-throwing-foundations")).json();
    expect(wheel.outline.map((i: { type: string }) => i.type)).toEqual(
      expect.arrayContaining(["section", "unit", "quiz", "assignments"]),
    );
    const cookie = await signIn(t, "demo", DEMO_LOGINS.student, DEMO_PASSWORD);
    const certs = await (await t.request("demo", "/api/v1/certificates", { cookie })).json();
    expect(certs.items).toEqual([expect.objectContaining({ courseTitle: "Hand-Building Essentials" })]);
    const pdf = await t.request("demo", `/api/v1/certificates/${certs.items[0].code}/pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const search = await (await t.request("demo", "/api/v1/search?q=glaz&type=course")).json();
    expect(search.results).toEqual([{ type: "course", title: "Glazing Workshop", url: "/course/glazing-workshop" }]);
  });

  it("sells the courses: products with cross-sells, an All-access membership, the coupons and offline payment", async () => {
    const site = await accounts.bySlug(t.database.db, "demo");
    const accountId = site!.accountId;
    const shop = await withTenant(t.database.db, accountId, async (tx) => ({
      products: await tx.select().from(products).where(eq(products.accountId, accountId)),
      coupons: await tx.select().from(coupons).where(eq(coupons.accountId, accountId)),
      memberships: await tx.select().from(memberships).where(eq(memberships.accountId, accountId)),
      affiliates: await tx.select().from(affiliates).where(eq(affiliates.accountId, accountId)),
      offline: await tx.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId)),
    }));
    const bySlug = new Map(shop.products.map((p) => [p.slug, p]));
    expect(bySlug.get("wheel-throwing-lifetime")?.metadata.price).toEqual({ type: "onetime", amount: 4900 });
    expect(bySlug.get("studio-pass-monthly")?.metadata.price?.type).toBe("subscription");
    const yearly = bySlug.get("all-access-yearly");
    expect(yearly?.membershipIds).toEqual([shop.memberships[0].id]);
    expect(shop.memberships.map((m) => [m.title, m.courseIds.length])).toEqual([["All-access", 3]]);
    expect(bySlug.get("wheel-throwing-lifetime")?.metadata.cross?.map((c) => c.id)).toContain(yearly?.id);
    expect(shop.coupons.map((c) => c.name).sort()).toEqual([
      "LAUNCH",
      "LOYAL",
      "OLDDEAL",
      "ONCE",
      "SAVE5",
      "SPRING",
      "WELCOME10",
    ]);
    expect(shop.coupons.find((c) => c.name === "LOYAL")).toMatchObject({ scope: "count", payments: 3 });
    expect(shop.affiliates).toEqual([expect.objectContaining({ code: "instructor", commissionValue: 20 })]);
    expect(shop.offline[0]).toMatchObject({ provider: "offline", enabled: true });
    expect(shop.offline[0].config.instructions).toMatch(/bank transfer/);
  });

  it("has sixty days of sales and one open ticket", async () => {
    const site = (await accounts.bySlug(t.database.db, "demo"))!;
    const paid = await withTenant(t.database.db, site.accountId, (tx) =>
      tx.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.status, "paid")),
    );
    const days = new Set(paid.map((o) => o.paidAt!.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(40);
    const oldest = Math.min(...paid.map((o) => o.paidAt!.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(55 * 86_400_000);
    const open = await withTenant(t.database.db, site.accountId, (tx) =>
      tx.select({ status: tickets.status }).from(tickets),
    );
    expect(open).toEqual([{ status: "unresolved" }]);
  });

  it("offers appointments: the instructor's weekday hours in London, a free and a paid type, and booked calls", async () => {
    const site = (await accounts.bySlug(t.database.db, "demo"))!;
    expect(site.features.appointments).toBe(true);
    const login = await signIn(t, "demo", DEMO_LOGINS.instructor, DEMO_PASSWORD);
    const hours = await (await t.request("demo", "/api/v1/availability", { cookie: login })).json();
    expect(hours.timeZone).toBe("Europe/London");
    expect(hours.weekly).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })));
    const types = await (await t.request("demo", "/api/v1/appointment-types?mine=true", { cookie: login })).json();
    expect(
      types.items.map((x: { title: string; durationMinutes: number; productId: string | null }) => [
        x.title,
        x.durationMinutes,
        x.productId !== null,
      ]),
    ).toEqual([
      ["Intro call", 30, false],
      ["Studio critique", 60, true],
    ]);
    const held = await (await t.request("demo", "/api/v1/bookings?scope=instructor", { cookie: login })).json();
    expect(held.items).toHaveLength(3);
    expect(
      held.items.every((b: { status: string; title: string }) => b.status === "confirmed" && b.title === "Intro call"),
    ).toBe(true);
    expect(held.items.map((b: { memberName: string }) => b.memberName)).toContain("Sara Student");
    for (const b of held.items as { start: string }[]) {
      const start = new Date(b.start);
      expect(start.getTime()).toBeGreaterThan(Date.now());
      expect(start.getTime() - Date.now()).toBeLessThan(15 * 86_400_000);
      const local = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/London",
        weekday: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(start);
      expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) (09|1[0-6]):(00|30)$/);
    }
    const student = await signIn(t, "demo", DEMO_LOGINS.student, DEMO_PASSWORD);
    const mine = await (await t.request("demo", "/api/v1/bookings", { cookie: student })).json();
    expect(mine.items).toEqual([expect.objectContaining({ instructorName: "Ivan Instructor", status: "confirmed" })]);
  });

  it("does nothing the second time", async () => {
    expect((await seedDemo(t.database.db, t.platform.auth, "staff-demo@atrium.test", {} as never)).created).toBe(false);
  });

  it("has a live funnel with two weeks of campaign sessions dropping off towards a few paid orders", async () => {
    const login = await signIn(t, "demo", DEMO_LOGINS.owner, DEMO_PASSWORD);
    const list = await (await t.request("demo", "/api/v1/funnels", { cookie: login })).json();
    expect(list.items).toHaveLength(1);
    const [funnel] = list.items;
    expect(funnel).toMatchObject({ status: "live", utm_campaign: "spring-pottery", sessions: 40, conversions: 4 });
    const stats = await (await t.request("demo", `/api/v1/funnels/${funnel.id}/stats`, { cookie: login })).json();
    expect(stats.steps.map((s: { visitors: number }) => s.visitors)).toEqual([40, 24, 18, 10, 4]);
    expect(stats.revenue).toBeGreaterThan(0);
  });

  it("has a conversation between the student and the instructor, with the answer unread", async () => {
    const login = await signIn(t, "demo", DEMO_LOGINS.student, DEMO_PASSWORD);
    const chats = await (await t.request("demo", "/api/v1/chats", { cookie: login })).json();
    expect(chats.items).toHaveLength(1);
    expect(chats.unread).toBe(2);
  });

  it("is on Lifetime with points and bookings switched on, so its student sees the leaderboard and the bookings screen", async () => {
    const site = await accounts.bySlug(t.database.db, "demo");
    expect(site?.settings.plan).toBe(PLAN_IDS.lifetime);
    const login = await signIn(t, "demo", DEMO_LOGINS.student, DEMO_PASSWORD);
    const board = await t.request("demo", "/api/v1/points/leaderboard?period=all", { cookie: login });
    expect(board.status).toBe(200);
    expect((await board.json()).rows.length).toBeGreaterThan(1);
    expect((await t.request("demo", "/api/v1/appointment-types", { cookie: login })).status).toBe(200);
  });

  it("has an audience: two lists, tagged contacts and last week's campaign with its figures", async () => {
    const login = await signIn(t, "demo", DEMO_LOGINS.owner, DEMO_PASSWORD);
    const lists = await (await t.request("demo", "/api/v1/lists", { cookie: login })).json();
    expect(
      lists.items.map((l: { name: string; optIn: string; contacts: number }) => [l.name, l.optIn, l.contacts]),
    ).toEqual(
      expect.arrayContaining([
        ["Newsletter", "single", 12],
        ["Course updates", "double", 5],
      ]),
    );
    const tagged = await (await t.request("demo", "/api/v1/contacts?tag=pottery", { cookie: login })).json();
    expect(tagged.total).toBe(4);
    const site = await accounts.bySlug(t.database.db, "demo");
    const [campaign] = await withTenant(t.database.db, site!.accountId, (tx) => tx.select().from(emailCampaigns));
    // The newsletter form on the home page, and the popup offering it on the way out.
    const [popup] = (await (await t.request("demo", "/api/popups?path=/")).json()).items;
    expect(popup).toMatchObject({ name: "Before you go", trigger: { type: "exit" } });
    const form = await (await t.request("demo", `/api/forms/${popup.formId}`)).json();
    expect(form.name).toBe("Newsletter sign-up");
    const home = await pages.getPublished(t.database.db, site!.accountId, "page", "home");
    expect(JSON.stringify(home?.document)).toContain(`"formId":"${popup.formId}"`);
    expect(campaign).toMatchObject({
      status: "sent",
      recipientsTotal: 12,
      sentCount: 12,
      openedCount: 9,
      clickedCount: 4,
    });
  });
});
