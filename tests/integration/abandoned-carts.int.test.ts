// Abandoned carts: a known member's cart left for the site's wait (option cart_abandon_minutes,
// default 60) raises cart_abandoned once with its items and total; an empty or recent cart does not;
// a cart touched again can be abandoned again.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderItem } from "../../server/db/schema";
import { eventOutbox, memberCarts } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { markAbandonedCarts } from "../../server/modules/commerce";
import { options } from "../../server/modules/options";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
const MIN = 60_000;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cart-a");
  B = await siteWithOwner(t, "cart-b");
});
afterAll(async () => {
  await t?.close();
});

const item = (amount: number): OrderItem => ({
  productId: crypto.randomUUID(),
  title: `Thing ${amount}`,
  amount,
  quantity: 1,
  type: "oneTime",
});

async function cart(site: SiteWithOwner, userId: string, items: OrderItem[], updatedAt: Date) {
  await withTenant(t.database.db, site.site.accountId, (tx) =>
    tx
      .insert(memberCarts)
      .values({ accountId: site.site.accountId, userId, items, updatedAt })
      .onConflictDoUpdate({
        target: [memberCarts.accountId, memberCarts.userId],
        set: { items, updatedAt, abandonedAt: null },
      }),
  );
}

const abandonedEvents = async (accountId: string, userId: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, accountId), eq(eventOutbox.type, "cart_abandoned"))),
    )
  ).filter((e) => e.payload.userId === userId);

describe("abandoned carts", () => {
  it("emits cart_abandoned once after the default hour, with the items and total", async () => {
    const m = await memberOf(t, A.site, "student", "shopper");
    const now = new Date();
    await cart(A, m.user.id, [item(1500), item(2500)], new Date(now.getTime() - 59 * MIN));
    await markAbandonedCarts(t.database.db, now);
    expect(await abandonedEvents(A.site.accountId, m.user.id)).toHaveLength(0);

    const later = new Date(now.getTime() + 2 * MIN);
    await markAbandonedCarts(t.database.db, later);
    await markAbandonedCarts(t.database.db, new Date(later.getTime() + 10 * MIN));
    const emitted = await abandonedEvents(A.site.accountId, m.user.id);
    expect(emitted).toHaveLength(1);
    expect(emitted[0].payload).toMatchObject({ userId: m.user.id, total: 4000 });
    expect((emitted[0].payload.items as unknown[]).length).toBe(2);

    // Touched again, then left again: a second reminder.
    await cart(A, m.user.id, [item(1500)], later);
    await markAbandonedCarts(t.database.db, new Date(later.getTime() + 61 * MIN));
    expect(await abandonedEvents(A.site.accountId, m.user.id)).toHaveLength(2);
  });

  it("follows the site's own wait and ignores empty carts", async () => {
    await options.set(t.database.db, B.site.accountId, "cart_abandon_minutes", 15);
    const m = await memberOf(t, B.site, "student", "quick");
    const empty = await memberOf(t, B.site, "student", "empty");
    const now = new Date();
    await cart(B, m.user.id, [item(990)], new Date(now.getTime() - 16 * MIN));
    await cart(B, empty.user.id, [], new Date(now.getTime() - 120 * MIN));
    await markAbandonedCarts(t.database.db, now);
    expect(await abandonedEvents(B.site.accountId, m.user.id)).toHaveLength(1);
    expect(await abandonedEvents(B.site.accountId, empty.user.id)).toHaveLength(0);
  });
});
