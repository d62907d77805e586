// The realtime hub's heartbeat (server/realtime/hub.ts), run fast: a socket that stops answering
// pings is closed and its device leaves the list; a live device is re-written every beat, even
// when its row vanished; a stopping process takes its devices with it.
import { EventEmitter } from "node:events";
import { and, eq, sql } from "drizzle-orm";
import type { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { presence as presenceTable } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { presence } from "../../server/modules/presence";
import { RealtimeHub } from "../../server/realtime/hub";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, siteWithOwner } from "./helpers";
import { DEVICE } from "./realtime-client";

/** Just enough of a ws socket: answers pings when `lively`, records frames, closes on terminate. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  sent: string[] = [];
  constructor(public lively: boolean) {
    super();
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  ping() {
    if (this.lively) setImmediate(() => this.emit("pong"));
  }
  terminate() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit("close");
  }
}

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

const until = async (what: string, check: () => Promise<boolean> | boolean) => {
  // By the clock, not by tries: on a busy machine each try itself may take a while.
  for (const end = Date.now() + 30_000; Date.now() < end; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for: ${what}`);
};

describe("heartbeat", () => {
  it("closes silent sockets, keeps live devices written, and cleans up on close", async () => {
    const { site } = await siteWithOwner(t, "beat");
    const quietMember = await memberOf(t, site, "student", "quiet");
    const livelyMember = await memberOf(t, site, "student", "lively");
    const hub = new RealtimeHub(t.database.db, { heartbeatMs: 100 });
    // Closed however the test ends: its beat must not outlive the platform (the worker runs on).
    onTestFinished(() => hub.close());
    const join = async (userId: string, lively: boolean) => {
      const ws = new FakeSocket(lively);
      const profile = (await presence.memberProfile(t.database.db, site.accountId, userId))!;
      const conn = hub.add(ws as unknown as WebSocket, { accountId: site.accountId, profile, seesEmails: false });
      const deviceId = crypto.randomUUID();
      hub.receive(conn, JSON.stringify({ type: "presence", device: { device_id: deviceId, ...DEVICE } }));
      return { ws, deviceId };
    };
    const quiet = await join(quietMember.user.id, false);
    const lively = await join(livelyMember.user.id, true);
    const listed = async () => (await presence.list(t.database.db, site.accountId)).online.map((o) => o.device_id);
    await until("both listed", async () => (await listed()).length === 2);

    await until("the silent socket is closed", () => quiet.ws.readyState === 3);
    await until("its device leaves the list", async () => (await listed()).join() === lively.deviceId);
    expect(lively.ws.readyState).toBe(1);
    // The count is broadcast just after the row goes, so the live socket may hear it a moment later.
    await until("the live socket hears the new count", () => JSON.parse(lively.ws.sent.at(-1)!).count === 1);
    const lastFrame = JSON.parse(lively.ws.sent.at(-1)!);
    expect(lastFrame).toMatchObject({ type: "presence", count: 1 });

    // Another process deleted the row (its tab on the same device closed): the next beat restores it.
    const where = and(eq(presenceTable.accountId, site.accountId), eq(presenceTable.deviceId, lively.deviceId));
    await withTenant(t.database.db, site.accountId, (tx) => tx.delete(presenceTable).where(where));
    await until("the live device is written again", async () => (await listed()).length === 1);
    // And a row about to go stale is refreshed.
    await withTenant(t.database.db, site.accountId, (tx) =>
      tx.update(presenceTable).set({ seenAt: sql`now() - interval '60 seconds'` }).where(where),
    );
    await until("seen_at is refreshed", async () => {
      const [row] = await withTenant(t.database.db, site.accountId, (tx) =>
        tx
          .select({ age: sql<number>`extract(epoch from now() - ${presenceTable.seenAt})` })
          .from(presenceTable)
          .where(where),
      );
      return Number(row?.age) < 5;
    });

    await hub.close();
    expect(lively.ws.readyState).toBe(3);
    expect(await listed()).toEqual([]);
  });
});
