// The change bus after PostgreSQL cut another web process's LISTEN connection: that process
// connects again by itself, and since NOTIFY is not kept for a listener that is away, it drops
// what it may hold stale — a site setting changed meanwhile shows at once after the reconnect,
// not when the cached entry expires a minute later; open pages get the presence list again.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presence } from "../../server/modules/presence";
import { type ChildServer, cookieOf, startChildServer } from "../support/child-server";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { connect, DEVICE, listsExactly } from "./realtime-client";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)("the change bus after a lost LISTEN connection (PostgreSQL)", () => {
  // A: this process (in-process platform). B: a web process of its own, whose listener is cut.
  let A: TestPlatform;
  let B: ChildServer;
  let S: SiteWithOwner;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    A = await startTestPlatform({ ATRIUM_ROLE: "web" });
    S = await siteWithOwner(A, "bus-back");
    dbName = new URL(A.database.url!).pathname.slice(1);
    B = await startChildServer(A.database.url!);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    admin.on("error", () => undefined);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await B?.stop();
    await A?.close();
  });

  /**
   * Cuts B's LISTEN connection while the database refuses new connections, runs `meanwhile` (A's
   * connections stay open, so A works), then lets connections in again. Whatever A announced
   * meanwhile could not reach B.
   */
  async function whileBIsAway(meanwhile: () => Promise<void>) {
    const losses = (B.output().match(/\[bus\] lost the LISTEN connection/g) ?? []).length;
    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    try {
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2",
        [dbName, `atrium bus listener ${B.process.pid}`],
      );
      expect(rowCount).toBe(1);
      await until(
        "B notices",
        async () => (B.output().match(/\[bus\] lost the LISTEN connection/g) ?? []).length > losses,
        10_000,
      );
      await meanwhile();
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    }
  }

  /** Uses A's pooled connection now, so it is open while new connections are refused. */
  const warmA = async () =>
    expect((await A.request(S.site.slug, "/api/v1/me", { cookie: S.ownerCookie })).status).toBe(200);

  const titleOnB = async () => JSON.parse((await B.request(S.site.slug, "/api/v1/site")).text).sitetitle as string;

  it("a site setting changed on A while B was away shows on B right after B reconnects", async () => {
    const before = await titleOnB(); // B caches the site now, for a minute
    const recoveries = (B.output().match(/\[bus\] LISTEN connection back/g) ?? []).length;
    await warmA();
    await whileBIsAway(async () => {
      const saved = await A.request(S.site.slug, "/api/v1/site/config", {
        method: "PATCH",
        cookie: S.ownerCookie,
        json: { settings: { sitetitle: "Renamed while B was away" } },
      });
      expect(saved.status).toBe(200);
      expect(await titleOnB()).toBe(before); // B did not hear it
    });
    // Well inside the minute B's entry would otherwise live.
    await until("B shows the new title", async () => (await titleOnB()) === "Renamed while B was away", 10_000);
    expect((B.output().match(/\[bus\] LISTEN connection back/g) ?? []).length).toBeGreaterThan(recoveries);
    expect(B.alive()).toBe(true);
  });

  it("an open page on B gets the presence list again, with whoever came online meanwhile", async () => {
    const here = await memberOf(A, S.site, "student", "bus-here");
    const there = await memberOf(A, S.site, "student", "bus-there");
    const signIn = await B.request(S.site.slug, "/api/auth/sign-in/email", {
      json: { email: here.user.email, password: here.user.password },
    });
    const socket = await connect({ port: B.port }, S.site.slug, { cookie: cookieOf(signIn.headers) });
    try {
      socket.sendPresence();
      await socket.next(listsExactly([here.user.id]));
      const mark = socket.frames.length;
      await warmA();
      await whileBIsAway(async () => {
        const profile = await presence.memberProfile(A.database.db, S.site.accountId, there.user.id);
        await presence.upsert(A.database.db, S.site.accountId, "process-a", [
          { ...profile!, deviceId: randomUUID(), device: DEVICE },
        ]);
      });
      await socket.next(listsExactly([here.user.id, there.user.id]), { since: mark });
      expect(await socket.next((f) => f.type === "notification", { since: mark })).toEqual({ type: "notification" });
    } finally {
      await socket.close();
    }
  });
});
