// The automations target of the queue benchmark: one contact tagged `member`, one automation on
// tag_added whose only action adds that tag again (a real action that changes nothing), and
// BENCH_JOBS tag_added events queued before the worker starts. Finished when every event's run
// has succeeded.
import { and, count, eq } from "drizzle-orm";
import { checkAutomation } from "../core/automations";
import type { Db } from "../server/db/client";
import { automationRuns, automations, mailingContacts } from "../server/db/schema";
import { withTenant } from "../server/db/tenant";
import "../server/modules/automations/engine";
import { events } from "../server/modules/events";

const CHUNK = 500;

export async function automationsBench(db: Db, accountId: string, n: number) {
  const email = "bench-member@example.org";
  const checked = checkAutomation({
    name: "Bench",
    trigger: "tag_added",
    actions: [{ key: "add_tag", args: { tag: "member" } }],
  });
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const automationId = await withTenant(db, accountId, async (tx) => {
    await tx.insert(mailingContacts).values({ accountId, email, name: "Bench", tags: ["member"] });
    const [a] = await tx
      .insert(automations)
      .values({ accountId, ...checked.value })
      .returning({ id: automations.id });
    return a.id;
  });
  for (let from = 0; from < n; from += CHUNK) {
    const size = Math.min(CHUNK, n - from);
    await events.transaction(db, accountId, async (tx, out) => {
      out.push(
        ...(await events.emitAll(
          tx,
          accountId,
          Array.from({ length: size }, () => ({ type: "tag_added", payload: { email, tag: "member" } })),
        )),
      );
    });
  }
  const succeeded = async () => {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ n: count() })
        .from(automationRuns)
        .where(
          and(
            eq(automationRuns.accountId, accountId),
            eq(automationRuns.automationId, automationId),
            eq(automationRuns.status, "succeeded"),
          ),
        ),
    );
    return Number(row.n);
  };
  return {
    async finished() {
      while ((await succeeded()) < n) await new Promise((r) => setTimeout(r, 100));
    },
  };
}
