// The demo site's past sixty days of sales, so the owner's dashboard and reports have something to
// show on first sign-in: a handful of students who bought the demo products on most days. Dates and
// amounts follow a fixed pattern, so every fresh demo looks the same.
import { and, eq } from "drizzle-orm";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { type OrderItem, orders, products } from "../db/schema";
import { withTenant } from "../db/tenant";
import type { SiteAccount } from "../modules/accounts";
import { buildMember, buildUser } from "./builders";

const BUYERS = [
  { name: "Amara Okafor", email: "amara@demo.test" },
  { name: "Bruno Lima", email: "bruno@demo.test" },
  { name: "Chen Wei", email: "chen@demo.test" },
  { name: "Dana Levi", email: "dana@demo.test" },
  { name: "Emil Novak", email: "emil@demo.test" },
];
const DAY_MS = 86_400_000;

export async function seedDemoSales(db: Db, auth: Auth, site: SiteAccount, now = new Date()) {
  const buyers: { id: string }[] = [];
  for (const b of BUYERS) {
    const user = await buildUser(auth, b);
    await buildMember(db, site, user, "student");
    buyers.push(user);
  }
  await withTenant(db, site.accountId, async (tx) => {
    const sold = await tx
      .select()
      .from(products)
      .where(and(eq(products.accountId, site.accountId), eq(products.status, "published")));
    if (!sold.length) return;
    const rows = [];
    for (let day = 59; day >= 1; day--) {
      // Two sales on every third day, none on every seventh, one otherwise.
      const count = day % 7 === 0 ? 0 : day % 3 === 0 ? 2 : 1;
      for (let n = 0; n < count; n++) {
        const product = sold[(day + n) % sold.length];
        const price = product.metadata.price;
        const amount = price?.amount ?? 0;
        const item: OrderItem = {
          productId: product.id,
          title: product.title,
          amount,
          quantity: 1,
          type: price?.type === "subscription" ? "subscription" : "oneTime",
          frequency: price?.type === "subscription" ? price.duration : null,
        };
        const at = new Date(now.getTime() - day * DAY_MS + (n + 1) * 3_600_000);
        rows.push({
          accountId: site.accountId,
          userId: buyers[(day + n) % buyers.length].id,
          items: [item],
          subtotal: amount,
          totalAmount: amount,
          currency: site.settings.currency,
          status: "paid" as const,
          provider: "offline",
          createdAt: at,
          paidAt: at,
        });
      }
    }
    await tx.insert(orders).values(rows);
  });
}
