// Messages (spec §2 /dashboard/messages): a direct chat per pair, live delivery to the members'
// sockets (across web processes on PostgreSQL), unread counts and read marks, one chat notification
// per chat, muting, attachments from the media library, the plan's chats limit, blocks, removal, the
// people a member may start a chat with, and chats of others or of another site not found.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import type { SiteAccount } from "../../server/modules/accounts/types";
import { chatMembers, media, usageMeters } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { chatService, syncGroupChat } from "../../server/modules/chats";
import { periodOf } from "../../server/modules/usage";
import { buildMember, buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid, uniqueEmail } from "./helpers";
import { connect, type RealtimeClient } from "./realtime-client";

const run = promisify(execFile);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
const open: RealtimeClient[] = [];

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "chat-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "chat-b", { plan: PLAN_IDS.professional });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await t?.close();
});

const api = (s: SiteWithOwner, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie, ...init });

async function pair(prefix: string) {
  const x = await memberOf(t, A.site, "student", `${prefix}-x`);
  const y = await memberOf(t, A.site, "student", `${prefix}-y`);
  const res = await api(A, x.cookie, "/chats", { json: { member_ids: [y.user.id] } });
  expect(res.status).toBe(201);
  const chat = await body(res);
  return { x, y, chat };
}

/** A member with a chosen name, signed in. */
async function named(site: SiteAccount, name: string, role: "student" | "admin" = "student") {
  const user = await buildUser(t.platform.auth, { email: uniqueEmail("named"), name });
  await buildMember(t.database.db, site, user, role);
  return { user, cookie: await signIn(t, site.slug, user.email, user.password) };
}

/** A file of the site's media library, uploaded by this user. */
async function libraryFile(site: SiteAccount, uploadedBy: string, filename = "kiln.png") {
  const [row] = await withTenant(t.database.db, site.accountId, (tx) =>
    tx
      .insert(media)
      .values({
        accountId: site.accountId,
        storageKey: `media/${uid()}/original.png`,
        filename,
        mime: "image/png",
        size: 100,
        uploadedBy,
      })
      .returning({ id: media.id }),
  );
  return row.id;
}

describe("direct chats", () => {
  it("one chat per pair, whoever opens it; unread counts and read marks; one notification per chat", async () => {
    const { x, y, chat } = await pair("pair");
    const again = await api(A, y.cookie, "/chats", { json: { member_ids: [x.user.id] } });
    expect(again.status).toBe(200);
    expect((await body(again)).id).toBe(chat.id);
    // Opened at the same moment by both: still one chat.
    const [p, q] = await Promise.all([
      chatService.open(
        t.database.db,
        A.site,
        { accountId: A.site.accountId, userId: x.user.id },
        { member_ids: [A.owner.id] },
      ),
      chatService.open(
        t.database.db,
        A.site,
        { accountId: A.site.accountId, userId: A.owner.id },
        { member_ids: [x.user.id] },
      ),
    ]);
    expect(p.chat.id).toBe(q.chat.id);

    for (const text of ["hello", "are you there?", "third"]) {
      expect((await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: text } })).status).toBe(201);
    }
    const list = await body(await api(A, y.cookie, "/chats"));
    expect(list).toMatchObject({ unread: 3, unread_chats: 1 });
    expect(list.items[0]).toMatchObject({
      id: chat.id,
      title: x.user.name,
      unread: 3,
      last_message: { body: "third" },
    });
    expect((await body(await api(A, x.cookie, "/chats"))).unread).toBe(0);
    // One unread chat notification for the three messages, with the chat and the sender.
    const bell = await body(await api(A, y.cookie, "/notifications?type=chat&unread=true"));
    expect(bell.items).toHaveLength(1);
    expect(bell.items[0].data).toEqual({ chat_id: chat.id, user_id: x.user.id });

    const page = await body(await api(A, y.cookie, `/chats/${chat.id}/messages?limit=2`));
    expect(page.items.map((m: { body: string }) => m.body)).toEqual(["are you there?", "third"]);
    const older = await body(await api(A, y.cookie, `/chats/${chat.id}/messages?limit=2&before=${page.next_before}`));
    expect(older).toMatchObject({ items: [{ body: "hello" }], next_before: null });

    expect(await body(await api(A, y.cookie, `/chats/${chat.id}/read`, { method: "POST" }))).toEqual({ unread: 0 });
    expect((await body(await api(A, y.cookie, "/chats"))).items[0].unread).toBe(0);
    expect((await body(await api(A, y.cookie, "/notifications?type=chat&unread=true"))).items).toHaveLength(0);
  });

  it("profanity is masked before the message is stored", async () => {
    const { x, chat } = await pair("swear");
    const sent = await body(await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "what the fuck" } }));
    expect(sent.body).toBe("what the ****");
  });

  it("bad input names the field; an attachment must be a file of the site's library", async () => {
    const { x, chat } = await pair("bad");
    const empty = await expectError(
      await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: " " } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(empty)).toContain("body");
    const file = await expectError(
      await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { attachments: [crypto.randomUUID()] } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(file)).toContain("attachments");
    await expectError(await api(A, x.cookie, "/chats", { json: { member_ids: ["nobody"] } }), 422, "validation_failed");
  });
});

describe("muting and attachments", () => {
  it("a muted chat still counts unread messages but puts no chat notification in the bell", async () => {
    const { x, y, chat } = await pair("mute");
    const muted = await body(await api(A, y.cookie, `/chats/${chat.id}`, { method: "PATCH", json: { muted: true } }));
    expect(muted).toMatchObject({ id: chat.id, muted: true });
    expect((await body(await api(A, x.cookie, `/chats/${chat.id}`))).muted).toBe(false);
    await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "quiet please" } });
    expect((await body(await api(A, y.cookie, "/chats"))).items[0]).toMatchObject({
      id: chat.id,
      muted: true,
      unread: 1,
    });
    expect((await body(await api(A, y.cookie, "/notifications?type=chat&unread=true"))).items).toHaveLength(0);

    await api(A, y.cookie, `/chats/${chat.id}`, { method: "PATCH", json: { muted: false } });
    await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "loud again" } });
    expect((await body(await api(A, y.cookie, "/notifications?type=chat&unread=true"))).items).toHaveLength(1);
  });

  it("a manager attaches any library file; a student only files they uploaded", async () => {
    const student = await memberOf(t, A.site, "student", "att-x");
    const chat = await body(await api(A, A.ownerCookie, "/chats", { json: { member_ids: [student.user.id] } }));
    const kiln = await libraryFile(A.site, A.owner.id);
    const sent = await body(
      await api(A, A.ownerCookie, `/chats/${chat.id}/messages`, { json: { body: "", attachments: [kiln] } }),
    );
    expect(sent.attachments).toMatchObject([{ id: kiln, filename: "kiln.png", mime: "image/png" }]);
    const seen = await body(await api(A, student.cookie, `/chats/${chat.id}/messages`));
    expect(seen.items.at(-1).attachments[0].url).toMatch(new RegExp(`^/media/${kiln}/`));

    const refused = await expectError(
      await api(A, student.cookie, `/chats/${chat.id}/messages`, { json: { attachments: [kiln] } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(refused)).toContain("attachments");
    const own = await libraryFile(A.site, student.user.id, "glaze.png");
    expect((await api(A, student.cookie, `/chats/${chat.id}/messages`, { json: { attachments: [own] } })).status).toBe(
      201,
    );
    // Another site's file is not this site's library, even for its owner.
    const elsewhere = await libraryFile(B.site, B.owner.id);
    await expectError(
      await api(A, A.ownerCookie, `/chats/${chat.id}/messages`, { json: { attachments: [elsewhere] } }),
      422,
      "validation_failed",
    );
  });
});

describe("people to start a chat with", () => {
  it("finds this site's members by name, paged, without the member, blocked people or e-mails", async () => {
    const tag = uid();
    const me = await named(A.site, `Mira ${tag}`);
    const nora = await named(A.site, `Nora ${tag}`);
    const olaf = await named(A.site, `Olaf ${tag}`);
    const blocker = await named(A.site, `Bruno ${tag}`);
    const blocked = await named(A.site, `Cleo ${tag}`);
    await named(B.site, `Nadia ${tag}`);
    await api(A, blocker.cookie, `/chat-blocks/${me.user.id}`, { method: "PUT" });
    await api(A, me.cookie, `/chat-blocks/${blocked.user.id}`, { method: "PUT" });

    const found = await body(await api(A, me.cookie, `/chat-people?q=${tag}`));
    expect(found).toEqual({
      items: [
        { user_id: nora.user.id, name: `Nora ${tag}` },
        { user_id: olaf.user.id, name: `Olaf ${tag}` },
      ],
      next_page: null,
    });
    expect(JSON.stringify(found)).not.toContain("@");
    // A student cannot find people by their e-mail address.
    expect(
      (await body(await api(A, me.cookie, `/chat-people?q=${encodeURIComponent(nora.user.email)}`))).items,
    ).toEqual([]);
    // Another site's member is not found, by name or at all.
    expect((await body(await api(A, me.cookie, `/chat-people?q=${encodeURIComponent(`Nadia ${tag}`)}`))).items).toEqual(
      [],
    );
    const everyone = await body(await api(A, me.cookie, "/chat-people?per_page=50"));
    expect(JSON.stringify(everyone)).not.toContain(`Nadia ${tag}`);

    const first = await body(await api(A, me.cookie, `/chat-people?q=${tag}&per_page=1`));
    expect(first).toEqual({ items: [{ user_id: nora.user.id, name: `Nora ${tag}` }], next_page: 2 });
    const second = await body(await api(A, me.cookie, `/chat-people?q=${tag}&per_page=1&page=2`));
    expect(second).toEqual({ items: [{ user_id: olaf.user.id, name: `Olaf ${tag}` }], next_page: null });

    // The site's owner sees e-mail addresses and finds people by them.
    const byMail = await body(await api(A, A.ownerCookie, `/chat-people?q=${encodeURIComponent(nora.user.email)}`));
    expect(byMail.items).toEqual([{ user_id: nora.user.id, name: `Nora ${tag}`, email: nora.user.email }]);
    // A wildcard in the search is a plain character.
    expect((await body(await api(A, me.cookie, "/chat-people?q=%25"))).items).toEqual([]);
    await expectError(await api(A, me.cookie, "/chat-people?per_page=500"), 422, "validation_failed");
  });
});

describe("who may see a chat", () => {
  it("a non-member, another site's member and a malformed id get 404", async () => {
    const { x, chat } = await pair("private");
    const outsider = await memberOf(t, A.site, "student", "outsider");
    await expectError(await api(A, outsider.cookie, `/chats/${chat.id}`), 404, "not_found");
    await expectError(await api(A, outsider.cookie, `/chats/${chat.id}/messages`), 404, "not_found");
    await expectError(
      await api(A, outsider.cookie, `/chats/${chat.id}/messages`, { json: { body: "let me in" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, outsider.cookie, `/chats/${chat.id}/read`, { method: "POST" }), 404, "not_found");
    // The site's owner is not in it either: managers do not read others' chats.
    await expectError(await api(A, A.ownerCookie, `/chats/${chat.id}/messages`), 404, "not_found");
    await expectError(await api(B, B.ownerCookie, `/chats/${chat.id}`), 404, "not_found");
    await expectError(
      await api(B, B.ownerCookie, `/chats/${chat.id}/messages`, { json: { body: "hi" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, x.cookie, "/chats/not-a-uuid"), 404, "not_found");
    expect((await body(await api(A, x.cookie, `/chats/${chat.id}/messages`))).items).toEqual([]);
  });
});

describe("blocks and removal", () => {
  it("a block stops messages either way in the direct chat until it is lifted", async () => {
    const { x, y, chat } = await pair("block");
    expect((await api(A, y.cookie, `/chat-blocks/${x.user.id}`, { method: "PUT" })).status).toBe(204);
    const refused = await expectError(
      await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "hi" } }),
      403,
      "forbidden",
    );
    expect(refused.details).toEqual({ reason: "blocked" });
    await expectError(await api(A, y.cookie, `/chats/${chat.id}/messages`, { json: { body: "hi" } }), 403, "forbidden");
    expect((await body(await api(A, x.cookie, `/chats/${chat.id}`))).blocked).toBe(true);
    expect((await body(await api(A, y.cookie, "/chat-blocks"))).items).toEqual([
      { user_id: x.user.id, name: x.user.name },
    ]);
    await expectError(await api(A, y.cookie, `/chat-blocks/${B.owner.id}`, { method: "PUT" }), 404, "not_found");
    expect((await api(A, y.cookie, `/chat-blocks/${x.user.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "hi" } })).status).toBe(201);
  });

  it("a manager in the chat or the author removes a message; another member cannot", async () => {
    const x = await memberOf(t, A.site, "student", "rm-x");
    const y = await memberOf(t, A.site, "student", "rm-y");
    const group = await body(
      await api(A, A.ownerCookie, "/chats", { json: { member_ids: [x.user.id, y.user.id], title: "Class" } }),
    );
    expect(group).toMatchObject({ kind: "group", title: "Class" });
    const m1 = await body(await api(A, x.cookie, `/chats/${group.id}/messages`, { json: { body: "spam" } }));
    await expectError(
      await api(A, y.cookie, `/chats/${group.id}/messages/${m1.id}`, { method: "DELETE" }),
      403,
      "forbidden",
    );
    const removed = await body(
      await api(A, A.ownerCookie, `/chats/${group.id}/messages/${m1.id}`, { method: "DELETE" }),
    );
    expect(removed).toMatchObject({ removed: true, body: null });
    const seen = await body(await api(A, y.cookie, `/chats/${group.id}/messages`));
    expect(seen.items).toMatchObject([{ id: m1.id, removed: true, body: null }]);
  });
});

describe("plan limit", () => {
  it("new chats count on this month's chats meter; beyond the plan's limit 403 plan_limit", async () => {
    const site = await siteWithOwner(t, "chat-limit", { plan: PLAN_IDS.lifetime });
    const x = await memberOf(t, site.site, "student", "lim-x");
    const y = await memberOf(t, site.site, "student", "lim-y");
    await withTenant(t.database.db, site.site.accountId, (tx) =>
      tx.insert(usageMeters).values({ accountId: site.site.accountId, meter: "chats", period: periodOf(), value: 49 }),
    );
    expect((await api(site, x.cookie, "/chats", { json: { member_ids: [y.user.id] } })).status).toBe(201);
    // Re-opening the same pair's chat is not a new chat.
    expect((await api(site, y.cookie, "/chats", { json: { member_ids: [x.user.id] } })).status).toBe(200);
    const err = await expectError(
      await api(site, x.cookie, "/chats", { json: { member_ids: [site.owner.id] } }),
      403,
      "plan_limit",
    );
    expect(err.details).toMatchObject({ limit: "chats", value: 50 });
  });
});

describe("group chats of site groups", () => {
  it("syncGroupChat creates the group's chat once and keeps its members in step", async () => {
    const x = await memberOf(t, A.site, "student", "grp-x");
    const y = await memberOf(t, A.site, "student", "grp-y");
    const groupId = crypto.randomUUID();
    const id = await syncGroupChat(t.database.db, A.site.accountId, {
      groupId,
      title: "Potters",
      memberIds: [x.user.id, y.user.id, "stranger"],
    });
    const again = await syncGroupChat(t.database.db, A.site.accountId, {
      groupId,
      title: "Potters 2",
      memberIds: [y.user.id],
    });
    expect(again).toBe(id);
    const rows = await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx
        .select({ userId: chatMembers.userId })
        .from(chatMembers)
        .where(and(eq(chatMembers.accountId, A.site.accountId), eq(chatMembers.chatId, id))),
    );
    expect(rows.map((r) => r.userId)).toEqual([y.user.id]);
    expect(await body(await api(A, y.cookie, `/chats/${id}`))).toMatchObject({ title: "Potters 2", group_id: groupId });
    await expectError(await api(A, x.cookie, `/chats/${id}`), 404, "not_found");
  });
});

describe("live delivery", () => {
  it("a message reaches the sockets of the chat's members only", async () => {
    const { x, y, chat } = await pair("live");
    const other = await memberOf(t, A.site, "student", "live-other");
    const ys = await connect(t, A.site.slug, { cookie: y.cookie });
    const os = await connect(t, A.site.slug, { cookie: other.cookie });
    open.push(ys, os);
    const sent = await body(await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "live!" } }));
    const frame = await ys.next((f) => f.type === "chat" && f.event === "message");
    expect(frame).toMatchObject({
      chat_id: chat.id,
      message: { id: sent.id, body: "live!", author: { user_id: x.user.id } },
    });
    await new Promise<void>((resolve) => {
      os.ws.once("pong", () => resolve());
      os.ws.ping();
    });
    expect(os.frames.filter((f) => f.type === "chat")).toEqual([]);
  });

  it.skipIf(!onPostgres)("a message sent in another web process reaches this process's socket", async () => {
    const { x, y, chat } = await pair("xproc");
    const ys = await connect(t, A.site.slug, { cookie: y.cookie });
    open.push(ys);
    await run(
      process.execPath,
      ["--import", "tsx", "tests/integration/chat-publisher.ts", t.database.url!, A.site.accountId, x.user.id, chat.id],
      { timeout: 60_000 },
    );
    const frame = await ys.next((f) => f.type === "chat" && f.event === "message");
    expect(frame.message).toMatchObject({ body: "From another process", author: { user_id: x.user.id } });
  });

  it("a member's open page hears the message before the bell's notification of it", async () => {
    const { x, y, chat } = await pair("order");
    const ys = await connect(t, A.site.slug, { cookie: y.cookie });
    open.push(ys);
    expect((await api(A, x.cookie, `/chats/${chat.id}/messages`, { json: { body: "first" } })).status).toBe(201);
    await ys.next((f) => f.type === "notification");
    const kinds = ys.frames.map((f) => f.type).filter((k) => k === "chat" || k === "notification");
    expect(kinds.slice(0, 2)).toEqual(["chat", "notification"]);
  });

  it.skipIf(!onPostgres)(
    "a message in a chat of 300 members, sent in another web process, reaches this process's sockets of the chat only",
    async () => {
      const x = await memberOf(t, A.site, "student", "big-x");
      const y = await memberOf(t, A.site, "student", "big-y");
      const outsider = await memberOf(t, A.site, "student", "big-out");
      // 298 more members, written directly: their ids alone are longer than a NOTIFY payload may be.
      const tag = uid();
      const people = Array.from({ length: 298 }, (_, i) => ({
        id: crypto.randomUUID(),
        name: `Crowd ${i}`,
        email: `crowd-${tag}-${i}@example.org`,
        slug: `crowd-${tag}-${i}`,
      }));
      const list = sql`jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as p(id text, name text, email text, slug text)`;
      await withPlatform(t.database.db, async (tx) => {
        await tx.execute(
          sql`insert into users (id, name, email, email_verified) select p.id, p.name, p.email, true from ${list}`,
        );
        await tx.execute(sql`insert into members (account_id, user_id, name, email, slug, role_id)
          select ${A.site.accountId}::uuid, p.id, p.name, p.email, p.slug,
                 (select role_id from roles where account_id = ${A.site.accountId}::uuid and name = 'student')
          from ${list}`);
      });
      const chatId = await syncGroupChat(t.database.db, A.site.accountId, {
        groupId: crypto.randomUUID(),
        title: "Everyone",
        memberIds: [x.user.id, y.user.id, ...people.map((p) => p.id)],
      });
      const ys = await connect(t, A.site.slug, { cookie: y.cookie });
      const os = await connect(t, A.site.slug, { cookie: outsider.cookie });
      open.push(ys, os);
      await run(
        process.execPath,
        [
          "--import",
          "tsx",
          "tests/integration/chat-publisher.ts",
          t.database.url!,
          A.site.accountId,
          x.user.id,
          chatId,
        ],
        { timeout: 60_000 },
      );
      const frame = await ys.next((f) => f.type === "chat" && f.event === "message");
      expect(frame).toMatchObject({
        chat_id: chatId,
        message: { body: "From another process", author: { user_id: x.user.id } },
      });
      await new Promise<void>((resolve) => {
        os.ws.once("pong", () => resolve());
        os.ws.ping();
      });
      expect(os.frames.filter((f) => f.type === "chat")).toEqual([]);
    },
  );
});
