import { describe, expect, it } from "vitest";
import {
  fitsLimit,
  limitOf,
  METER_LIMIT,
  PAGES_WITHOUT_UNLIMITED,
  planIncluding,
  planLimitDetails,
  planLimitMessage,
  planRaising,
} from "./plan-limits";
import { PLAN_IDS, planLimit, SPECIAL_PLAN_ID, USAGE_METER_KEYS } from "./plans";

const { starter, professional, dedicated, lifetime } = PLAN_IDS;

describe("limitOf: the §9 figures", () => {
  it("reads Starter's named limits", () => {
    expect(limitOf(starter, "totalMembers")).toBe(10000);
    expect(limitOf(starter, "monthlyEmails")).toBe(10000);
    expect(limitOf(starter, "chats")).toBe(100);
    expect(limitOf(starter, "ai_tokens")).toBe(1000);
    expect(limitOf(starter, "email_verify")).toBe(100);
    expect(limitOf(starter, "transcribe")).toBe(100);
    expect(limitOf(starter, "storage")).toBe(1024);
  });

  it("reads Professional's and Lifetime's", () => {
    expect(limitOf(professional, "totalMembers")).toBe(100000);
    expect(limitOf(professional, "monthlyEmails")).toBe(100000);
    expect(limitOf(professional, "chats")).toBe(1000);
    expect(limitOf(professional, "storage")).toBe(10240);
    expect(limitOf(lifetime, "ai_tokens")).toBe(500);
    expect(limitOf(lifetime, "mau")).toBe(5000);
    // Lifetime names its e-mail allowance `emails`; it bounds the same meter.
    expect(limitOf(lifetime, "monthlyEmails")).toBe(5000);
    expect(limitOf(lifetime, "chats")).toBe(50);
    expect(limitOf(lifetime, "courses")).toBe(10);
    expect(limitOf(lifetime, "groups")).toBe(3);
    expect(limitOf(lifetime, "funnels")).toBe(3);
    expect(limitOf(lifetime, "storage")).toBe(512);
  });

  it("gives Dedicated, the special plan, 3 groups and zero of every service", () => {
    expect(SPECIAL_PLAN_ID).toBe(dedicated);
    expect(limitOf(dedicated, "groups")).toBe(3);
    for (const name of ["monthlyEmails", "chats", "ai_tokens", "email_verify", "transcribe", "storage"] as const) {
      expect(limitOf(dedicated, name)).toBe(0);
    }
    // The special plan's id decides, in any case.
    expect(limitOf(dedicated.toUpperCase(), "groups")).toBe(3);
  });

  it("reads a service limit the plan does not name as 0", () => {
    expect(planLimit(starter, "mau")).toBe(0);
    expect(limitOf(lifetime, "email_verify")).toBe(0);
    expect(limitOf(lifetime, "transcribe")).toBe(0);
  });

  it("does not cap members, courses, groups or funnels where the plan does not name them", () => {
    expect(planLimit(starter, "courses")).toBe(0);
    expect(limitOf(starter, "courses")).toBeNull();
    expect(limitOf(professional, "groups")).toBeNull();
    expect(limitOf(starter, "mau")).toBeNull();
    expect(limitOf(lifetime, "totalMembers")).toBeNull();
  });

  it("keeps pages to ten without unlimitedpages (only Lifetime has it)", () => {
    expect(limitOf(starter, "pages")).toBe(PAGES_WITHOUT_UNLIMITED);
    expect(limitOf(professional, "pages")).toBe(10);
    expect(limitOf(lifetime, "pages")).toBeNull();
  });

  it("gives a site with no plan, or an unknown one, 0 of everything", () => {
    for (const id of [null, undefined, "00000000-0000-4000-8000-000000000000"]) {
      expect(limitOf(id, "courses")).toBe(0);
      expect(limitOf(id, "totalMembers")).toBe(0);
      expect(limitOf(id, "storage")).toBe(0);
    }
  });

  it("maps every §9 meter to the limit that bounds it, or to none", () => {
    expect(Object.keys(METER_LIMIT).sort()).toEqual([...USAGE_METER_KEYS].sort());
    expect(METER_LIMIT.emails).toBe("monthlyEmails");
    expect(METER_LIMIT.emailverifications).toBe("email_verify");
    expect(METER_LIMIT.notifications).toBeNull();
  });
});

describe("refusals and what lifts them", () => {
  it("checks whether more fits", () => {
    expect(fitsLimit(10, 9)).toBe(true);
    expect(fitsLimit(10, 10)).toBe(false);
    expect(fitsLimit(500, 480, 30)).toBe(false);
    expect(fitsLimit(null, 1e9)).toBe(true);
    expect(fitsLimit(0, 0)).toBe(false);
  });

  it("names the first plan that raises a limit", () => {
    expect(planRaising("courses", 10)?.slug).toBe("starter");
    expect(planRaising("totalMembers", 10000)?.slug).toBe("professional");
    expect(planRaising("totalMembers", 100000)?.slug).toBe("lifetime");
    expect(planRaising("pages", 10)?.slug).toBe("lifetime");
    expect(planRaising("chats", 1000)).toBeNull();
  });

  it("names the first plan including a feature", () => {
    expect(planIncluding("forms")?.slug).toBe("professional");
    expect(planIncluding("subscriptions")?.slug).toBe("lifetime");
    expect(planIncluding("ai")?.slug).toBe("starter");
    expect(planIncluding("teleportation")).toBeNull();
  });

  it("builds the plan_limit details and sentence", () => {
    const d = planLimitDetails(lifetime, "courses", 10);
    expect(d).toEqual({
      limit: "courses",
      value: 10,
      used: 10,
      plan: { slug: "lifetime", label: "Lifetime" },
      raisedBy: { slug: "starter", label: "Starter" },
      upgrade: "/dashboard/billing",
    });
    expect(planLimitMessage(d)).toBe(
      "This site has reached its courses limit of 10 on the Lifetime plan; the Starter plan raises it",
    );
    expect(planLimitMessage(planLimitDetails(null, "courses", 0))).toBe(
      "This site has reached its courses limit of 0 on a site without a plan; the Starter plan raises it",
    );
  });
});
