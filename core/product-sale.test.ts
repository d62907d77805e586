import { describe, expect, it } from "vitest";
import { chargedAmount, checkSale, saleActive } from "./product-sale";

const price = { type: "onetime", amount: 5000 };
const window = { price: 3500, startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-12-08T00:00:00Z" };

describe("scheduled sale price", () => {
  it("charges the sale price inside the window only", () => {
    const sale = { price: 3500, startsAt: new Date(window.startsAt), endsAt: new Date(window.endsAt) };
    expect(chargedAmount(5000, sale, new Date("2026-11-30T23:59:59Z"))).toBe(5000);
    expect(chargedAmount(5000, sale, new Date("2026-12-01T00:00:00Z"))).toBe(3500);
    expect(chargedAmount(5000, sale, new Date("2026-12-07T23:59:59Z"))).toBe(3500);
    expect(chargedAmount(5000, sale, new Date("2026-12-08T00:00:00Z"))).toBe(5000);
    expect(saleActive(null, new Date())).toBe(false);
  });
  it("accepts a sale below a one-time price that ends after it starts", () => {
    expect(checkSale(window, price)).toEqual({
      sale: { price: 3500, startsAt: new Date(window.startsAt), endsAt: new Date(window.endsAt) },
    });
  });
  it("names the field and the message of the first problem", () => {
    const field = (r: ReturnType<typeof checkSale>) => ("problem" in r ? [r.problem.field, r.problem.key] : null);
    expect(field(checkSale(window, { type: "subscription", amount: 5000 }))).toEqual([
      "sale.price",
      "shop.sale.needsOnetime",
    ]);
    expect(field(checkSale({ ...window, price: 5000 }, price))).toEqual(["sale.price", "shop.sale.belowPrice"]);
    expect(field(checkSale({ ...window, price: 2.5 }, price))).toEqual(["sale.price", "shop.sale.wholeAmount"]);
    expect(field(checkSale({ ...window, startsAt: "soon" }, price))).toEqual(["sale.startsAt", "shop.sale.badDate"]);
    expect(field(checkSale({ ...window, endsAt: window.startsAt }, price))).toEqual([
      "sale.endsAt",
      "shop.sale.endAfterStart",
    ]);
  });
});
