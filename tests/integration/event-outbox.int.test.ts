// The domain-event outbox: an event commits or rolls back with the change that caused it, is handed
// to its subscribers once, and an event whose job never ran (a crash after the commit) is still
// handled later.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOutbox } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
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
