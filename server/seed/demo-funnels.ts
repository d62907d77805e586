// The demo site's funnel, so the funnels screens have something to show on first sign-in: a live
// funnel from the home page through a course and its product to the checkout and the confirmation,
// with forty campaign sessions over the last two weeks that drop off along the way, a few of them
// ending in paid orders. Fixed pattern, so every fresh demo looks the same.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { funnelSessionEvents, funnelSessions, orders, pages, products } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { funnels } from "../modules/funnels";

const DAY_MS = 86_400_000;
const STEPS = ["home", "course", "product", "checkout", "done"] as const;
/** How far each of the forty sessions went (index into STEPS): 40 → 24 → 18 → 10 → 4. */
const REACHED = (i: number) => (i % 10 < 4 ? 0 : i % 10 < 6 && i < 30 ? 1 : i % 10 < 8 && i < 36 ? 2 : i % 3 ? 3 : 4);
const DEVICES = ["desktop", "desktop", "mobile", "tablet", "mobile"] as const;

export async function seedDemoFunnel(db: Db, site: SiteAccount, now = new Date()) {
  const accountId = site.accountId;
  const found = await withTenant(db, accountId, async (tx) => {
    const [home] = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.accountId, accountId), eq(pages.slug, "home")));
    const [product] = await tx
      .select({ id: products.id, courseIds: products.courseIds })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.slug, "wheel-throwing-lifetime")));
    const paid = await tx
      .select({ id: orders.orderId })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.status, "paid")))
      .orderBy(desc(orders.createdAt))
      .limit(8);
    return { home, product, paid };
  });
  const courseId = found.product?.courseIds[0];
  if (!found.home || !found.product || !courseId) return null;
  const funnel = await funnels.create(db, site, {
    name: "Spring pottery campaign",
    status: "live",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "spring-pottery",
    graph: {
      nodes: [
        { id: "home", data: { label: "Home page", type: "pages", ref: found.home.id }, position: { x: 0, y: 80 } },
        {
          id: "course",
          data: { label: "Wheel throwing course", type: "courses", ref: courseId },
          position: { x: 230, y: 80 },
        },
        {
          id: "product",
          data: { label: "Lifetime access", type: "products", ref: found.product.id },
          position: { x: 460, y: 80 },
        },
        { id: "checkout", data: { label: "Checkout", type: "checkout", ref: null }, position: { x: 690, y: 80 } },
        { id: "done", data: { label: "Confirmation", type: "order", ref: null }, position: { x: 920, y: 80 } },
      ],
      edges: STEPS.slice(1).map((target, i) => ({ id: `${STEPS[i]}->${target}`, source: STEPS[i] as string, target })),
    },
  });
  await withTenant(db, accountId, async (tx) => {
    let orderIndex = 0;
    for (let i = 0; i < 40; i++) {
      const reached = REACHED(i);
      const startedAt = new Date(now.getTime() - (13 - (i % 14)) * DAY_MS - ((i * 37) % 600) * 60_000);
      const deviceType = DEVICES[i % DEVICES.length] ?? "desktop";
      const [session] = await tx
        .insert(funnelSessions)
        .values({
          accountId,
          funnelId: funnel.id,
          utmSource: "newsletter",
          utmMedium: "email",
          utmCampaign: "spring-pottery",
          initialPage: "/",
          currentNode: STEPS[reached] ?? "home",
          finished: reached === STEPS.length - 1,
          deviceInfo: {
            browser: i % 2 ? "Firefox" : "Chrome",
            platform: deviceType === "desktop" ? "Linux" : "Android",
            screenWidth: deviceType === "desktop" ? 1440 : deviceType === "tablet" ? 820 : 390,
            screenHeight: deviceType === "desktop" ? 900 : deviceType === "tablet" ? 1180 : 844,
            deviceType,
          },
          startedAt,
          updatedAt: startedAt,
        })
        .returning({ id: funnelSessions.id });
      const orderId = reached === 4 ? (found.paid[orderIndex++]?.id ?? null) : null;
      await tx.insert(funnelSessionEvents).values(
        STEPS.slice(0, reached + 1).map((nodeId, step) => ({
          accountId,
          sessionId: session.id,
          nodeId,
          path: nodeId === "done" ? "/checkout/return" : "/",
          query: nodeId === "done" && orderId ? `order=${orderId}` : "",
          orderId: nodeId === "done" ? orderId : null,
          at: new Date(startedAt.getTime() + step * 90_000),
        })),
      );
    }
  });
  return funnel;
}
