// Support tickets over HTTP: a site's owner opens a ticket and writes in its thread, platform staff
// answer and set its status; each side is told by a bell notification and an e-mail; field errors
// name the field; another site's ticket is a 404 and stays unchanged; staff endpoints refuse owners.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { eventOutbox, mailOutbox, notifications, tickets } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { events } from "../../server/modules/events";
import { type BuiltUser, buildUser } from "../../server/seed/builders";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

const STAFF_EMAIL = "staff@atrium.test";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let staff: BuiltUser;
let staffCookie: string;
let platformId: string;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "tkt-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "tkt-b");
  staff = await buildUser(t.platform.auth, { email: STAFF_EMAIL });
  // Signing in on the platform makes staff members of its site, where their bell is.
  staffCookie = await signIn(t, null, staff.email, staff.password);
  platformId = (await accounts.getPlatform(t.database.db))!.accountId;
});
afterAll(() => t?.close());

const open = (s: SiteWithOwner, json: Record<string, unknown>, cookie = s.ownerCookie) =>
  t.request(s.site.slug, "/api/v1/tickets", { json, cookie });
const valid = { category: "bug", subject: "Checkout page shows an error", message: "Buyers see a 500 since today." };

async function openTicket(s: SiteWithOwner, over: Record<string, unknown> = {}) {
  const res = await open(s, { ...valid, ...over });
  expect(res.status).toBe(201);
  return body(res);
}

const staffReply = (id: string, message: string) =>
  t.request(null, `/api/v1/staff/tickets/${id}/replies`, { json: { message }, cookie: staffCookie });
const staffStatus = (id: string, status: string) =>
  t.request(null, `/api/v1/staff/tickets/${id}`, { method: "PATCH", json: { status }, cookie: staffCookie });

/** Runs the ticket's notification handlers now, as the worker would. */
const deliver = (s: SiteWithOwner) => events.drain(t.database.db, s.site.accountId);

const mailTo = (to: string, subjectPart: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, "support_ticket"))),
  ).then((rows) => rows.filter((r) => r.subject.includes(subjectPart)));

const bellOf = (accountId: string, userId: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          eq(notifications.userId, userId),
          eq(notifications.component, "support"),
        ),
      ),
  );

describe("opening a ticket", () => {
  it("stores the ticket unresolved with its first message and tells staff by e-mail and bell", async () => {
    const ticket = await openTicket(A, { subject: "Site is slow on mobile" });
    expect(ticket).toMatchObject({
      category: "bug",
      status: "unresolved",
      subject: "Site is slow on mobile",
      accountId: A.site.accountId,
      openedBy: A.owner.id,
      site: { slug: A.site.slug },
    });
    expect(ticket.replies).toHaveLength(1);
    expect(ticket.replies[0]).toMatchObject({ body: valid.message, isStaff: false, authorId: A.owner.id });

    await deliver(A);
    const mails = await mailTo(STAFF_EMAIL, "Site is slow on mobile");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/dashboard/tickets/${ticket.id}`);
    const bell = (await bellOf(platformId, staff.id)).filter((n) => n.title.includes("Site is slow on mobile"));
    expect(bell).toHaveLength(1);
    expect(bell[0].data).toEqual({ link: `/dashboard/tickets/${ticket.id}` });

    // Handling the same event again writes nothing twice.
    await withPlatform(t.database.db, (tx) =>
      tx.update(eventOutbox).set({ processedAt: null }).where(eq(eventOutbox.accountId, A.site.accountId)),
    );
    await deliver(A);
    expect(await mailTo(STAFF_EMAIL, "Site is slow on mobile")).toHaveLength(1);
  });

  it("lists the site's tickets, newest activity first, filtered by status", async () => {
    const first = await openTicket(A, { subject: "First of the list" });
    const second = await openTicket(A, { subject: "Second of the list", category: "feature" });
    const res = await t.request(A.site.slug, "/api/v1/tickets?per_page=100", { cookie: A.ownerCookie });
    const list = await body(res);
    expect(res.status).toBe(200);
    const ids = list.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.items.every((i: { accountId: string }) => i.accountId === A.site.accountId)).toBe(true);
    const resolved = await body(
      await t.request(A.site.slug, "/api/v1/tickets?status=resolved", { cookie: A.ownerCookie }),
    );
    expect(resolved.items.map((i: { id: string }) => i.id)).not.toContain(first.id);
  });

  it("attaches files of the site's media library, and only those", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#333" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(png)], "error screen.png"));
    const up = await body(
      await t.request(A.site.slug, "/api/v1/media", { method: "POST", body: form, cookie: A.ownerCookie }),
    );
    const ticket = await openTicket(A, { attachments: [up.url] });
    expect(ticket.replies[0].attachments).toEqual([{ mediaId: up.id, url: up.url, filename: "error screen.png" }]);
    // A well-formed library URL of a file this site does not have.
    const foreign = await open(A, { ...valid, attachments: [`/media/${crypto.randomUUID()}/x.png`] });
    expect((await expectError(foreign, 422, "validation_failed")).details).toEqual([
      { field: "attachments", message: "attachments must be files of the site's media library" },
    ]);
  });

  it("names the field of each invalid input and stores nothing", async () => {
    const before = await withPlatform(t.database.db, (tx) => tx.$count(tickets));
    const fieldOf = async (json: Record<string, unknown>) => {
      const err = await expectError(await open(A, json), 422, "validation_failed");
      return (err.details as { field: string }[]).map((d) => d.field);
    };
    expect(await fieldOf({ ...valid, subject: "ab" })).toEqual(["subject"]);
    expect(await fieldOf({ ...valid, subject: "x".repeat(201) })).toEqual(["subject"]);
    expect(await fieldOf({ ...valid, message: "  " })).toEqual(["message"]);
    expect(await fieldOf({ ...valid, message: "x".repeat(10_001) })).toEqual(["message"]);
    expect(await fieldOf({ ...valid, category: "billing" })).toEqual(["category"]);
    expect(await fieldOf({ ...valid, attachments: ["https://example.org/a.png"] })).toEqual(["attachments.0"]);
    expect(await withPlatform(t.database.db, (tx) => tx.$count(tickets))).toBe(before);
  });

  it("is for the site's managers: a student is refused, a visitor must sign in", async () => {
    const student = await memberOf(t, A.site, "student");
    await expectError(await open(A, valid, student.cookie), 403, "forbidden");
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/tickets", { json: valid }));
  });
});

describe("the thread and its status", () => {
  it("staff answer: the ticket awaits the owner, who gets a bell notification and an e-mail", async () => {
    const ticket = await openTicket(A, { subject: "Cannot change my logo" });
    const res = await staffReply(ticket.id, "Clear the page cache, then upload it again.");
    expect(res.status).toBe(201);
    const answered = await body(res);
    expect(answered.status).toBe("awaited");
    expect(answered.replies.map((r: { isStaff: boolean }) => r.isStaff)).toEqual([false, true]);

    await deliver(A);
    const bell = (await bellOf(A.site.accountId, A.owner.id)).filter((n) => n.title.includes("Cannot change my logo"));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ read: false, data: { link: `/dashboard/tickets/${ticket.id}` } });
    const mails = await mailTo(A.owner.email, "Cannot change my logo");
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Clear the page cache");
    expect(mails[0].text).toContain(`${t.origin(A.site.slug)}/dashboard/tickets/${ticket.id}`);

    // The owner reads the answer and writes back: unresolved again, and staff are told.
    const thread = await body(await t.request(A.site.slug, `/api/v1/tickets/${ticket.id}`, { cookie: A.ownerCookie }));
    expect(thread.replies[1].body).toBe("Clear the page cache, then upload it again.");
    const back = await t.request(A.site.slug, `/api/v1/tickets/${ticket.id}/replies`, {
      json: { message: "Still the old logo." },
      cookie: A.ownerCookie,
    });
    expect(back.status).toBe(201);
    expect((await body(back)).status).toBe("unresolved");
    await deliver(A);
    expect((await mailTo(STAFF_EMAIL, "Cannot change my logo")).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("replied")]),
    );
  });

  it("staff set any status and the opener is told; the owner may only mark it resolved", async () => {
    const ticket = await openTicket(A, { subject: "Status changes ticket" });
    const set = await staffStatus(ticket.id, "resolved");
    expect(set.status).toBe(200);
    expect((await body(set)).status).toBe("resolved");
    await deliver(A);
    expect(await mailTo(A.owner.email, "Status changes ticket")).toHaveLength(1);
    expect((await bellOf(A.site.accountId, A.owner.id)).some((n) => n.title.includes("resolved"))).toBe(true);

    const patch = (status: string) =>
      t.request(A.site.slug, `/api/v1/tickets/${ticket.id}`, {
        method: "PATCH",
        json: { status },
        cookie: A.ownerCookie,
      });
    await expectError(await patch("awaited"), 403, "forbidden");
    await expectError(await patch("closed"), 422, "validation_failed");
    expect((await body(await staffStatus(ticket.id, "unresolved"))).status).toBe("unresolved");
    const resolved = await patch("resolved");
    expect(resolved.status).toBe(200);
    expect((await body(resolved)).status).toBe("resolved");
  });

  it("writes each staff answer and status change to the audit log staff read; the owner's own acts are not", async () => {
    const ticket = await openTicket(B, { subject: "Audited ticket" });
    expect((await staffReply(ticket.id, "Looking into it.")).status).toBe(201);
    expect((await staffStatus(ticket.id, "resolved")).status).toBe(200);
    // Setting the status it already has changes nothing and records nothing.
    expect((await staffStatus(ticket.id, "resolved")).status).toBe(200);
    const ownerReply = await t.request(B.site.slug, `/api/v1/tickets/${ticket.id}/replies`, {
      json: { message: "Thanks!" },
      cookie: B.ownerCookie,
    });
    expect(ownerReply.status).toBe(201);

    const audit = await t.request(null, `/api/v1/staff/audit?site=${B.site.accountId}&per_page=100`, {
      cookie: staffCookie,
    });
    expect(audit.status).toBe(200);
    const entries = (
      (await body(audit)).items as { action: string; actorEmail: string; details: { ticketId?: string } }[]
    )
      .filter((e) => e.details.ticketId === ticket.id)
      .reverse();
    expect(entries.map((e) => e.action)).toEqual(["ticket.reply", "ticket.status"]);
    expect(entries.every((e) => e.actorEmail === STAFF_EMAIL)).toBe(true);
    expect(entries[1].details).toMatchObject({ from: "awaited", to: "resolved" });
    const filtered = await t.request(null, `/api/v1/staff/audit?site=${B.site.accountId}&action=ticket.reply`, {
      cookie: staffCookie,
    });
    expect((await body(filtered)).items.map((e: { action: string }) => e.action)).toContain("ticket.reply");
    // The owner is told of the answer as before.
    await deliver(B);
    expect(await mailTo(B.owner.email, "Audited ticket")).not.toHaveLength(0);
  });
});

describe("another site's ticket", () => {
  it("is a 404 for every endpoint and stays unchanged", async () => {
    const ticket = await openTicket(A, { subject: "Private to site A" });
    const asB = (path: string, init: { method?: string; json?: unknown } = {}) =>
      t.request(B.site.slug, path, { ...init, cookie: B.ownerCookie });
    await expectError(await asB(`/api/v1/tickets/${ticket.id}`), 404, "not_found");
    await expectError(await asB(`/api/v1/tickets/${ticket.id}/replies`, { json: { message: "Hi" } }), 404, "not_found");
    await expectError(
      await asB(`/api/v1/tickets/${ticket.id}`, { method: "PATCH", json: { status: "resolved" } }),
      404,
      "not_found",
    );
    const list = await body(await asB("/api/v1/tickets?per_page=100"));
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(ticket.id);
    // Site A's owner signed in on site B's host reaches only site B's tickets too.
    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(tickets).where(eq(tickets.id, ticket.id)));
    expect(row.status).toBe("unresolved");
    const replies = await body(await t.request(A.site.slug, `/api/v1/tickets/${ticket.id}`, { cookie: A.ownerCookie }));
    expect(replies.replies).toHaveLength(1);
  });
});

describe("staff endpoints", () => {
  it("list every site's tickets with filters", async () => {
    const a = await openTicket(A, { subject: "Staff list from A", category: "setup" });
    const b = await openTicket(B, { subject: "Staff list from B", category: "siteDown" });
    const list = async (query: string) => {
      const res = await t.request(null, `/api/v1/staff/tickets?per_page=100${query}`, { cookie: staffCookie });
      expect(res.status).toBe(200);
      return (await body(res)).items.map((i: { id: string }) => i.id) as string[];
    };
    expect(await list("")).toEqual(expect.arrayContaining([a.id, b.id]));
    const bySite = await list(`&account_id=${B.site.accountId}`);
    expect(bySite).toContain(b.id);
    expect(bySite).not.toContain(a.id);
    const byCategory = await list("&category=siteDown");
    expect(byCategory).toContain(b.id);
    expect(byCategory).not.toContain(a.id);
    expect(await list("&status=resolved")).not.toContain(a.id);
    const one = await body(await t.request(null, `/api/v1/staff/tickets/${b.id}`, { cookie: staffCookie }));
    expect(one).toMatchObject({ id: b.id, site: { slug: B.site.slug } });
  });

  it("refuse an owner (403), on the platform and on their own site", async () => {
    const ticket = await openTicket(A);
    const ownerOnPlatform = await signIn(t, null, A.owner.email, A.owner.password);
    await expectError(await t.request(null, "/api/v1/staff/tickets", { cookie: ownerOnPlatform }), 403, "forbidden");
    await expectError(
      await t.request(A.site.slug, `/api/v1/staff/tickets/${ticket.id}/replies`, {
        json: { message: "I am staff now" },
        cookie: A.ownerCookie,
      }),
      403,
      "forbidden",
    );
    await expectError(
      await t.request(A.site.slug, `/api/v1/staff/tickets/${ticket.id}`, {
        method: "PATCH",
        json: { status: "resolved" },
        cookie: A.ownerCookie,
      }),
      403,
      "forbidden",
    );
    await expectNotAuthenticated(await t.request(null, "/api/v1/staff/tickets"));
  });

  it("an unknown or malformed ticket id is not found", async () => {
    await expectError(await staffReply(crypto.randomUUID(), "Hello"), 404, "not_found");
    expect((await t.request(null, "/api/v1/staff/tickets/not-an-id", { cookie: staffCookie })).status).toBe(422);
  });
});

describe("the screens' services", () => {
  it("on the platform an owner reaches the tickets of the sites they own, and only those", async () => {
    const mineOnA = await openTicket(A, { subject: "Seen from the platform" });
    const theirs = await openTicket(B, { subject: "Not for A's owner" });
    const ownerOnPlatform = await signIn(t, null, A.owner.email, A.owner.password);
    const run = withLoadContext(t);
    const call = async (
      use: Parameters<ReturnType<typeof withLoadContext>>[2],
      slug = "",
      cookie = ownerOnPlatform,
    ) => {
      const res = await run(slug, cookie, use);
      return { status: res.status, body: await body(res) };
    };
    expect((await call((ctx) => ctx.services.tickets.mode)).body.result).toBe("owner");
    const sites = (await call((ctx) => ctx.services.tickets.sites())).body.result;
    expect(sites.map((s: { accountId: string }) => s.accountId)).toEqual([A.site.accountId]);
    const list = (await call((ctx) => ctx.services.tickets.list({ perPage: 100 }))).body.result;
    const ids = list.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(mineOnA.id);
    expect(ids).not.toContain(theirs.id);
    expect((await call((ctx) => ctx.services.tickets.get(theirs.id))).status).toBe(404);
    const opened = await call((ctx) =>
      ctx.services.tickets.open(
        { category: "setup", subject: "From the platform", message: "Hello" },
        A.site.accountId,
      ),
    );
    expect(opened.body.result).toMatchObject({ accountId: A.site.accountId, status: "unresolved" });
    const elsewhere = await call((ctx) =>
      ctx.services.tickets.open({ category: "setup", subject: "On B's account", message: "Hello" }, B.site.accountId),
    );
    expect(elsewhere.status).toBe(404);

    expect((await call((ctx) => ctx.services.tickets.mode, "", staffCookie)).body.result).toBe("staff");
    const student = await memberOf(t, A.site, "student", "tkt-student");
    expect((await call((ctx) => ctx.services.tickets.mode, A.site.slug, student.cookie)).body.result).toBeNull();
  });
});
