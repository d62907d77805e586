import { describe, expect, it } from "vitest";
import { earningsTotals, newAffiliateCode } from "./affiliates";

describe("earningsTotals", () => {
  it("splits commissions into approved-unpaid, pending and paid out, per currency", () => {
    const totals = earningsTotals([
      { amount: 500, currency: "USD", type: "referral", paidAt: null },
      { amount: 300, currency: "USD", type: "pendingReferral", paidAt: null },
      { amount: 200, currency: "USD", type: "referral", paidAt: "2026-01-02T00:00:00.000Z" },
      { amount: 700, currency: "EUR", type: "referral", paidAt: null },
    ]);
    expect(totals).toEqual([
      { currency: "USD", approved: 500, pending: 300, paid: 200 },
      { currency: "EUR", approved: 700, pending: 0, paid: 0 },
    ]);
  });
  it("is empty without commissions", () => {
    expect(earningsTotals([])).toEqual([]);
  });
});

describe("newAffiliateCode", () => {
  it("makes 8 lowercase letters or digits, different each time", () => {
    const codes = new Set(Array.from({ length: 50 }, newAffiliateCode));
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{8}$/);
    expect(codes.size).toBe(50);
  });
});
