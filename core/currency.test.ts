import { describe, expect, it } from "vitest";
import {
  billingInterval,
  currencyOf,
  defaultProvider,
  formatMoney,
  isCurrency,
  providersFor,
  toMajor,
  toMinor,
} from "./currency";

describe("currencies (§9)", () => {
  it("digits are 0, 2 or 3 per currency; unknown codes fall back to USD", () => {
    expect(currencyOf("USD").digits).toBe(2);
    expect(currencyOf("jpy").digits).toBe(0);
    expect(currencyOf("KWD").digits).toBe(3);
    expect(currencyOf("XXX").code).toBe("USD");
    expect(isCurrency("eur")).toBe(true);
    expect(isCurrency("ZZZ")).toBe(false);
  });
  it("converts between minor units and what a person types", () => {
    expect(toMajor(1999, "USD")).toBe(19.99);
    expect(toMajor(1999, "JPY")).toBe(1999);
    expect(toMajor(1999, "KWD")).toBe(1.999);
    expect(toMinor(19.99, "USD")).toBe(1999);
    expect(toMinor(1.5, "BHD")).toBe(1500);
  });
  it("shows no decimals by default and the currency's own digits when asked", () => {
    expect(formatMoney(4900, "USD")).toBe("$49");
    expect(formatMoney(4999, "USD")).toBe("$50");
    expect(formatMoney(4999, "USD", "en", { decimals: true })).toBe("$49.99");
    expect(formatMoney(1234, "JPY", "en", { decimals: true })).toBe("¥1,234");
    expect(formatMoney(1234, "KWD", "en", { decimals: true })).toContain("1.234");
  });
  it("shows BDT with its symbol", () => {
    expect(formatMoney(150000, "BDT")).toBe("৳1,500");
  });
});

describe("payment providers per currency", () => {
  it("offers the enabled providers that take the currency, offline last", () => {
    expect(providersFor("USD", ["offline", "stripe", "paypal"])).toEqual(["paypal", "stripe", "offline"]);
    expect(providersFor("INR", ["offline", "paypal", "razorpay"])).toEqual(["razorpay", "offline"]);
    expect(providersFor("USD", ["stripe"])).toEqual(["stripe"]);
  });
  it("defaults to paypal where the currency allows, else the first other one, else offline", () => {
    expect(defaultProvider("USD", ["offline", "stripe", "paypal"])).toBe("paypal");
    expect(defaultProvider("INR", ["offline", "paypal", "razorpay"])).toBe("razorpay");
    expect(defaultProvider("USD", ["offline"])).toBe("offline");
    expect(defaultProvider("USD", [])).toBeNull();
  });
  it("offers every provider for a subscription (§9 prices plans on PayPal and Razorpay too), PayPal first", () => {
    const all = ["offline", "stripe", "paypal", "razorpay"] as const;
    const month = { value: 1, parameter: 2592000 };
    expect(providersFor("USD", all, { subscription: true })).toEqual(["paypal", "stripe", "razorpay", "offline"]);
    expect(providersFor("USD", all, { subscription: month })).toEqual(["paypal", "stripe", "razorpay", "offline"]);
    expect(defaultProvider("USD", all, { subscription: month })).toBe("paypal");
    expect(providersFor("INR", all, { subscription: month })).toEqual(["stripe", "razorpay", "offline"]);
    expect(defaultProvider("INR", ["offline", "razorpay"], { subscription: month })).toBe("razorpay");
  });
  it("leaves out a provider that cannot bill the period", () => {
    const all = ["offline", "stripe", "paypal", "razorpay"] as const;
    // PayPal bills at most yearly; Razorpay's daily plans start at 7 days.
    expect(providersFor("USD", all, { subscription: { value: 2, parameter: 31536000 } })).toEqual([
      "stripe",
      "razorpay",
      "offline",
    ]);
    expect(providersFor("INR", all, { subscription: { value: 3, parameter: 86400 } })).toEqual(["stripe", "offline"]);
    expect(providersFor("INR", all, { subscription: { value: 7, parameter: 86400 } })).toContain("razorpay");
  });
});

describe("billingInterval", () => {
  it("reads the product's period as each provider bills it", () => {
    expect(billingInterval("paypal", { value: 1, parameter: 2592000 })).toEqual({ unit: "month", count: 1 });
    expect(billingInterval("paypal", { value: 12, parameter: 2592000 })).toEqual({ unit: "month", count: 12 });
    expect(billingInterval("paypal", { value: 13, parameter: 2592000 })).toBeNull();
    expect(billingInterval("paypal", { value: 52, parameter: 604800 })).toEqual({ unit: "week", count: 52 });
    expect(billingInterval("razorpay", { value: 6, parameter: 86400 })).toBeNull();
    expect(billingInterval("razorpay", { value: 2, parameter: 31536000 })).toEqual({ unit: "year", count: 2 });
    expect(billingInterval("offline", { value: 3, parameter: 31536000 })).toEqual({ unit: "year", count: 3 });
  });
});
