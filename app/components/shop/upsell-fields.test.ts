import { describe, expect, it } from "vitest";
import { upsellOf } from "./upsell-fields";

const choices = [{ id: "p1", title: "Masterclass", amount: 4900 }];

describe("upsellOf", () => {
  it("is no offer without a product", () => {
    expect(upsellOf({ productId: null, headline: "x", price: 10 }, "USD", choices)).toEqual({
      upsell: null,
      priceError: null,
    });
  });

  it("stores the offer price in minor units and an empty headline as none", () => {
    expect(upsellOf({ productId: "p1", headline: "  ", price: 19 }, "USD", choices)).toEqual({
      upsell: { productId: "p1", headline: null, price: 1900 },
      priceError: null,
    });
  });

  it("refuses an offer price at or above the offered product's price", () => {
    expect(upsellOf({ productId: "p1", headline: "", price: 49 }, "USD", choices).priceError).toBe(
      "upsell.priceTooHigh",
    );
    expect(upsellOf({ productId: "p1", headline: "", price: 48.99 }, "USD", choices).priceError).toBeNull();
  });

  it("leaves the price empty for the product's own price", () => {
    expect(upsellOf({ productId: "p1", headline: "", price: "" }, "USD", choices).upsell?.price).toBeNull();
  });
});
