import { describe, expect, it } from "vitest";
import { courseOffer, type SellingProduct } from "./course-offer";

const MONTH = { value: 1, parameter: 2592000 };
const product = (title: string, price: SellingProduct["metadata"]["price"]): SellingProduct => ({
  id: `id-${title}`,
  title,
  slug: title.toLowerCase(),
  image: null,
  metadata: { price },
});

describe("courseOffer", () => {
  it("is free for an open course, even when a product also grants it", () => {
    expect(
      courseOffer({ access: "free", products: [product("Bundle", { type: "onetime", amount: 900 })], memberships: [] }),
    ).toEqual({ kind: "free" });
  });

  it("is private when nothing with a price grants the course", () => {
    expect(courseOffer({ access: "private", products: [], memberships: [] })).toEqual({ kind: "private" });
    // A product without a price (or with 0) is 'private' itself (spec §2), so it sells nothing.
    const unpriced = [product("Draft", null), product("Zero", { type: "onetime", amount: 0 })];
    expect(
      courseOffer({
        access: "private",
        products: unpriced,
        memberships: [{ id: "m", title: "Club", products: unpriced }],
      }),
    ).toEqual({ kind: "private" });
    // A membership nobody sells does not make the course for sale.
    expect(
      courseOffer({ access: "private", products: [], memberships: [{ id: "m", title: "Club", products: [] }] }),
    ).toEqual({ kind: "private" });
  });

  it("is sold at a product's one-time price", () => {
    const offer = courseOffer({
      access: "private",
      products: [product("Course", { type: "onetime", amount: 4900 })],
      memberships: [],
    });
    expect(offer).toMatchObject({
      kind: "sold",
      cheapest: { title: "Course", price: { type: "onetime", amount: 4900, duration: null } },
      severalPrices: false,
    });
  });

  it("is sold through a membership at the price of the products that grant the membership", () => {
    const offer = courseOffer({
      access: "private",
      products: [],
      memberships: [
        {
          id: "m1",
          title: "All access",
          products: [
            product("Yearly", { type: "subscription", amount: 9000, duration: { value: 1, parameter: 31536000 } }),
            product("Monthly", { type: "subscription", amount: 900, duration: MONTH }),
          ],
        },
      ],
    });
    expect(offer).toMatchObject({
      kind: "sold",
      products: [],
      memberships: [{ id: "m1", products: [{ title: "Monthly" }, { title: "Yearly" }] }],
      cheapest: { title: "Monthly", price: { type: "subscription", amount: 900, duration: MONTH } },
      severalPrices: true,
    });
  });

  it("takes the cheapest way in across products and memberships, cheapest membership first", () => {
    const offer = courseOffer({
      access: "private",
      products: [
        product("Alone", { type: "onetime", amount: 3000 }),
        product("Deluxe", { type: "onetime", amount: 8000 }),
      ],
      memberships: [
        { id: "gold", title: "Gold", products: [product("Gold pass", { type: "onetime", amount: 20000 })] },
        {
          id: "club",
          title: "Club",
          products: [product("Club pass", { type: "subscription", amount: 1500, duration: MONTH })],
        },
      ],
    });
    if (offer.kind !== "sold") throw new Error("expected sold");
    expect(offer.products.map((p) => p.title)).toEqual(["Alone", "Deluxe"]);
    expect(offer.memberships.map((m) => m.title)).toEqual(["Club", "Gold"]);
    expect(offer.cheapest.title).toBe("Club pass");
    expect(offer.severalPrices).toBe(true);
  });

  it("does not say 'from' when every way in costs the same", () => {
    const same = { type: "onetime" as const, amount: 500 };
    const offer = courseOffer({
      access: "private",
      products: [product("A", same)],
      memberships: [{ id: "m", title: "M", products: [product("B", same)] }],
    });
    expect(offer).toMatchObject({ kind: "sold", severalPrices: false });
  });
});
