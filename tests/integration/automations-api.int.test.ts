// Automations, the owner's side (decision 0047): managers with the `forms` plan feature create, read,
// change, pause and remove automations; a missing argument or a reference to another site's object
// is a 422 naming its path; another site's automations and runs answer 404; a manual run makes one
// run per member however often (and however concurrently) the same request arrives; a run again
// makes one new run pointing at the old; the run log pages newest first.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { automationRuns } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "auto-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "auto-b", { plan: PLAN_IDS.professional });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

type Problem = { field: string; message: string };
const problems = (e: { details?: unknown }) => e.details as Problem[];

const tagAndMail = [
  { key: "add_tag", args: { tag: "graduate" } },
  { key: "send_email", args: { email: "{{email}}", email_template: "<p>Well done, {{first_name}}!</p>" } },
];

async function create(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/automations", {
    json: { name: `Graduates ${uid()}`, trigger: "course_completed", actions: tagAndMail, ...json },
  });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; name: string; status: string; actions: unknown[]; stats: { runs30d: number } };
}

async function newList(s: SiteWithOwner) {
  const res = await api(s, "/lists", { json: { name: `List ${uid()}` } });
  expect(res.status).toBe(201);
  return (await body(res)) as { id: string };
}

const runsOf = (accountId: string, automationId: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(automationRuns)
      .where(and(eq(automationRuns.accountId, accountId), eq(automationRuns.automationId, automationId))),
  );

describe("automation definitions", () => {
  it("creates, lists, reads, changes, pauses and removes an automation", async () => {
    const { course } = await buildCourse(t.database.db, A.site, A.owner, { title: "Pottery" });
    const made = await create(A, {
      conditions: [{ key: "course_progress_percent", args: { course_id: course.id, operator: "gte", percent: 100 } }],
    });
    expect(made).toMatchObject({ status: "active", stats: { runs30d: 0 } });
    const list = await body(await api(A, "/automations"));
    expect(list.items.map((a: { id: string }) => a.id)).toContain(made.id);

    const renamed = await api(A, `/automations/${made.id}`, { method: "PATCH", json: { name: "Graduation" } });
    expect(await body(renamed)).toMatchObject({ name: "Graduation", trigger: "course_completed" });
    const paused = await api(A, `/automations/${made.id}`, { method: "PATCH", json: { status: "paused" } });
    expect(await body(paused)).toMatchObject({ status: "paused", name: "Graduation" });
    const got = await body(await api(A, `/automations/${made.id}`));
    expect(got.conditions[0].args).toEqual({ course_id: course.id, operator: "gte", percent: 100 });

    expect((await api(A, `/automations/${made.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/automations/${made.id}`), 404, "not_found");
  });

  it("refuses missing arguments at their paths", async () => {
    const res = await api(A, "/automations", {
      json: {
        name: "Broken",
        trigger: "course_completed",
        actions: [
          { key: "add_tag", args: { tag: "x" } },
          { key: "send_email", args: { email: "{{email}}" } },
        ],
      },
    });
    const e = await expectError(res, 422, "validation_failed");
    expect(problems(e)).toContainEqual({ field: "actions.1.args.email_template", message: "required" });

    const noActions = await api(A, "/automations", { json: { name: "Empty", trigger: "manual", actions: [] } });
    expect(problems(await expectError(noActions, 422, "validation_failed"))[0].field).toBe("actions");
  });

  it("refuses another site's course and list as not found, at the argument's path", async () => {
    const { course } = await buildCourse(t.database.db, B.site, B.owner, { title: "B's course" });
    const list = await newList(B);
    const res = await api(A, "/automations", {
      json: {
        name: "Borrowing",
        trigger: "user_registered",
        actions: [
          { key: "add_tag", args: { tag: "new" } },
          { key: "emailList", args: { list_id: list.id, email: "{{email}}" } },
          { key: "enroll_course", args: { course_id: course.id } },
        ],
      },
    });
    const e = await expectError(res, 422, "validation_failed");
    expect(problems(e)).toEqual([
      { field: "actions.1.args.list_id", message: "not_found" },
      { field: "actions.2.args.course_id", message: "not_found" },
    ]);
    // The same list is fine on its own site.
    await create(B, { actions: [{ key: "emailList", args: { list_id: list.id, email: "{{email}}" } }] });
  });

  it("answers 404 for another site's automation and leaves it as it was", async () => {
    const theirs = await create(B);
    await expectError(await api(A, `/automations/${theirs.id}`), 404, "not_found");
    await expectError(
      await api(A, `/automations/${theirs.id}`, { method: "PATCH", json: { name: "Mine now" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, `/automations/${theirs.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(A, `/automations/${theirs.id}/runs`), 404, "not_found");
    expect((await body(await api(B, `/automations/${theirs.id}`))).name).toBe(theirs.name);
    await expectError(await api(A, "/automations/not-a-uuid"), 400, "bad_request");
  });

  it("needs the forms plan feature", async () => {
    const S = await siteWithOwner(t, "auto-s", { plan: PLAN_IDS.starter });
    await expectError(await api(S, "/automations"), 403, "plan_required");
  });
});

describe("manual runs and runs again", () => {
  it("makes one run per member for a request, however often and however concurrently it arrives", async () => {
    const auto = await create(A, { trigger: "manual" });
    const people = await Promise.all([memberOf(t, A.site, "student"), memberOf(t, A.site, "student")]);
    const userIds = people.map((p) => p.user.id);
    const requestId = randomUUID();
    const send = () => api(A, `/automations/${auto.id}/run`, { json: { userIds, requestId } });
    const answers = await Promise.all([send(), send(), send()]);
    const made = await Promise.all(answers.map((r) => body(r)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(made.reduce((n, b) => n + b.created, 0)).toBe(2);
    expect((await body(await send())).created).toBe(0);
    const runs = await runsOf(A.site.accountId, auto.id);
    expect(runs.map((r) => r.userId).sort()).toEqual([...userIds].sort());

    // A new request is a new intent: it runs again.
    const again = await api(A, `/automations/${auto.id}/run`, {
      json: { userIds: [userIds[0]], requestId: randomUUID() },
    });
    expect((await body(again)).created).toBe(1);
  });

  it("refuses a member of another site and an automation that is not manual", async () => {
    const auto = await create(A, { trigger: "manual" });
    const stranger = await memberOf(t, B.site, "student");
    const res = await api(A, `/automations/${auto.id}/run`, {
      json: { userIds: [stranger.user.id], requestId: randomUUID() },
    });
    expect(problems(await expectError(res, 422, "validation_failed"))).toEqual([
      { field: "userIds.0", message: "not_found" },
    ]);
    const triggered = await create(A);
    const me = await memberOf(t, A.site, "student");
    await expectError(
      await api(A, `/automations/${triggered.id}/run`, { json: { userIds: [me.user.id], requestId: randomUUID() } }),
      409,
      "conflict",
    );
    expect(await runsOf(A.site.accountId, triggered.id)).toHaveLength(0);
  });

  it("runs a run again once per request, with its payload and a link to the old run", async () => {
    const auto = await create(A, { trigger: "manual" });
    const member = await memberOf(t, A.site, "student");
    await api(A, `/automations/${auto.id}/run`, { json: { userIds: [member.user.id], requestId: randomUUID() } });
    const [first] = await runsOf(A.site.accountId, auto.id);
    const requestId = randomUUID();
    const rerun = () => api(A, `/automation-runs/${first.id}/rerun`, { json: { requestId } });
    const [one, two] = await Promise.all([rerun(), rerun()]);
    const a = await body(one);
    const b = await body(two);
    expect(one.status, JSON.stringify(a)).toBe(200);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ rerunOf: first.id, trigger: "manual", person: { userId: member.user.id } });
    const runs = await runsOf(A.site.accountId, auto.id);
    expect(runs).toHaveLength(2);
    expect(runs.find((r) => r.id === a.id)?.payload).toEqual(first.payload);

    await expectError(
      await t.request(B.site.slug, `/api/v1/automation-runs/${first.id}/rerun`, {
        cookie: B.ownerCookie,
        json: { requestId: randomUUID() },
      }),
      404,
      "not_found",
    );
  });
});

describe("run log", () => {
  it("pages newest first, filters by status and names the person", async () => {
    const auto = await create(A);
    const member = await memberOf(t, A.site, "student");
    const base = Date.now() - 60_000;
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx.insert(automationRuns).values(
        Array.from({ length: 5 }, (_, i) => ({
          accountId: A.site.accountId,
          automationId: auto.id,
          dedupeKey: `event:${randomUUID()}`,
          trigger: "course_completed",
          payload: { userId: member.user.id },
          userId: member.user.id,
          status: i === 0 ? ("skipped" as const) : ("succeeded" as const),
          failedConditions: i === 0 ? [{ index: 0, key: "course_progress_percent" as const, reason: "progress" }] : [],
          actionResults: [{ key: "add_tag" as const, status: "ok" as const, attempts: 1, message: "tag added" }],
          createdAt: new Date(base + i * 1000),
        })),
      ),
    );
    const first = await body(await api(A, `/automations/${auto.id}/runs?limit=2`));
    expect(first.items).toHaveLength(2);
    expect(first.items[0].person).toMatchObject({ userId: member.user.id, email: member.user.email });
    expect(Date.parse(first.items[0].createdAt)).toBeGreaterThan(Date.parse(first.items[1].createdAt));
    const second = await body(await api(A, `/automations/${auto.id}/runs?limit=2&cursor=${first.nextCursor}`));
    const third = await body(await api(A, `/automations/${auto.id}/runs?limit=2&cursor=${second.nextCursor}`));
    expect(third.items).toHaveLength(1);
    expect(third.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items, ...third.items].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(5);

    const skipped = await body(await api(A, `/automations/${auto.id}/runs?status=skipped`));
    expect(skipped.items).toHaveLength(1);
    expect(skipped.items[0].failedConditions).toEqual([
      { index: 0, key: "course_progress_percent", reason: "progress" },
    ]);

    const listed = (await body(await api(A, "/automations"))).items.find((a: { id: string }) => a.id === auto.id);
    expect(listed.stats).toMatchObject({ runs30d: 5, succeeded: 4, skipped: 1, failed: 0 });
    expect(listed.stats.lastRunAt).not.toBeNull();

    // A change of definition leaves the past runs as they were.
    await api(A, `/automations/${auto.id}`, { method: "PATCH", json: { actions: [tagAndMail[0]] } });
    expect((await body(await api(A, `/automations/${auto.id}/runs`))).items).toHaveLength(5);
  });
});
