// The route guards as a caller meets them: the §8 401 shape, 403 naming what is missing.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../../core/plans";
import type { SiteAccount } from "../../modules/accounts";
import type { MemberContext } from "../../modules/members";
import type { AppEnv } from "../env";
import { handleError } from "../errors";
import { requireCap, requireFeature, requirePlanFeature, requireSession } from "./guards";

const site = (over: Partial<SiteAccount> = {}) =>
  ({
    accountId: "00000000-0000-4000-8000-000000000001",
    features: { lms: true, groups: false, appointments: false, gamification: false, single_session: false },
    settings: { plan: PLAN_IDS.starter },
    ...over,
  }) as unknown as SiteAccount;

const member = (caps: string[], isOwner = false) => ({ caps, isOwner, role: "x" }) as unknown as MemberContext;

function app(opts: { site?: SiteAccount; user?: boolean; member?: MemberContext | null; ended?: string | null }) {
  const a = new Hono<AppEnv>();
  a.onError(handleError);
  a.use("*", async (c, next) => {
    c.set("site", opts.site ?? site());
    c.set(
      "user",
      opts.user ? { id: "u", name: "n", email: "e@x.io", emailVerified: true, twoFactorEnabled: false } : null,
    );
    c.set("member", opts.member ?? null);
    c.set("sessionEnded", opts.ended ?? null);
    await next();
  });
  a.get("/session", requireSession(), (c) => c.text("ok"));
  a.get("/cap", requireCap("manage_options"), (c) => c.text("ok"));
  a.get("/groups", requireFeature("groups"), (c) => c.text("ok"));
  a.get("/forms", requirePlanFeature("forms"), (c) => c.text("ok"));
  return a;
}

describe("route guards", () => {
  it("answers a missing session with the spec's 401 body, or the single-session reason", async () => {
    const res = await app({}).request("/session");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: "not_authenticated",
      message: "The user does not have an active session or is not authenticated",
    });
    const ended = await app({ ended: "single_session" }).request("/session");
    expect((await ended.json()).details).toEqual({ reason: "single_session" });
  });

  it("lets the owner and holders of the capability through, and names it to others", async () => {
    expect((await app({ user: true, member: member([], true) }).request("/cap")).status).toBe(200);
    expect((await app({ user: true, member: member(["manage_options"]) }).request("/cap")).status).toBe(200);
    const denied = await app({ user: true, member: member(["edit_posts"]) }).request("/cap");
    expect(denied.status).toBe(403);
    expect((await denied.json()).error.message).toContain("manage_options");
  });

  it("closes a route whose site feature is off", async () => {
    const off = await app({}).request("/groups");
    expect(off.status).toBe(403);
    expect((await off.json()).error.code).toBe("feature_disabled");
    const on = site({ features: { ...site().features, groups: true } });
    expect((await app({ site: on }).request("/groups")).status).toBe(200);
  });

  it("gates by the site's plan: Starter has no forms, Professional has", async () => {
    const starter = await app({}).request("/forms");
    expect(starter.status).toBe(403);
    expect((await starter.json()).error.code).toBe("plan_required");
    const pro = site({ settings: { plan: PLAN_IDS.professional } as SiteAccount["settings"] });
    expect((await app({ site: pro }).request("/forms")).status).toBe(200);
    const none = site({ settings: { plan: null } as SiteAccount["settings"] });
    expect((await app({ site: none }).request("/forms")).status).toBe(403);
  });
});
