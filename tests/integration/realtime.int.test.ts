// /api/realtime (docs/decisions/0008-realtime.md): members of a site see who else is online as
// people come and go, a notification nudges only its recipient's pages, and sockets from outside
// the site (no session, another site's session, another origin) are refused before the upgrade.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { presence as presenceTable } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { notifications } from "../../server/modules/notifications";
import { presence } from "../../server/modules/presence";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { connect, DEVICE, listsExactly, type RealtimeClient, refusal } from "./realtime-client";

const run = promisify(execFile);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
const open: RealtimeClient[] = [];

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "rt-a");
  B = await siteWithOwner(t, "rt-b");
});
afterAll(async () => {
  for (const c of open) await c.close();
  await t?.close();
});

async function online(slug: string, cookie: string) {
  const c = await connect(t, slug, { cookie });
  open.push(c);
  return c;
}

describe("presence", () => {
  it("two members each see the other; when one leaves, the other sees that", async () => {
    const site = await siteWithOwner(t, "rt-pair");
    const x = await memberOf(t, site.site, "student", "xavier");
    const y = await memberOf(t, site.site, "instructor", "yuki");
    const xs = await online(site.site.slug, x.cookie);
    const ys = await online(site.site.slug, y.cookie);
    xs.sendPresence();
    await xs.next(listsExactly([x.user.id])); // right after its own presence message
    ys.sendPresence();
    const seenByX = await xs.next(listsExactly([x.user.id, y.user.id]));
    const seenByY = await ys.next(listsExactly([x.user.id, y.user.id]));
    expect(seenByX).toMatchObject({ channel: "onlineUsers", count: 2 });
    expect(seenByY.online.find((o: { user_id: string }) => o.user_id === x.user.id)).toEqual({
      user_id: x.user.id,
      name: x.user.name,
      email: "", // a member who does not manage the site sees names, not addresses
      avatar: null,
      device_id: xs.deviceId,
      device: DEVICE,
      account_id: site.site.accountId,
    });

    const mark = xs.frames.length;
    await ys.close();
    await xs.next(listsExactly([x.user.id]), { since: mark });
    const first = await body(await t.request(site.site.slug, "/api/v1/presence", { cookie: x.cookie }));
    expect(first).toMatchObject({ count: 1, online: [{ user_id: x.user.id, device_id: xs.deviceId }] });
  });

  it("a reload (the old socket gone just before the new one sends the same device) keeps the device online", async () => {
    const site = await siteWithOwner(t, "rt-reload");
    const r = await memberOf(t, site.site, "student", "rhea");
    let page = await online(site.site.slug, r.cookie);
    page.sendPresence();
    await page.next(listsExactly([r.user.id]));
    const device = page.deviceId;
    // A slow database makes the old socket's removal finish after the new socket's announcement.
    const remove = presence.remove;
    presence.remove = async (...args) => {
      await new Promise((ok) => setTimeout(ok, 150));
      return remove.apply(presence, args);
    };
    try {
      for (let i = 0; i < 3; i++) {
        // The browser reloads: the old page goes, the new one announces the same device.
        const next = await connect(t, site.site.slug, { cookie: r.cookie });
        open.push(next);
        await page.close();
        await new Promise((ok) => setTimeout(ok, 20)); // the server has seen the old socket go
        next.sendPresence(device);
        await next.next(listsExactly([r.user.id]));
        page = next;
      }
      await new Promise((ok) => setTimeout(ok, 400));
    } finally {
      presence.remove = remove;
    }
    // Once every write has landed, the device is still listed (not only until the next heartbeat).
    await new Promise((ok) => setTimeout(ok, 300));
    const now = await body(await t.request(site.site.slug, "/api/v1/presence", { cookie: r.cookie }));
    expect(now).toMatchObject({ count: 1, online: [{ user_id: r.user.id, device_id: device }] });
  });

  it("the site's managers see e-mail addresses; one person on two devices counts once", async () => {
    const site = await siteWithOwner(t, "rt-owner");
    const s = await memberOf(t, site.site, "student", "sam");
    const owner = await online(site.site.slug, site.ownerCookie);
    owner.sendPresence();
    const phone = await online(site.site.slug, s.cookie);
    const laptop = await online(site.site.slug, s.cookie);
    phone.sendPresence();
    laptop.sendPresence();
    const seen = await owner.next((f) => f.type === "presence" && f.online.length === 3);
    expect(seen.count).toBe(2);
    expect(
      seen.online.filter((o: { user_id: string }) => o.user_id === s.user.id).map((o: { email: string }) => o.email),
    ).toEqual([s.user.email, s.user.email]);
    const viaApi = await body(await t.request(site.site.slug, "/api/v1/presence", { cookie: site.ownerCookie }));
    expect(viaApi.count).toBe(2);
    expect(viaApi.online.some((o: { email: string }) => o.email === s.user.email)).toBe(true);
  });

  it("a device id held live by someone else is refused; a malformed message gets an error frame", async () => {
    const site = await siteWithOwner(t, "rt-device");
    const a = await memberOf(t, site.site, "student", "ann");
    const m = await memberOf(t, site.site, "student", "mallory");
    const as = await online(site.site.slug, a.cookie);
    as.sendPresence();
    await as.next(listsExactly([a.user.id]));
    const ms = await online(site.site.slug, m.cookie);
    ms.sendPresence(as.deviceId);
    expect(await ms.next((f) => f.type === "error")).toMatchObject({ code: "device_taken" });
    const bad = await online(site.site.slug, m.cookie);
    bad.ws.send(JSON.stringify({ type: "presence", device: { device_id: "not-a-uuid" } }));
    expect(await bad.next((f) => f.type === "error")).toMatchObject({ code: "invalid_message" });
    bad.ws.send("not json");
    expect(await bad.next((f) => f.type === "error" && /JSON/.test(f.message))).toBeTruthy();
    const list = await presence.list(t.database.db, site.site.accountId);
    expect(list.online.map((o) => o.user_id)).toEqual([a.user.id]);
  });

  it("rows not refreshed for 70 seconds do not count and are swept", async () => {
    const site = await siteWithOwner(t, "rt-stale");
    const s = await memberOf(t, site.site, "student");
    const profile = (await presence.memberProfile(t.database.db, site.site.accountId, s.user.id))!;
    const deviceId = crypto.randomUUID();
    await presence.upsert(t.database.db, site.site.accountId, "gone-process", [
      { ...profile, deviceId, device: DEVICE },
    ]);
    expect((await presence.list(t.database.db, site.site.accountId)).count).toBe(1);
    await withTenant(t.database.db, site.site.accountId, (tx) =>
      tx
        .update(presenceTable)
        .set({ seenAt: sql`now() - interval '71 seconds'` })
        .where(and(eq(presenceTable.accountId, site.site.accountId), eq(presenceTable.deviceId, deviceId))),
    );
    expect((await presence.list(t.database.db, site.site.accountId)).count).toBe(0);
    expect(await presence.sweep(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await withTenant(t.database.db, site.site.accountId, (tx) => tx.select().from(presenceTable));
    expect(left).toEqual([]);
  });
});

describe("notifications", () => {
  it("a notification for A nudges A's sockets only", async () => {
    const site = await siteWithOwner(t, "rt-bell");
    const a = await memberOf(t, site.site, "student", "recipient");
    const b = await memberOf(t, site.site, "student", "bystander");
    const as = await online(site.site.slug, a.cookie);
    const bs = await online(site.site.slug, b.cookie);
    await notifications.create(t.database.db, site.site.accountId, { userId: a.user.id, title: "Graded" });
    expect(await as.next((f) => f.type === "notification")).toEqual({ type: "notification" });
    // A ping round trip on B's socket: anything sent to B before it has arrived by now.
    await new Promise<void>((resolve) => {
      bs.ws.once("pong", () => resolve());
      bs.ws.ping();
    });
    expect(bs.frames.filter((f) => f.type === "notification")).toEqual([]);
  });
});

describe("who may connect", () => {
  it("no cookie, another site's session, another origin, an unknown host: refused before the upgrade", async () => {
    const s = await memberOf(t, A.site, "student");
    expect(await refusal(connect(t, A.site.slug))).toBe(401);
    expect(await refusal(connect(t, B.site.slug, { cookie: A.ownerCookie }))).toBe(401);
    expect(await refusal(connect(t, B.site.slug, { cookie: s.cookie }))).toBe(401);
    expect(await refusal(connect(t, A.site.slug, { cookie: s.cookie, origin: "http://evil.example" }))).toBe(403);
    expect(
      await refusal(connect(t, A.site.slug, { cookie: s.cookie, origin: `http://${B.site.slug}.atrium.test:3000` })),
    ).toBe(403);
    expect(await refusal(connect(t, A.site.slug, { cookie: s.cookie, origin: null }))).toBe(403);
    expect(await refusal(connect(t, "no-such-site", { cookie: s.cookie }))).toBe(404);
    expect(await refusal(connect(t, A.site.slug, { cookie: s.cookie }))).toBe(101);
  });

  it("a plain request is not a socket, and the presence list needs a session", async () => {
    const s = await memberOf(t, A.site, "student");
    await expectError(await t.request(A.site.slug, "/api/realtime", { cookie: s.cookie }), 400, "bad_request");
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/presence"));
  });
});

describe.skipIf(!onPostgres)("across web processes (PostgreSQL LISTEN/NOTIFY)", () => {
  it("a member coming online and a notification in another process reach this process's socket", async () => {
    const site = await siteWithOwner(t, "rt-xproc");
    const here = await memberOf(t, site.site, "student", "here");
    const there = await memberOf(t, site.site, "student", "there");
    const socket = await online(site.site.slug, here.cookie);
    socket.sendPresence();
    await socket.next(listsExactly([here.user.id]));
    await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "tests/integration/realtime-publisher.ts",
        t.database.url!,
        site.site.accountId,
        here.user.id,
        there.user.id,
      ],
      { timeout: 60_000 },
    );
    const both = await socket.next(listsExactly([here.user.id, there.user.id]));
    expect(both.online.find((o: { user_id: string }) => o.user_id === there.user.id).device.browser).toBe("Firefox");
    expect(await socket.next((f) => f.type === "notification")).toEqual({ type: "notification" });
  });
});
