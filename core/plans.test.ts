import { describe, expect, it } from "vitest";
import { ADDONS, ALL_ADDONS, findAddon } from "./addons";
import { BILLING_PERIODS, PAYMENT_PROVIDERS } from "./plan-types";
import {
  findPlan,
  findPlanBySlug,
  PLAN_IDS,
  PLANS,
  planAllows,
  planAllowsAddon,
  planLimit,
  planStorageLimits,
  readsCredentialsFromOptions,
  SPECIAL_PLAN_ID,
  USAGE_METER_KEYS,
} from "./plans";

const { starter, professional, dedicated, lifetime } = PLAN_IDS;
const plan = (id: string) => {
  const found = findPlan(id);
  if (!found) throw new Error(`missing plan ${id}`);
  return found;
};

describe("plan catalogue", () => {
  it("holds the four plans under distinct UUIDs", () => {
    expect(PLANS.map((p) => p.slug)).toEqual(["starter", "professional", "dedicated", "lifetime"]);
    const ids = Object.values(PLAN_IDS);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it("makes Dedicated the special plan that reads credentials from options", () => {
    expect(SPECIAL_PLAN_ID).toBe(dedicated);
    expect(readsCredentialsFromOptions(dedicated)).toBe(true);
    expect(readsCredentialsFromOptions(professional)).toBe(false);
    expect(readsCredentialsFromOptions(null)).toBe(false);
  });

  it("finds plans by id (any case) and by slug", () => {
    expect(findPlan(starter.toUpperCase())?.slug).toBe("starter");
    expect(findPlan("00000000-0000-4000-8000-000000000000")).toBeUndefined();
    expect(findPlan(null)).toBeUndefined();
    expect(findPlanBySlug("lifetime").id).toBe(lifetime);
  });

  it("prices Starter at 29 monthly for 48 cycles and 299 annual for 4, with a 30-day trial", () => {
    const stripe = plan(starter).pricing.stripe;
    expect(stripe?.monthly).toEqual({
      amount: 2900,
      currency: "USD",
      price_id: "price_starter_monthly",
      iterations: 48,
      trial_days: 30,
      productID: "prod_atrium_starter",
    });
    expect(stripe?.annual).toMatchObject({ amount: 29900, iterations: 4, trial_days: 30 });
    expect(plan(starter).pricing.paypal?.monthly?.amount).toBe(2900);
    expect(plan(starter).trialDays).toBe(30);
  });

  it("offers Starter one-time at 299 on Razorpay only", () => {
    expect(plan(starter).pricing.razorpay?.onetime).toMatchObject({
      amount: 29900,
      iterations: null,
      trial_days: 0,
    });
    expect(plan(starter).pricing.stripe?.onetime).toBeUndefined();
    expect(plan(starter).pricing.paypal?.onetime).toBeUndefined();
  });

  it("prices Professional at 99 x 24 or 999 x 2", () => {
    const paypal = plan(professional).pricing.paypal;
    expect(paypal?.monthly).toMatchObject({ amount: 9900, iterations: 24, trial_days: 30 });
    expect(paypal?.annual).toMatchObject({ amount: 99900, iterations: 2, trial_days: 30 });
  });

  it("prices Dedicated at 49 x 24 or 499 x 2", () => {
    const razorpay = plan(dedicated).pricing.razorpay;
    expect(razorpay?.monthly).toMatchObject({ amount: 4900, iterations: 24, trial_days: 30 });
    expect(razorpay?.annual).toMatchObject({ amount: 49900, iterations: 2, trial_days: 30 });
  });

  it("sells Lifetime once for 19 USD with no trial", () => {
    const lt = plan(lifetime);
    expect(lt.kind).toBe("lifetime");
    expect(lt.trialDays).toBe(0);
    for (const provider of ["stripe", "paypal", "razorpay"] as const) {
      expect(lt.pricing[provider]?.onetime).toMatchObject({ amount: 1900, iterations: null });
      expect(lt.pricing[provider]?.monthly).toBeUndefined();
    }
  });

  it("keeps every amount a whole number of cents and price ids unique", () => {
    const priceIds: string[] = [];
    for (const p of PLANS) {
      for (const provider of PAYMENT_PROVIDERS) {
        for (const period of BILLING_PERIODS) {
          const option = p.pricing[provider]?.[period];
          if (!option) continue;
          expect(Number.isInteger(option.amount)).toBe(true);
          priceIds.push(option.price_id);
        }
      }
    }
    expect(priceIds).toHaveLength(22);
    expect(new Set(priceIds).size).toBe(priceIds.length);
  });

  it("claims 50, 100, 500 and 500 concurrent users", () => {
    expect(PLANS.map((p) => p.concurrentUsers)).toEqual([50, 100, 500, 500]);
  });
});

describe("planAllows", () => {
  it("gates Starter to ai, aiques and emails", () => {
    expect(planAllows(starter, "ai")).toBe(true);
    expect(planAllows(starter, "aiques")).toBe(true);
    expect(planAllows(starter, "emails")).toBe(true);
    expect(planAllows(starter, "forms")).toBe(false);
    expect(planAllows(starter, "commissions")).toBe(false);
  });

  it("adds forms, unittimings, attendance, parent and commissions on Professional", () => {
    for (const f of ["ai", "forms", "unittimings", "attendance", "parent", "commissions"]) {
      expect(planAllows(professional, f)).toBe(true);
    }
    expect(planAllows(professional, "single_session")).toBe(false);
  });

  it("gives Dedicated the same features as Professional", () => {
    expect(plan(dedicated).features).toEqual(plan(professional).features);
    expect(planAllows(dedicated, "commissions")).toBe(true);
    expect(planAllows(dedicated.toUpperCase(), "forms")).toBe(true);
    expect(planAllows(dedicated, "gamification")).toBe(false);
  });

  it("gives Lifetime the wider list", () => {
    for (const f of [
      "forms",
      "tieredpricing",
      "subscriptions",
      "unlimitedpages",
      "gamification",
      "appointments",
      "phoneauth",
      "single_session",
    ]) {
      expect(planAllows(lifetime, f)).toBe(true);
    }
  });

  it("allows nothing without a known plan", () => {
    expect(planAllows(null, "ai")).toBe(false);
    expect(planAllows(undefined, "ai")).toBe(false);
    expect(planAllows("", "ai")).toBe(false);
    expect(planAllows("not-a-plan", "ai")).toBe(false);
  });
});

describe("addons", () => {
  it("gives Starter and Dedicated certificates and zoom, Professional all", () => {
    expect(plan(starter).addons).toEqual(["certificates", "zoom"]);
    expect(plan(dedicated).addons).toEqual(["certificates", "zoom"]);
    expect(plan(professional).addons).toEqual([...ALL_ADDONS]);
    expect(planAllowsAddon(professional, "whitelabel")).toBe(true);
    expect(planAllowsAddon(starter, "jitsi")).toBe(false);
    expect(planAllowsAddon(null, "zoom")).toBe(false);
  });

  it("extends Lifetime beyond Starter's addons", () => {
    expect(planAllowsAddon(lifetime, "jitsi")).toBe(true);
    expect(planAllowsAddon(lifetime, "transcribe")).toBe(true);
    expect(plan(lifetime).addons.length).toBeGreaterThan(plan(starter).addons.length);
  });

  it("describes every addon with a spec price status", () => {
    expect(ADDONS.map((a) => a.id)).toEqual([...ALL_ADDONS]);
    for (const addon of ADDONS) expect(["Active", "Free", "Coming soon"]).toContain(addon.price);
    expect(findAddon("zoom")?.label).toBe("Zoom");
    expect(findAddon("nope")).toBeUndefined();
  });
});

describe("planLimit", () => {
  it("reads Starter's limits", () => {
    expect(planLimit(starter, "totalMembers")).toBe(10000);
    expect(planLimit(starter, "monthlyEmails")).toBe(10000);
    expect(planLimit(starter, "chats")).toBe(100);
    expect(planLimit(starter, "ai_tokens")).toBe(1000);
    expect(planLimit(starter, "email_verify")).toBe(100);
    expect(planLimit(starter, "transcribe")).toBe(100);
    expect(planLimit(starter, "storage")).toBe(1024);
  });

  it("reads Professional's limits", () => {
    expect(planLimit(professional, "totalMembers")).toBe(100000);
    expect(planLimit(professional, "monthlyEmails")).toBe(100000);
    expect(planLimit(professional, "chats")).toBe(1000);
    expect(planLimit(professional, "storage")).toBe(10240);
  });

  it("reads Lifetime's limits", () => {
    expect(planLimit(lifetime, "ai_tokens")).toBe(500);
    expect(planLimit(lifetime, "mau")).toBe(5000);
    expect(planLimit(lifetime, "emails")).toBe(5000);
    expect(planLimit(lifetime, "chats")).toBe(50);
    expect(planLimit(lifetime, "courses")).toBe(10);
    expect(planLimit(lifetime, "groups")).toBe(3);
    expect(planLimit(lifetime, "funnels")).toBe(3);
    expect(planLimit(lifetime, "storage")).toBe(512);
  });

  it("gives Dedicated 3 groups and zero elsewhere", () => {
    expect(planLimit(dedicated, "groups")).toBe(3);
    expect(planLimit(dedicated, "chats")).toBe(0);
    expect(planLimit(dedicated, "totalMembers")).toBe(0);
    expect(planLimit(dedicated, "storage")).toBe(0);
  });

  it("is zero without a plan or for an unknown limit", () => {
    expect(planLimit(null, "chats")).toBe(0);
    expect(planLimit(undefined, "storage")).toBe(0);
    expect(planLimit("not-a-plan", "chats")).toBe(0);
    expect(planLimit(starter, "courses")).toBe(0);
  });

  it("reads images and videos from the storage limits", () => {
    expect(planLimit(starter, "images")).toBe(planStorageLimits(starter).images);
    expect(planLimit(starter, "videos")).toBe(planStorageLimits(starter).videos);
  });
});

describe("planStorageLimits", () => {
  it("returns the nested storage limits", () => {
    expect(planStorageLimits(starter).storage).toBe(1024);
    expect(planStorageLimits(lifetime).storage).toBe(512);
  });

  it("defaults to zeros", () => {
    expect(planStorageLimits(dedicated)).toEqual({ images: 0, videos: 0, storage: 0 });
    expect(planStorageLimits(null)).toEqual({ images: 0, videos: 0, storage: 0 });
  });
});

describe("usage meters", () => {
  it("lists the spec's ten meter keys and the transcription minutes (decision 0065)", () => {
    expect([...USAGE_METER_KEYS]).toEqual([
      "mau",
      "emails",
      "aitokens",
      "images",
      "videos",
      "storage",
      "chats",
      "notifications",
      "emailverifications",
      "jitsi",
      "transcribe",
    ]);
  });
});
