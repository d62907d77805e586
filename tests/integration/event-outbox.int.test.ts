// The domain-event outbox: an event commits or rolls back with the change that caused it, is handed
// to its subscribers once, and an event whose job never ran (a crash after the commit) is still
// handled later.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOutbox } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { jobs } from "../../server/jobs/queue";
import { type DomainEvent, events } from "../../server/modules/events";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
const seen: DomainEvent[] = [];
const TYPE = `test_event_${uid()}`;
const FAILING = `test_failing_${uid()}`;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "evt");
  events.on(TYPE, async (_db, e) => {
    seen.push(e);
  });
  events.on(FAILING, async () => {
    throw new Error("subscriber down");
  });
});
afterAll(async () => {
  await t?.close();
});

const row = (id: string) =>
  withPlatform(t.database.db, (tx) => tx.select().from(eventOutbox).where(eq(eventOutbox.id, id))).then((r) => r[0]);

describe("event outbox", () => {
  it("writes nothing when the change rolls back", async () => {
    const marker = uid();
    await expect(
      withTenant(t.database.db, A.site.accountId, async (tx) => {
        await events.emit(tx, A.site.accountId, TYPE, { marker });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, TYPE))),
    );
    expect(rows.filter((r) => r.payload.marker === marker)).toHaveLength(0);
  });

  it("hands a committed event to its subscriber exactly once, even when it is handled again", async () => {
    const marker = uid();
    // No publish: as if the process died right after the commit. The sweep (drain) still finds it.
    const emitted = await withTenant(t.database.db, A.site.accountId, (tx) =>
      events.emit(tx, A.site.accountId, TYPE, { marker }, A.owner.id),
    );
    await events.drain(t.database.db, A.site.accountId);
    await events.drain(t.database.db, A.site.accountId);
    await events.publish(t.database.db, [emitted]);
    await new Promise((r) => setTimeout(r, 1500));
    const handled = seen.filter((e) => e.payload.marker === marker);
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({ type: TYPE, actorId: A.owner.id, accountId: A.site.accountId });
    expect((await row(emitted.id)).processedAt).not.toBeNull();
  });

  it("takes over at once an event claimed by a process that is gone, and leaves one a live process holds", async () => {
    const claimed = async (claimedBy: number | null) => {
      const marker = uid();
      const emitted = await withTenant(t.database.db, A.site.accountId, (tx) =>
        events.emit(tx, A.site.accountId, TYPE, { marker }),
      );
      // As if a worker had just claimed it: a fresh claim, by that process.
      await withPlatform(t.database.db, (tx) =>
        tx.update(eventOutbox).set({ claimedAt: new Date(), claimedBy }).where(eq(eventOutbox.id, emitted.id)),
      );
      return { marker, id: emitted.id };
    };
    const live = jobs.workerKey(t.database.db);
    expect(live).not.toBeNull();
    const held = await claimed(live);
    // A key no process holds: its worker was killed mid-dispatch.
    const orphan = await claimed(live === 1 ? 2 : 1);
    await events.drain(t.database.db, A.site.accountId, 300);
    expect(seen.filter((e) => e.payload.marker === orphan.marker)).toHaveLength(1);
    expect((await row(orphan.id)).processedAt).not.toBeNull();
    expect(seen.filter((e) => e.payload.marker === held.marker)).toHaveLength(0);
    expect((await row(held.id)).processedAt).toBeNull();
    // Released by its holder, the held one is handled by the next dispatch.
    await withPlatform(t.database.db, (tx) =>
      tx.update(eventOutbox).set({ claimedAt: null, claimedBy: null }).where(eq(eventOutbox.id, held.id)),
    );
    await events.drain(t.database.db, A.site.accountId);
    expect(seen.filter((e) => e.payload.marker === held.marker)).toHaveLength(1);
  });

  it("keeps a failed event for a retry, with the error", async () => {
    const emitted = await withTenant(t.database.db, A.site.accountId, (tx) =>
      events.emit(tx, A.site.accountId, FAILING, {}),
    );
    await events.drain(t.database.db, A.site.accountId);
    const r = await row(emitted.id);
    expect(r.processedAt).toBeNull();
    expect(r.attempts).toBe(1);
    expect(r.lastError).toBe("subscriber down");
    expect(r.claimedAt).toBeNull();
  });
});
