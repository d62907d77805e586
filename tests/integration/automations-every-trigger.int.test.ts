// Every one of the 21 triggers runs its automation exactly once (spec §9, decision 0049): one
// automation per trigger, each sending an e-mail whose subject names its trigger; one event of each
// type, each handled twice as a redelivery would; a time_delay after form_submitted; a manual run
// on a member. Each automation ends with one succeeded run and one e-mail, and no automation runs
// for another trigger's event or another site's.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTOMATION_TRIGGERS, checkAutomation, EVENT_TRIGGERS } from "../../core/automations";
import { PLAN_IDS } from "../../core/plans";
import { automationRuns, automations, eventOutbox, mailOutbox } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { automationRunLog } from "../../server/modules/automations/run-log";
import { runsForEvent } from "../../server/modules/automations/engine";
import { sweepLostRuns } from "../../server/modules/automations/sweep";
import { events } from "../../server/modules/events";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform({ JOB_RETRY_DELAY_SECONDS: "1" });
  A = await siteWithOwner(t, "every-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "every-b", { plan: PLAN_IDS.professional });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function automationFor(site: SiteWithOwner, trigger: string, triggerArgs?: unknown) {
  const checked = checkAutomation({
    name: `On ${trigger}`,
    trigger,
    triggerArgs,
    actions: [{ key: "send_email", args: { email: "{{email}}", email_template: "<p>Hello</p>", subject: trigger } }],
  });
  if (!checked.ok) throw new Error(`${trigger}: ${JSON.stringify(checked.issues)}`);
  const [row] = await withTenant(db(), site.site.accountId, (tx) =>
    tx
      .insert(automations)
      .values({ accountId: site.site.accountId, ...checked.value })
      .returning({ id: automations.id }),
  );
  return row.id;
}

const runsOf = (accountId: string) =>
  withPlatform(db(), (tx) =>
    tx
      .select({ automationId: automationRuns.automationId, status: automationRuns.status, email: automationRuns.email })
      .from(automationRuns)
      .where(eq(automationRuns.accountId, accountId)),
  );

async function until<T>(what: string, probe: () => Promise<T | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("every trigger", () => {
  it("runs its automation once, and only its own, however often its event is handled", async () => {
    const accountId = A.site.accountId;
    const ids = new Map<string, string>();
    for (const trigger of EVENT_TRIGGERS) ids.set(trigger, await automationFor(A, trigger));
    ids.set("time_delay", await automationFor(A, "time_delay", { after: "form_submitted", delay_minutes: 5 }));
    ids.set("manual", await automationFor(A, "manual"));
    expect([...ids.keys()].sort()).toEqual([...AUTOMATION_TRIGGERS].sort());
    // Site B has the same automations; A's events must not reach them.
    const other = await automationFor(B, "form_submitted");

    const tag = uid();
    const emailOf = (trigger: string) => `${trigger.replace(/_/g, "-")}-${tag}@school.org`;
    const emitted = await events.transaction(db(), accountId, async (tx, out) => {
      for (const trigger of EVENT_TRIGGERS) {
        out.push(await events.emit(tx, accountId, trigger, { email: emailOf(trigger), source: "every-trigger-test" }));
      }
      return out;
    });
    // Each event handled a second time, as a redelivery after a crash would.
    const rows = await withPlatform(db(), (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, accountId), sql`${eventOutbox.id} in ${emitted.map((e) => e.id)}`)),
    );
    expect(rows).toHaveLength(EVENT_TRIGGERS.length);
    await Promise.all(rows.map((row) => runsForEvent(db(), { ...row, payload: row.payload })));

    const member = await memberOf(t, A.site, "student", "every-manual");
    const manual = await automationRunLog.runManual(db(), accountId, ids.get("manual") as string, {
      userIds: [member.user.id],
      requestId: crypto.randomUUID(),
    });
    expect(manual.created).toBe(1);
    const expectedAddress = (trigger: string) =>
      trigger === "manual"
        ? member.user.email.toLowerCase()
        : emailOf(trigger === "time_delay" ? "form_submitted" : trigger);
    // The runs for this test's people (joining the site is a user_registered event of its own).
    const ourRuns = async () =>
      (await runsOf(accountId)).filter((r) =>
        [...ids].some(([trigger, id]) => r.automationId === id && r.email === expectedAddress(trigger)),
      );

    // Every run that is due finishes; the time_delay run waits for its five minutes.
    const immediate = [...ids.entries()].filter(([trigger]) => trigger !== "time_delay");
    await until("every due run finished", async () => {
      const runs = await ourRuns();
      const done = immediate.every(([, id]) => runs.some((r) => r.automationId === id && r.status === "succeeded"));
      return done && runs.length === immediate.length + 1 && runs;
    });
    const delayed = (await ourRuns()).filter((r) => r.automationId === ids.get("time_delay"));
    expect(delayed).toEqual([
      { automationId: ids.get("time_delay"), status: "queued", email: emailOf("form_submitted") },
    ]);
    // Five minutes later (moved back here), with its job gone as after a lost worker: the sweep runs it.
    await withPlatform(db(), (tx) =>
      tx
        .update(automationRuns)
        .set({ runAt: sql`now() - interval '2 minutes'`, jobId: null })
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            eq(automationRuns.automationId, ids.get("time_delay") as string),
          ),
        ),
    );
    await sweepLostRuns(db());
    await until("the delayed run finished", async () =>
      (await ourRuns()).some((r) => r.automationId === ids.get("time_delay") && r.status === "succeeded"),
    );

    const runs = await ourRuns();
    const perAutomation = Object.fromEntries(
      [...ids.entries()].map(([trigger, id]) => [
        trigger,
        runs.filter((r) => r.automationId === id).map((r) => r.status),
      ]),
    );
    expect(perAutomation).toEqual(Object.fromEntries([...ids.keys()].map((trigger) => [trigger, ["succeeded"]])));
    for (const [trigger, id] of ids) {
      expect(runs.find((r) => r.automationId === id)?.email, trigger).toBe(expectedAddress(trigger));
    }

    // One e-mail per run, each to its own address with its own trigger's subject.
    const mails = await withPlatform(db(), (tx) =>
      tx
        .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.accountId, accountId), eq(mailOutbox.kind, "automation"))),
    );
    const wanted = [...ids.keys()].map((trigger) => `${trigger} → ${expectedAddress(trigger)}`).sort();
    expect(
      mails
        .map((m) => `${m.subject} → ${m.to}`)
        .filter((m) => wanted.includes(m))
        .sort(),
    ).toEqual(wanted);
    expect(await runsOf(B.site.accountId)).toEqual([]);
    expect(other).toBeTruthy();
  }, 120_000);
});
