// Groups: the plan's `groups` limit holds; a private group is invisible (404) to a non-member and
// another site's group to everyone; posts and comments are stored masked; joins and reactions raced
// on PostgreSQL count once; pinned posts come first; linking a course adds its students, and later
// enrolments join through course_subscribed; unlinking keeps everyone. An invitation rings the
// invitee's bell and only they accept it; a new post rings the other members' bells once, even when
// its event is delivered twice, and not for those who turned it off.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { eventOutbox, groupMembers, groupPosts, groupReactions, notifications } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { enrolStudent } from "../../server/modules/enrolment/enrol";
import { noticePost } from "../../server/modules/groups";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let student: Awaited<ReturnType<typeof memberOf>>;
let outsider: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "groups-a", { plan: PLAN_IDS.professional, features: { groups: true } });
  B = await siteWithOwner(t, "groups-b", { plan: PLAN_IDS.professional, features: { groups: true } });
  student = await memberOf(t, A.site, "student", "grp-student");
  outsider = await memberOf(t, A.site, "student", "grp-outsider");
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function newGroup(s: SiteWithOwner, privacy = "open", cookie = s.ownerCookie) {
  const res = await api(s, "/groups", { cookie, json: { title: `Group ${uid()}`, privacy } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; title: string; myRole: string };
}

describe("groups", () => {
  it("is off without the site feature", async () => {
    const off = await siteWithOwner(t, "groups-off", { plan: PLAN_IDS.professional });
    await expectError(await api(off, "/groups"), 403, "feature_disabled");
  });

  it("holds the plan's groups limit: the fourth group on Lifetime is 403 plan_limit", async () => {
    const L = await siteWithOwner(t, "groups-life", { plan: PLAN_IDS.lifetime, features: { groups: true } });
    for (let i = 0; i < 3; i++) await newGroup(L);
    const err = await expectError(await api(L, "/groups", { json: { title: "One too many" } }), 403, "plan_limit");
    expect(err.message).toMatch(/groups/i);
    expect((await body(await api(L, "/groups"))).items).toHaveLength(3);
  });

  it("lets members create only when the owner allows it", async () => {
    await expectError(await api(A, "/groups", { cookie: student.cookie, json: { title: "Mine" } }), 403, "forbidden");
    await expectError(
      await api(A, "/groups/settings", { method: "PUT", cookie: student.cookie, json: { membersCreate: true } }),
      403,
      "forbidden",
    );
    expect((await api(A, "/groups/settings", { method: "PUT", json: { membersCreate: true } })).status).toBe(200);
    const g = await newGroup(A, "open", student.cookie);
    expect(g.myRole).toBe("admin");
    await api(A, "/groups/settings", { method: "PUT", json: { membersCreate: false } });
    await expectError(await api(A, "/groups", { json: { title: "" } }), 422, "validation_failed");
  });

  it("hides a private group from a non-member (404) until a group admin invites them", async () => {
    const g = await newGroup(A, "private");
    await expectError(await api(A, `/groups/${g.id}`, { cookie: outsider.cookie }), 404, "not_found");
    await expectError(await api(A, `/groups/${g.id}/posts`, { cookie: outsider.cookie }), 404, "not_found");
    await expectError(
      await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: outsider.cookie }),
      404,
      "not_found",
    );
    const discover = await body(await api(A, "/groups?scope=discover", { cookie: outsider.cookie }));
    expect(discover.items.map((x: { id: string }) => x.id)).not.toContain(g.id);
    expect((await api(A, `/groups/${g.id}/members/${outsider.user.id}/invite`, { method: "POST" })).status).toBe(200);
    expect((await api(A, `/groups/${g.id}`, { cookie: outsider.cookie })).status).toBe(200);
    const joined = await body(await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: outsider.cookie }));
    expect(joined.status).toBe("active");
  });

  it("answers 404 for another site's group and for ids that are not ids, and changes nothing", async () => {
    const theirs = await newGroup(B, "open");
    await expectError(await api(A, `/groups/${theirs.id}`), 404, "not_found");
    await expectError(await api(A, `/groups/${theirs.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(A, `/groups/${theirs.id}/posts`, { json: { body: "<p>hi</p>" } }), 404, "not_found");
    await expectError(await api(A, "/groups/not-a-uuid"), 404, "not_found");
    expect((await api(B, `/groups/${theirs.id}`)).status).toBe(200);
    expect(await countRows(t, groupPosts, eq(groupPosts.groupId, theirs.id))).toBe(0);
  });

  it("approval groups take requests that a group admin approves or declines", async () => {
    const g = await newGroup(A, "approval");
    const asked = await body(await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: student.cookie }));
    expect(asked.status).toBe("pending");
    await expectError(
      await api(A, `/groups/${g.id}/posts`, { cookie: student.cookie, json: { body: "<p>x</p>" } }),
      403,
      "forbidden",
    );
    await expectError(
      await api(A, `/groups/${g.id}/members/${student.user.id}/approve`, { method: "POST", cookie: student.cookie }),
      403,
      "forbidden",
    );
    expect((await api(A, `/groups/${g.id}/members/${student.user.id}/approve`, { method: "POST" })).status).toBe(200);
    const members = (await body(await api(A, `/groups/${g.id}/members`, { cookie: student.cookie }))).items;
    expect(members.find((m: { userId: string }) => m.userId === student.user.id)).toMatchObject({
      status: "active",
      role: "member",
    });
    await expectError(await api(A, `/groups/${g.id}/leave`, { method: "POST" }), 409, "conflict");
  });

  it("masks bad words in posts and comments, puts pinned posts first and emits group_post_created", async () => {
    const g = await newGroup(A, "open");
    await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: student.cookie });
    const res = await api(A, `/groups/${g.id}/posts`, {
      cookie: student.cookie,
      json: { body: '<p>what the fuck <a href="https://example.org/fuck">link</a><script>x()</script></p>' },
    });
    const post = await body(res);
    expect(res.status).toBe(201);
    expect(post.body).toBe('<p>what the **** <a href="https://example.org/fuck">link</a></p>');
    expect(
      await countRows(
        t,
        eventOutbox,
        and(eq(eventOutbox.type, "group_post_created"), sql`${eventOutbox.payload}->>'postId' = ${post.id}`),
      ),
    ).toBe(1);
    const c = await body(
      await api(A, `/groups/${g.id}/posts/${post.id}/comments`, { cookie: student.cookie, json: { body: "fuck off" } }),
    );
    expect(c.body).toBe("**** off");
    const second = await body(await api(A, `/groups/${g.id}/posts`, { json: { body: "<p>Later</p>" } }));
    await expectError(
      await api(A, `/groups/${g.id}/posts/${post.id}/pin`, {
        method: "PUT",
        cookie: student.cookie,
        json: { pinned: true },
      }),
      403,
      "forbidden",
    );
    expect(
      (await api(A, `/groups/${g.id}/posts/${post.id}/pin`, { method: "PUT", json: { pinned: true } })).status,
    ).toBe(200);
    const feed = await body(await api(A, `/groups/${g.id}/posts`, { cookie: student.cookie }));
    expect(feed.items.map((p: { id: string }) => p.id)).toEqual([post.id, second.id]);
    expect(feed.items[0]).toMatchObject({ pinned: true, commentCount: 1 });
  });

  it("pages the feed newest first by cursor", async () => {
    const g = await newGroup(A, "open");
    for (let i = 0; i < 22; i++) await api(A, `/groups/${g.id}/posts`, { json: { body: `<p>Post ${i}</p>` } });
    const first = await body(await api(A, `/groups/${g.id}/posts`));
    expect(first.items).toHaveLength(20);
    expect(first.items[0].body).toBe("<p>Post 21</p>");
    const next = await body(await api(A, `/groups/${g.id}/posts?cursor=${first.nextCursor}`));
    expect(next.items.map((p: { body: string }) => p.body)).toEqual(["<p>Post 1</p>", "<p>Post 0</p>"]);
    expect(next.nextCursor).toBeNull();
  });

  it("counts a reaction once per member and kind, and takes it back", async () => {
    const g = await newGroup(A, "open");
    const post = await body(await api(A, `/groups/${g.id}/posts`, { json: { body: "<p>React</p>" } }));
    const put = () => api(A, `/groups/${g.id}/posts/${post.id}/reactions/like`, { method: "PUT" });
    await Promise.all([put(), put(), put(), put()]);
    const after = await body(await put());
    expect(after.reactions.like).toBe(1);
    expect(after.myReactions).toEqual(["like"]);
    await expectError(
      await api(A, `/groups/${g.id}/posts/${post.id}/reactions/hate`, { method: "PUT" }),
      422,
      "validation_failed",
    );
    const off = await body(await api(A, `/groups/${g.id}/posts/${post.id}/reactions/like`, { method: "DELETE" }));
    expect(off.reactions.like).toBe(0);
    expect(await countRows(t, groupReactions, eq(groupReactions.postId, post.id))).toBe(0);
  });

  it.runIf(onPostgres)("adds a member once when their joins race", async () => {
    const g = await newGroup(A, "open");
    const join = () => api(A, `/groups/${g.id}/join`, { method: "POST", cookie: outsider.cookie });
    const answers = await Promise.all([join(), join(), join(), join(), join()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(
      await countRows(t, groupMembers, and(eq(groupMembers.groupId, g.id), eq(groupMembers.userId, outsider.user.id))),
    ).toBe(1);
    const listed = await body(await api(A, `/groups/${g.id}`));
    expect(listed.memberCount).toBe(2);
  });

  it("linking a course adds its students, and a later enrolment joins the group", async () => {
    const db = t.database.db;
    const { course } = await buildCourse(
      db,
      A.site,
      { id: A.owner.id },
      { title: "Linked", slug: `linked-${uid()}`, status: "published" },
    );
    await buildEnrolment(db, A.site, course.id, student.user.id);
    const g = await newGroup(A, "private");
    await expectError(
      await api(A, `/groups/${g.id}/link`, { method: "PUT", json: { courseId: crypto.randomUUID() } }),
      422,
      "validation_failed",
    );
    const linked = await body(await api(A, `/groups/${g.id}/link`, { method: "PUT", json: { courseId: course.id } }));
    expect(linked.added).toBe(1);
    expect((await api(A, `/groups/${g.id}`, { cookie: student.cookie })).status).toBe(200);
    const late = await memberOf(t, A.site, "student", "grp-late");
    await events.transaction(db, A.site.accountId, (tx, out) =>
      enrolStudent(tx, A.site.accountId, { courseId: course.id, studentId: late.user.id, by: "system" }, out),
    );
    await events.drain(db, A.site.accountId);
    const members = (await body(await api(A, `/groups/${g.id}/members`))).items.map(
      (m: { userId: string }) => m.userId,
    );
    expect(members).toEqual(expect.arrayContaining([A.owner.id, student.user.id, late.user.id]));
  });

  it("gives an active member the group's chat, kept in step with who is in the group", async () => {
    const g = await newGroup(A, "open");
    const joiner = await memberOf(t, A.site, "student", "grp-chatter");
    // Not a member yet: the group's chat is refused, and another site's group is not found.
    await expectError(
      await api(A, `/groups/${g.id}/chat`, { method: "POST", cookie: joiner.cookie }),
      403,
      "forbidden",
    );
    await expectError(await api(B, `/groups/${g.id}/chat`, { method: "POST" }), 404, "not_found");

    const opened = await api(A, `/groups/${g.id}/chat`, { method: "POST" });
    const { chatId } = await body<{ chatId: string }>(opened);
    expect(opened.status).toBe(200);
    expect((await api(A, `/chats/${chatId}`, { cookie: joiner.cookie })).status).toBe(404);

    expect((await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: joiner.cookie })).status).toBe(200);
    const again = await body<{ chatId: string }>(
      await api(A, `/groups/${g.id}/chat`, { method: "POST", cookie: joiner.cookie }),
    );
    expect(again.chatId).toBe(chatId);
    const chat = await api(A, `/chats/${chatId}`, { cookie: joiner.cookie });
    expect(chat.status).toBe(200);
    expect((await body(chat)).title).toBe(g.title);

    // Someone who left is taken out at the next opening.
    expect((await api(A, `/groups/${g.id}/leave`, { method: "POST", cookie: joiner.cookie })).status).toBe(200);
    expect((await api(A, `/groups/${g.id}/chat`, { method: "POST" })).status).toBe(200);
    expect((await api(A, `/chats/${chatId}`, { cookie: joiner.cookie })).status).toBe(404);
  });

  it("finds open groups in the site search, never private ones", async () => {
    const word = `Zebra${uid()}`;
    await api(A, "/groups", { json: { title: `${word} club`, privacy: "open" } });
    await api(A, "/groups", { json: { title: `${word} secret`, privacy: "private" } });
    const res = await body(await api(A, `/search?q=${word}&type=groups`));
    expect(res.results.map((r: { title: string }) => r.title)).toEqual([`${word} club`]);
  });
});

describe("group invitations, links and post notifications", () => {
  const bell = async (cookie: string) =>
    (await body(await api(A, "/notifications?per_page=100", { cookie }))).items as {
      component: string;
      itemId: string;
      data: { event?: string; link?: string; groupId?: string };
    }[];
  const groupNotices = async (cookie: string, groupId: string, event: string) =>
    (await bell(cookie)).filter((n) => n.component === "group" && n.data.groupId === groupId && n.data.event === event);

  it("an invitation rings the invitee's bell with a link; they accept it, and no one else can", async () => {
    const invitee = await memberOf(t, A.site, "student", "grp-invitee");
    const other = await memberOf(t, A.site, "student", "grp-other");
    const g = await newGroup(A, "private");
    const picked = await body(await api(A, `/groups/${g.id}/candidates?q=${encodeURIComponent(invitee.user.name)}`));
    expect(picked.items.map((m: { userId: string }) => m.userId)).toContain(invitee.user.id);
    expect(picked.items[0]).not.toHaveProperty("email");
    await expectError(await api(A, `/groups/${g.id}/candidates`, { cookie: other.cookie }), 404, "not_found");

    expect((await api(A, `/groups/${g.id}/members/${invitee.user.id}/invite`, { method: "POST" })).status).toBe(200);
    // Inviting again adds no second invitation.
    expect((await api(A, `/groups/${g.id}/members/${invitee.user.id}/invite`, { method: "POST" })).status).toBe(200);
    await events.drain(t.database.db, A.site.accountId);
    const notices = await groupNotices(invitee.cookie, g.id, "group_member_invited");
    expect(notices).toHaveLength(1);
    expect(notices[0].data.link).toBe(`/dashboard/groups/${g.id}`);
    const invited = await body(await api(A, "/groups?scope=invited", { cookie: invitee.cookie }));
    expect(invited.items.map((x: { id: string }) => x.id)).toEqual([g.id]);
    expect((await body(await api(A, "/groups?scope=mine", { cookie: invitee.cookie }))).items).toHaveLength(0);

    // Someone else on the site neither reads the invitation's group nor accepts it.
    await expectError(await api(A, `/groups/${g.id}`, { cookie: other.cookie }), 404, "not_found");
    await expectError(await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: other.cookie }), 404, "not_found");
    expect(await groupNotices(other.cookie, g.id, "group_member_invited")).toHaveLength(0);

    const joined = await body(await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: invitee.cookie }));
    expect(joined.status).toBe("active");
    expect((await body(await api(A, "/groups?scope=mine", { cookie: invitee.cookie }))).items[0].id).toBe(g.id);
  });

  it("a declined invitation is gone, and another site's group answers 404 to every new route", async () => {
    const invitee = await memberOf(t, A.site, "student", "grp-decliner");
    const g = await newGroup(A, "approval");
    await api(A, `/groups/${g.id}/members/${invitee.user.id}/invite`, { method: "POST" });
    expect((await api(A, `/groups/${g.id}/leave`, { method: "POST", cookie: invitee.cookie })).status).toBe(200);
    expect((await body(await api(A, "/groups?scope=invited", { cookie: invitee.cookie }))).items).toHaveLength(0);

    const theirs = await newGroup(B, "open");
    await expectError(await api(A, `/groups/${theirs.id}/link-options`), 404, "not_found");
    await expectError(await api(A, `/groups/${theirs.id}/candidates`), 404, "not_found");
    await expectError(
      await api(A, `/groups/${theirs.id}/notifications`, { method: "PUT", json: { notifyPosts: false } }),
      404,
      "not_found",
    );
    await expectError(
      await api(A, `/groups/${theirs.id}/members/${student.user.id}/invite`, { method: "POST" }),
      404,
      "not_found",
    );
  });

  it("lists the site's courses and memberships to link for group admins only, searchable and paged", async () => {
    const db = t.database.db;
    const { course } = await buildCourse(
      db,
      A.site,
      { id: A.owner.id },
      { title: `Linkable ${uid()}`, slug: `linkable-${uid()}`, status: "published" },
    );
    const g = await newGroup(A, "open");
    const options = await body(await api(A, `/groups/${g.id}/link-options`));
    expect(options.courses.map((c: { id: string }) => c.id)).toContain(course.id);
    await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: student.cookie });
    await expectError(await api(A, `/groups/${g.id}/link-options`, { cookie: student.cookie }), 403, "forbidden");

    const found = await body(await api(A, `/groups?scope=mine&q=${encodeURIComponent(g.title)}`));
    expect(found.items.map((x: { id: string }) => x.id)).toEqual([g.id]);
    const paged = await body(await api(A, "/groups?scope=mine&per_page=1&page=2"));
    expect(paged.items).toHaveLength(1);
    expect(paged.pages).toBe(paged.total);
  });

  it("tells the other members of a new post once, even when the event is delivered twice", async () => {
    const db = t.database.db;
    const quiet = await memberOf(t, A.site, "student", "grp-quiet");
    const loud = await memberOf(t, A.site, "student", "grp-loud");
    const g = await newGroup(A, "open");
    for (const m of [quiet, loud, student]) await api(A, `/groups/${g.id}/join`, { method: "POST", cookie: m.cookie });
    const muted = await body(
      await api(A, `/groups/${g.id}/notifications`, {
        method: "PUT",
        cookie: quiet.cookie,
        json: { notifyPosts: false },
      }),
    );
    expect(muted.notifyPosts).toBe(false);
    expect((await body(await api(A, `/groups/${g.id}`, { cookie: quiet.cookie }))).notifyPosts).toBe(false);
    await expectError(
      await api(A, `/groups/${g.id}/notifications`, {
        method: "PUT",
        cookie: outsider.cookie,
        json: { notifyPosts: false },
      }),
      403,
      "forbidden",
    );

    const post = await body(
      await api(A, `/groups/${g.id}/posts`, { cookie: student.cookie, json: { body: "<p>Kiln at noon</p>" } }),
    );
    await events.drain(db, A.site.accountId);
    expect(await groupNotices(loud.cookie, g.id, "group_post_created")).toHaveLength(1);
    expect(await groupNotices(A.ownerCookie, g.id, "group_post_created")).toHaveLength(1);
    expect(await groupNotices(student.cookie, g.id, "group_post_created")).toHaveLength(0);
    expect(await groupNotices(quiet.cookie, g.id, "group_post_created")).toHaveLength(0);

    // The same event handled again, as a redelivery after a crash would, notifies no one twice.
    const [row] = await withPlatform(db, (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(
          and(
            eq(eventOutbox.accountId, A.site.accountId),
            eq(eventOutbox.type, "group_post_created"),
            sql`${eventOutbox.payload}->>'postId' = ${post.id}`,
          ),
        ),
    );
    const event = { ...row, payload: row.payload as Record<string, unknown> };
    expect(await noticePost(db, event)).toEqual([]);
    await Promise.all([noticePost(db, event), noticePost(db, event)]);
    const [n] = await withPlatform(db, (tx) =>
      tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(notifications)
        .where(and(eq(notifications.accountId, A.site.accountId), eq(notifications.itemId, row.id))),
    );
    expect(n.n).toBe(2);
  });

  it("unlinking a course keeps the members it brought", async () => {
    const g = await newGroup(A, "private");
    const { course } = await buildCourse(
      t.database.db,
      A.site,
      { id: A.owner.id },
      { title: "Unlinked later", slug: `unlink-${uid()}`, status: "published" },
    );
    const learner = await memberOf(t, A.site, "student", "grp-learner");
    await buildEnrolment(t.database.db, A.site, course.id, learner.user.id);
    expect(
      (await body(await api(A, `/groups/${g.id}/link`, { method: "PUT", json: { courseId: course.id } }))).added,
    ).toBe(1);
    expect((await body(await api(A, `/groups/${g.id}`))).courseId).toBe(course.id);
    expect((await api(A, `/groups/${g.id}/link`, { method: "PUT", json: { courseId: null } })).status).toBe(200);
    expect((await body(await api(A, `/groups/${g.id}`))).courseId).toBeNull();
    expect((await body(await api(A, `/groups/${g.id}`, { cookie: learner.cookie }))).myStatus).toBe("active");
  });
});
