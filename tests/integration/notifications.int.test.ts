// A member's notifications in the header bell (spec §3, §4): created by services for one member,
// listed newest first with the unread count, marked read one by one or all at once (the chat
// dropdown marks chat ones), never visible to or changeable by anyone else.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountNotifications as accountNotificationsTable, notifications as table } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accountNotifications, notifications } from "../../server/modules/notifications";
import { bus } from "../../server/realtime/bus";
import { buildUser } from "../../server/seed/builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  expectError,
  expectNotAuthenticated,
  memberOf,
  type SiteWithOwner,
  siteWithOwner,
  uniqueEmail,
} from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let alice: Awaited<ReturnType<typeof memberOf>>;
let bob: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "ntf-a");
  B = await siteWithOwner(t, "ntf-b");
  alice = await memberOf(t, A.site, "student", "alice");
  bob = await memberOf(t, A.site, "student", "bob");
});
afterAll(async () => {
  await t?.close();
});

const notify = (accountId: string, userId: string, over: Record<string, unknown> = {}) =>
  notifications.create(t.database.db, accountId, { userId, title: "Hello", message: "Hi", ...over });
const rowOf = async (id: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(table).where(eq(table.id, id))))[0];

describe("creating a notification", () => {
  it("stores it unread for a member, sanitises the message and announces it on the bus", async () => {
    const heard: unknown[] = [];
    const stop = bus.on("notification", (d) => heard.push(d));
    const n = await notify(A.site.accountId, alice.user.id, {
      title: "New lesson",
      message: '<b>Unit 2</b> is open <a href="/course/x" onclick="steal()">go</a><script>steal()</script>',
      component: "course",
      data: { action: { actor: { id: "u1", name: "Ivan" } }, object: { id: "c1", link: "/course/x" } },
      itemId: "c1",
    });
    stop();
    expect(n).toMatchObject({ read: false, type: "other", component: "course", itemId: "c1", title: "New lesson" });
    expect(n.message).toBe('<b>Unit 2</b> is open <a href="/course/x">go</a>');
    expect(n.time).toBe(Date.parse(n.createdAt));
    expect(heard).toEqual([{ accountId: A.site.accountId, userId: alice.user.id }]);
  });

  it("refuses a recipient who is not a member of that site, and bad fields, writing nothing", async () => {
    const outsider = await buildUser(t.platform.auth, { email: uniqueEmail("outsider") });
    const before = await withPlatform(t.database.db, (tx) => tx.$count(table));
    await expect(notify(A.site.accountId, outsider.id)).rejects.toMatchObject({ status: 422 });
    await expect(notify(B.site.accountId, alice.user.id)).rejects.toMatchObject({ status: 422 });
    await expect(notify(A.site.accountId, alice.user.id, { type: "sms" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(notify(A.site.accountId, alice.user.id, { title: "" })).rejects.toMatchObject({ status: 422 });
    expect(await withPlatform(t.database.db, (tx) => tx.$count(table))).toBe(before);
  });

  it("many at once: each member's bell gets one, sanitised; those not members are left out; the bus names them in one message", async () => {
    const outsider = await buildUser(t.platform.auth, { email: uniqueEmail("outsider-many") });
    const heard: unknown[] = [];
    const stop = bus.on("notification", (d) => heard.push(d));
    const made = await notifications.createMany(
      t.database.db,
      A.site.accountId,
      [alice.user.id, bob.user.id, outsider.id].map((userId) => ({
        userId,
        title: "Everyone",
        message: "<b>Hi</b><script>x()</script>",
        type: "chat" as const,
        component: "chat",
        itemId: "many-1",
      })),
    );
    stop();
    expect(made.map((n) => n.userId).sort()).toEqual([alice.user.id, bob.user.id].sort());
    expect(made.every((n) => n.message === "<b>Hi</b>" && !n.read)).toBe(true);
    expect(heard).toEqual([{ accountId: A.site.accountId, userIds: made.map((n) => n.userId) }]);
    const bell = await body(await t.request(A.site.slug, "/api/v1/notifications?type=chat", { cookie: bob.cookie }));
    expect(bell.items.filter((n: { itemId: string | null }) => n.itemId === "many-1")).toHaveLength(1);
    await expect(
      notifications.createMany(t.database.db, A.site.accountId, [{ userId: alice.user.id, title: "" }]),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("account notifications (platform → owner) are sanitised too", async () => {
    const n = await accountNotifications.create(t.database.db, A.site.accountId, {
      message: "Plan renewed <img src=x onerror=alert(1)><strong>thanks</strong>",
    });
    expect(n.message).toBe("Plan renewed <strong>thanks</strong>");
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(accountNotificationsTable).where(eq(accountNotificationsTable.id, n.id)),
    );
    expect(row.message).toBe("Plan renewed <strong>thanks</strong>");
  });
});

describe("GET /api/v1/notifications", () => {
  it("lists only my notifications on this site, newest first, paged, with the unread count", async () => {
    const site = await siteWithOwner(t, "ntf-list");
    const me = await memberOf(t, site.site, "student", "lister");
    const other = await memberOf(t, site.site, "student", "other");
    for (const title of ["one", "two", "three"]) await notify(site.site.accountId, me.user.id, { title });
    await notify(site.site.accountId, me.user.id, { title: "chat", type: "chat", data: { chat_id: "c9" } });
    await notify(site.site.accountId, other.user.id, { title: "not mine" });

    const res = await t.request(site.site.slug, "/api/v1/notifications?per_page=3", { cookie: me.cookie });
    expect(res.status).toBe(200);
    const page1 = await body(res);
    expect(page1).toMatchObject({ total: 4, unread: 4 });
    expect(page1.items.map((n: { title: string }) => n.title)).toEqual(["chat", "three", "two"]);
    const page2 = await body(
      await t.request(site.site.slug, "/api/v1/notifications?per_page=3&page=2", { cookie: me.cookie }),
    );
    expect(page2.items.map((n: { title: string }) => n.title)).toEqual(["one"]);
    const chats = await body(await t.request(site.site.slug, "/api/v1/notifications?type=chat", { cookie: me.cookie }));
    expect(chats).toMatchObject({ total: 1, unread: 4 });
    expect(chats.items[0].data).toEqual({ chat_id: "c9" });
  });

  it("needs a session (the spec's 401) and validates its query", async () => {
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/notifications"));
    await expectError(
      await t.request(A.site.slug, "/api/v1/notifications?type=sms", { cookie: alice.cookie }),
      422,
      "validation_failed",
    );
  });
});

describe("the dashboard's top bar", () => {
  it("reads the bell and the unread chats in one go, with the same items and counts as the two lists", async () => {
    const carol = await memberOf(t, A.site, "student", "carol");
    const me = carol.user.id;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await notify(A.site.accountId, me, { title: `Note ${i}` }));
    for (let i = 0; i < 3; i++) made.push(await notify(A.site.accountId, me, { title: `Chat ${i}`, type: "chat" }));
    await notifications.markRead(t.database.db, A.site.accountId, me, made[0].id);
    await notifications.markRead(t.database.db, A.site.accountId, me, made[4].id);
    await notify(A.site.accountId, bob.user.id, { title: "Not mine", type: "chat" });
    await notify(B.site.accountId, B.owner.id, { title: "Other site" });

    const inbox = await notifications.inbox(t.database.db, A.site.accountId, me, 2);
    const bell = await notifications.list(t.database.db, A.site.accountId, me, { per_page: 2, type: "other" });
    const chat = await notifications.list(t.database.db, A.site.accountId, me, {
      per_page: 2,
      type: "chat",
      unreadOnly: true,
    });
    expect(inbox.bell).toEqual(bell);
    expect(inbox.chat).toEqual(chat);
    expect(inbox.bell.items.map((n) => n.title)).toEqual(["Note 3", "Note 2"]);
    expect(inbox.bell).toMatchObject({ total: 4, unread: 5 });
    expect(inbox.chat.items.map((n) => n.title)).toEqual(["Chat 2", "Chat 1"]);
    expect(inbox.chat).toMatchObject({ total: 2, unread: 5 });
  });
});

describe("marking read", () => {
  it("one: mine becomes read and leaves the unread list", async () => {
    const n = await notify(A.site.accountId, bob.user.id, { title: "click me" });
    const res = await t.request(A.site.slug, `/api/v1/notifications/${n.id}/read`, {
      method: "POST",
      cookie: bob.cookie,
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ id: n.id, read: true });
    const unread = await body(
      await t.request(A.site.slug, "/api/v1/notifications?unread=true", { cookie: bob.cookie }),
    );
    expect(unread.items.map((i: { id: string }) => i.id)).not.toContain(n.id);
  });

  it("someone else's notification, or another site's, is 404 and stays unread", async () => {
    const alices = await notify(A.site.accountId, alice.user.id, { title: "for alice" });
    const bOwner = await notify(B.site.accountId, B.owner.id, { title: "for B's owner" });
    await expectError(
      await t.request(A.site.slug, `/api/v1/notifications/${alices.id}/read`, { method: "POST", cookie: bob.cookie }),
      404,
      "not_found",
    );
    // A's owner manages A, yet a notification of B is not found from A's host.
    await expectError(
      await t.request(A.site.slug, `/api/v1/notifications/${bOwner.id}/read`, {
        method: "POST",
        cookie: A.ownerCookie,
      }),
      404,
      "not_found",
    );
    await expectError(
      await t.request(A.site.slug, "/api/v1/notifications/not-a-uuid/read", { method: "POST", cookie: bob.cookie }),
      422,
      "validation_failed",
    );
    expect((await rowOf(alices.id)).read).toBe(false);
    expect((await rowOf(bOwner.id)).read).toBe(false);
    await expect(
      notifications.markRead(t.database.db, B.site.accountId, alice.user.id, bOwner.id),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("all, or all chat ones (the chat dropdown), touching only mine", async () => {
    const site = await siteWithOwner(t, "ntf-all");
    const me = await memberOf(t, site.site, "student", "reader");
    const other = await memberOf(t, site.site, "student", "bystander");
    await notify(site.site.accountId, me.user.id, { type: "chat" });
    await notify(site.site.accountId, me.user.id, { type: "chat" });
    await notify(site.site.accountId, me.user.id, { type: "other" });
    const others = await notify(site.site.accountId, other.user.id, { type: "chat" });

    const chat = await t.request(site.site.slug, "/api/v1/notifications/read-all", {
      cookie: me.cookie,
      json: { type: "chat" },
    });
    expect(await body(chat)).toEqual({ updated: 2 });
    const left = await body(
      await t.request(site.site.slug, "/api/v1/notifications?unread=true", { cookie: me.cookie }),
    );
    expect(left.items.map((n: { type: string }) => n.type)).toEqual(["other"]);

    const all = await t.request(site.site.slug, "/api/v1/notifications/read-all", {
      method: "POST",
      cookie: me.cookie,
    });
    expect(await body(all)).toEqual({ updated: 1 });
    expect((await body(await t.request(site.site.slug, "/api/v1/notifications", { cookie: me.cookie }))).unread).toBe(
      0,
    );
    expect((await rowOf(others.id)).read).toBe(false);
    const stillUnread = await withPlatform(t.database.db, (tx) =>
      tx.$count(table, and(eq(table.accountId, site.site.accountId), eq(table.read, false))),
    );
    expect(stillUnread).toBe(1);
    await expectError(
      await t.request(site.site.slug, "/api/v1/notifications/read-all", { cookie: me.cookie, json: { type: "sms" } }),
      422,
      "validation_failed",
    );
  });
});
