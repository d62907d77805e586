// AI tasks (decision 0065): asked through the API, checked at once (provider set up, plan feature,
// this month's allowance, input, the asker's right to what it names), worked in the background and
// read back only by their asker or the site's managers. The cost lands in the usage meter in the
// transaction that stores the result; a provider that fails writes and counts nothing.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PLAN_IDS } from "../../core/plans";
import { defineLocalAnswer } from "../../server/ai";
import { accountNotifications, aiTasks, usageMeters } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { notFound } from "../../server/errors";
import { aiTasks as aiTaskService, defineAiTask } from "../../server/modules/ai";
import { periodOf } from "../../server/modules/usage";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

// Task kinds of the tests' own: each asks for a long text (so its tokens pass a thousand) and, when
// done, writes a notice to the site's owner, the "thing the draft becomes". `beforeWriting` runs
// in the worker before the provider is asked.
const LONG = "word ".repeat(1200);
function defineEssayTask(kind: string, beforeWriting: () => Promise<void> = async () => undefined) {
  defineLocalAnswer(kind, (input) => `${String(input.topic)}: ${LONG}`);
  defineAiTask({
    kind,
    feature: "ai",
    meter: "aitokens",
    input: z.object({ topic: z.string().min(1).max(80) }).strict(),
    async authorize(_tx, _site, _actor, input) {
      if (input.topic === "forbidden") throw notFound("Topic");
    },
    async run(ctx) {
      await ctx.progress(40);
      await beforeWriting();
      const text = await ctx.generate({ task: kind, system: "Write.", prompt: ctx.input.topic, input: ctx.input });
      return { length: text.length, start: text.slice(0, 20) };
    },
    async apply(tx, ctx, result) {
      await tx
        .insert(accountNotifications)
        .values({ accountId: ctx.site.accountId, message: `essay ${ctx.input.topic} ${result.length}` });
    },
  });
}
defineEssayTask("test-essay");

// For two workers given one task: each waits until both are there, so they overlap for certain
// and both reach the step that stores the result.
let arrived = 0;
let bothIn: () => void = () => undefined;
const together = new Promise<void>((done) => {
  bothIn = done;
});
defineEssayTask("test-twice", async () => {
  if (++arrived === 2) bothIn();
  await together;
});

let t: TestPlatform;
let off: TestPlatform;
let down: TestPlatform;
beforeAll(async () => {
  [t, off, down] = await Promise.all([
    startTestPlatform(),
    startTestPlatform({ AI_PROVIDER: "off" }),
    startTestPlatform({ AI_LOCAL_FAIL: "provider down for the test" }),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close(), down?.close()]);
});

const ask = (p: TestPlatform, s: SiteWithOwner, input: unknown, kind = "test-essay", cookie = s.ownerCookie) =>
  p.request(s.site.slug, "/api/v1/ai/tasks", { method: "POST", cookie, json: { kind, input } });

async function settled(p: TestPlatform, s: SiteWithOwner, id: string) {
  for (let i = 0; i < 100; i++) {
    const task = await body(await p.request(s.site.slug, `/api/v1/ai/tasks/${id}`, { cookie: s.ownerCookie }));
    if (task.status === "done" || task.status === "failed") return task;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error("the task never finished");
}

async function meterOf(p: TestPlatform, accountId: string) {
  const [row] = await withPlatform(p.database.db, (tx) =>
    tx
      .select({ value: usageMeters.value })
      .from(usageMeters)
      .where(and(eq(usageMeters.accountId, accountId), eq(usageMeters.meter, "aitokens"))),
  );
  return row?.value ?? 0;
}

const notices = (p: TestPlatform, accountId: string) =>
  withPlatform(p.database.db, (tx) =>
    tx
      .select({ message: accountNotifications.message })
      .from(accountNotifications)
      .where(and(eq(accountNotifications.accountId, accountId), like(accountNotifications.message, "essay %"))),
  );

describe("AI tasks", () => {
  it("drafts in the background, counts thousands of tokens and writes what the draft becomes once", async () => {
    const s = await siteWithOwner(t, "ai-done", { plan: PLAN_IDS.starter });
    const status = await body(await t.request(s.site.slug, "/api/v1/ai/status", { cookie: s.ownerCookie }));
    expect(status).toEqual({
      configured: true,
      features: { ai: true, aiques: true },
      meters: { aitokens: { used: 0, limit: 1000 }, transcribe: { used: 0, limit: 100 } },
      upgrade: "/dashboard/billing",
    });
    const res = await ask(t, s, { topic: "Glazes" });
    expect(res.status).toBe(202);
    const queued = await body(res);
    expect(queued).toMatchObject({
      kind: "test-essay",
      result: null,
      error: null,
      errorReason: null,
      errorValues: null,
    });
    const done = await settled(t, s, queued.id);
    expect(done).toMatchObject({
      status: "done",
      progress: 100,
      error: null,
      result: { start: "Glazes: word word wo" },
    });
    // 6,008 characters out and a few in: about 1,510 tokens, so two thousands.
    expect(await meterOf(t, s.site.accountId)).toBe(2);
    expect(await notices(t, s.site.accountId)).toEqual([{ message: `essay Glazes ${done.result.length}` }]);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(aiTasks)
        .where(and(eq(aiTasks.accountId, s.site.accountId), eq(aiTasks.id, queued.id))),
    );
    expect(row?.outputTokens).toBe(Math.ceil(done.result.length / 4));
    const after = await body(await t.request(s.site.slug, "/api/v1/ai/status", { cookie: s.ownerCookie }));
    expect(after.meters.aitokens).toEqual({ used: 2, limit: 1000 });
  });

  it("a task worked twice at once (a job delivered twice) stores one result and counts once", async () => {
    const s = await siteWithOwner(t, "ai-twice", { plan: PLAN_IDS.starter });
    // Stored as the API stores it, but given to two workers by hand instead of the queue.
    const [task] = await withPlatform(t.database.db, (tx) =>
      tx
        .insert(aiTasks)
        .values({ accountId: s.site.accountId, kind: "test-twice", userId: s.owner.id, input: { topic: "Kilns" } })
        .returning({ id: aiTasks.id }),
    );
    await Promise.all([
      aiTaskService.work(t.database.db, s.site.accountId, task!.id),
      aiTaskService.work(t.database.db, s.site.accountId, task!.id),
    ]);
    expect(arrived).toBe(2);
    const done = await settled(t, s, task!.id);
    expect(done).toMatchObject({ status: "done", progress: 100, result: { start: "Kilns: word word wor" } });
    expect(await notices(t, s.site.accountId)).toEqual([{ message: `essay Kilns ${done.result.length}` }]);
    expect(await meterOf(t, s.site.accountId)).toBe(2);
  });

  it("refuses a site whose plan lacks the feature, and one whose allowance is used, before any work", async () => {
    const noPlan = await siteWithOwner(t, "ai-noplan", { plan: null });
    const refused = await expectError(await ask(t, noPlan, { topic: "x" }), 403, "plan_required");
    expect(refused.details).toMatchObject({ feature: "ai" });
    const status = await body(await t.request(noPlan.site.slug, "/api/v1/ai/status", { cookie: noPlan.ownerCookie }));
    expect(status.features).toEqual({ ai: false, aiques: false });

    const full = await siteWithOwner(t, "ai-full", { plan: PLAN_IDS.lifetime });
    await withPlatform(t.database.db, (tx) =>
      tx
        .insert(usageMeters)
        .values({ accountId: full.site.accountId, meter: "aitokens", period: periodOf(), value: 500 }),
    );
    const limited = await expectError(await ask(t, full, { topic: "x" }), 403, "plan_limit");
    expect(limited.details).toMatchObject({ limit: "ai_tokens", value: 500, used: 500 });
    const tasks = await withPlatform(t.database.db, (tx) =>
      tx.select().from(aiTasks).where(eq(aiTasks.accountId, full.site.accountId)),
    );
    expect(tasks).toEqual([]);
  });

  it("names a bad request: an unknown kind, invalid input, something the asker may not touch", async () => {
    const s = await siteWithOwner(t, "ai-bad", { plan: PLAN_IDS.starter });
    const unknown = await expectError(await ask(t, s, { topic: "x" }, "no-such-kind"), 422, "validation_failed");
    expect(unknown.message).toBe('Unknown AI task "no-such-kind"');
    expect(unknown.details).toEqual([
      {
        field: "kind",
        message: 'Unknown AI task "no-such-kind"',
        reason: "unknown_kind",
        values: { kind: "no-such-kind" },
      },
    ]);
    const invalid = await expectError(await ask(t, s, { topic: "" }), 422, "validation_failed");
    expect(invalid.message).toMatch(/^Invalid topic/);
    await expectError(await ask(t, s, { topic: "x", extra: 1 }), 422, "validation_failed");
    await expectError(await ask(t, s, { topic: "forbidden" }), 404, "not_found");
  });

  it("shows a task only to its asker and the site's managers; another site's answers 404", async () => {
    const s = await siteWithOwner(t, "ai-who", { plan: PLAN_IDS.starter });
    const other = await siteWithOwner(t, "ai-other", { plan: PLAN_IDS.starter });
    const instructor = await memberOf(t, s.site, "instructor");
    const student = await memberOf(t, s.site, "student");
    const mine = await body(await ask(t, s, { topic: "Kilns" }, "test-essay", instructor.cookie));
    const path = `/api/v1/ai/tasks/${mine.id}`;
    expect((await t.request(s.site.slug, path, { cookie: instructor.cookie })).status).toBe(200);
    expect((await t.request(s.site.slug, path, { cookie: s.ownerCookie })).status).toBe(200);
    await expectError(await t.request(s.site.slug, path, { cookie: student.cookie }), 404, "not_found");
    await expectError(await t.request(other.site.slug, path, { cookie: other.ownerCookie }), 404, "not_found");
    await expectError(
      await t.request(s.site.slug, "/api/v1/ai/tasks/not-a-uuid", { cookie: s.ownerCookie }),
      404,
      "not_found",
    );
    // A session of another site is no session here.
    await expectNotAuthenticated(await ask(t, s, { topic: "x" }, "test-essay", other.ownerCookie));
  });

  it("answers 503 ai_unavailable where no provider is set up, and says so in the status", async () => {
    const s = await siteWithOwner(off, "ai-off", { plan: PLAN_IDS.starter });
    const err = await expectError(await ask(off, s, { topic: "x" }), 503, "ai_unavailable");
    expect(err.message).toBe("The platform has not set up an AI provider yet");
    expect(err.details).toEqual({ reason: "not_configured", values: {} });
    const status = await body(await off.request(s.site.slug, "/api/v1/ai/status", { cookie: s.ownerCookie }));
    expect(status.configured).toBe(false);
  });

  it("marks the task failed when the provider fails, and writes and counts nothing", async () => {
    const s = await siteWithOwner(down, "ai-down", { plan: PLAN_IDS.starter });
    const queued = await body(await ask(down, s, { topic: "Clay" }));
    const failed = await settled(down, s, queued.id);
    expect(failed).toMatchObject({ status: "failed", result: null });
    expect(failed.error).toBe("The AI provider could not answer just now. Nothing was changed; try again in a minute.");
    // The reason as a code, for a screen to word in its own language.
    expect(failed).toMatchObject({ errorReason: "provider_failed", errorValues: {} });
    const [row] = await withPlatform(down.database.db, (tx) =>
      tx
        .select({ reason: aiTasks.errorReason, values: aiTasks.errorValues })
        .from(aiTasks)
        .where(and(eq(aiTasks.accountId, s.site.accountId), eq(aiTasks.id, queued.id))),
    );
    expect(row).toEqual({ reason: "provider_failed", values: {} });
    expect(await meterOf(down, s.site.accountId)).toBe(0);
    expect(await notices(down, s.site.accountId)).toEqual([]);
  });
});
