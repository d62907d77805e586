// The spec's own endpoints (§7): each with the spec's payload and response, and every kind of bad
// input answered with a 4xx that names the problem, before anything is written.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS, SPECIAL_PLAN_ID } from "../../core/plans";
import { clientErrors, feedback, mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { platformUpdatesService } from "../../server/modules/platform-updates";
import { accountNotifications } from "../../server/modules/notifications";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import {
  body,
  countFor,
  countRows,
  expectError,
  expectNotAuthenticated,
  memberOf,
  type SiteWithOwner,
  siteWithOwner,
} from "./helpers";

let t: TestPlatform;
let S: SiteWithOwner;
let student: Awaited<ReturnType<typeof memberOf>>;
let other: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  t = await startTestPlatform();
  S = await siteWithOwner(t, "spec", { plan: PLAN_IDS.starter });
  student = await memberOf(t, S.site, "student", "pupil");
  other = await memberOf(t, S.site, "student", "classmate");
});
afterAll(async () => {
  await t?.close();
});

const post = (
  path: string,
  init: { json?: unknown; cookie?: string; body?: string; headers?: Record<string, string> } = {},
) => t.request(S.site.slug, path, { method: "POST", ...init });

/** Rows any of these endpoints could write, across every site. */
const written = async () => ({
  clientErrors: await countRows(t, clientErrors),
  feedback: await countRows(t, feedback),
  mail: await countRows(t, mailOutbox),
});

/** An endpoint, a valid payload, and one field to send with a value of the wrong type. */
type Case = { path: string; session: boolean; valid: () => Record<string, unknown>; field: string; wrong: unknown };

const id = () => S.site.accountId;
const CASES: Case[] = [
  {
    path: "/api/log",
    session: false,
    valid: () => ({ message: "boom", account_id: id() }),
    field: "message",
    wrong: 42,
  },
  {
    path: "/api/users/getUserEmailById",
    session: true,
    valid: () => ({ user_id: student.user.id, account_id: id() }),
    field: "user_id",
    wrong: 7,
  },
  {
    path: "/api/account/isSiteOwner",
    session: true,
    valid: () => ({ account_id: id(), email: S.owner.email }),
    field: "email",
    wrong: true,
  },
  {
    path: "/api/account/getUpdates",
    session: true,
    valid: () => ({ account_id: id() }),
    field: "account_id",
    wrong: 123,
  },
  {
    path: "/api/account/defaults",
    session: true,
    valid: () => ({ account_id: id(), type: "vimeo" }),
    field: "type",
    wrong: ["x"],
  },
  {
    path: "/api/verifyEmail",
    session: false,
    valid: () => ({ email: "a@example.org", account_id: id() }),
    field: "email",
    wrong: 5,
  },
  {
    path: "/api/emails/account/feedback",
    session: true,
    valid: () => ({ account_id: id(), subject: "bug", message: "hi" }),
    field: "message",
    wrong: { text: "hi" },
  },
];

const fieldsOf = (details: unknown) => (details as { field: string }[]).map((d) => d.field);

describe.each(CASES)("$path rejects bad input and writes nothing", (c) => {
  const send = (init: Parameters<typeof post>[1]) => post(c.path, { cookie: S.ownerCookie, ...init });

  it("missing fields → 422 naming each field", async () => {
    const before = await written();
    const err = await expectError(await send({ json: {} }), 422, "validation_failed");
    expect(fieldsOf(err.details)).toEqual(expect.arrayContaining(Object.keys(c.valid())));
    expect(await written()).toEqual(before);
  });

  it("wrong types → 422 naming the field; an account_id that is not a uuid too", async () => {
    const before = await written();
    const err = await expectError(await send({ json: { ...c.valid(), [c.field]: c.wrong } }), 422, "validation_failed");
    expect(fieldsOf(err.details)).toContain(c.field);
    expect(err.message).toContain(c.field);
    const bad = await expectError(
      await send({ json: { ...c.valid(), account_id: "not-a-uuid" } }),
      422,
      "validation_failed",
    );
    expect(fieldsOf(bad.details)).toEqual(["account_id"]);
    expect(await written()).toEqual(before);
  });

  it("malformed JSON → 400 invalid_json; wrong content-type → 415; a body over 1 MB → 413", async () => {
    const before = await written();
    const json = { "content-type": "application/json" };
    await expectError(await send({ body: '{"account_id": ', headers: json }), 400, "invalid_json");
    await expectError(
      await send({ body: JSON.stringify(c.valid()), headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await send({ body: JSON.stringify(c.valid()), headers: { "content-type": "application/x-www-form-urlencoded" } }),
      415,
      "unsupported_media_type",
    );
    const huge = JSON.stringify({ ...c.valid(), message: "x".repeat(1024 * 1024 + 10) });
    await expectError(await send({ body: huge, headers: json }), 413, "payload_too_large");
    expect(await written()).toEqual(before);
  });
});

describe.each(CASES.filter((c) => c.session))("$path needs a session", (c) => {
  it("without one → 401 with the spec's shape, and nothing written", async () => {
    const before = await written();
    await expectNotAuthenticated(await post(c.path, { json: c.valid() }));
    // A cookie that is no session at all is the same.
    await expectNotAuthenticated(await post(c.path, { json: c.valid(), cookie: "atrium.session_token=forged.sig" }));
    expect(await written()).toEqual(before);
  });
});

describe("happy paths and access rules", () => {
  it("/api/log records a client error for this site, with or without a session", async () => {
    const before = await countFor(t, clientErrors, id());
    const res = await post("/api/log", {
      json: { message: "TypeError: x is undefined", account_id: id(), url: "http://spec/page" },
      cookie: student.cookie,
    });
    expect(await body(res)).toEqual({ status: true });
    expect(await body(await post("/api/log", { json: { message: "anonymous", account_id: id() } }))).toEqual({
      status: true,
    });
    const rows = await withPlatform(t.database.db, (tx) =>
      tx.select().from(clientErrors).where(eq(clientErrors.accountId, id())),
    );
    expect(rows.length).toBe(before + 2);
    expect(rows.find((r) => r.message === "TypeError: x is undefined")).toMatchObject({
      userId: student.user.id,
      url: "http://spec/page",
    });
    expect(rows.find((r) => r.message === "anonymous")?.userId).toBeNull();
  });

  it("/api/verifyEmail answers status by the §5 format (DNS check is off in tests)", async () => {
    const check = async (email: string) =>
      (await body(await post("/api/verifyEmail", { json: { email, account_id: id() } }))).status;
    expect(await check("someone.else+tag@school.example.org")).toBe(true);
    expect(await check("a@b")).toBe(false);
    expect(await check("no-at-sign.example.org")).toBe(false);
  });

  it("/api/emails/account/feedback needs a ticket category, records the feedback and e-mails staff", async () => {
    const before = await written();
    const bad = await expectError(
      await post("/api/emails/account/feedback", {
        json: { account_id: id(), subject: "random", message: "hello" },
        cookie: student.cookie,
      }),
      422,
      "validation_failed",
    );
    expect(bad.message).toContain("subject");
    await expectError(
      await post("/api/emails/account/feedback", {
        json: { account_id: id(), subject: "bug", message: "   " },
        cookie: student.cookie,
      }),
      422,
      "validation_failed",
    );
    expect(await written()).toEqual(before);

    for (const subject of ["siteDown", "setup", "issue", "bug", "feature"]) {
      const ok = await post("/api/emails/account/feedback", {
        json: { account_id: id(), subject, message: `about ${subject}` },
        cookie: student.cookie,
      });
      expect(await body(ok)).toEqual({ status: true });
    }
    expect(await written()).toEqual({ ...before, feedback: before.feedback + 5, mail: before.mail + 5 });
    const mails = await withPlatform(t.database.db, (tx) =>
      tx.select().from(mailOutbox).where(eq(mailOutbox.kind, "feedback")),
    );
    expect(new Set(mails.map((m) => m.toAddress))).toEqual(new Set(["staff@atrium.test"]));
    expect(mails.find((m) => m.text.includes("about bug"))?.subject).toContain("bug");
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(feedback).where(eq(feedback.message, "about feature")),
    );
    expect(row).toMatchObject({ accountId: id(), subject: "feature", userId: student.user.id });
  });

  it("/api/account/isSiteOwner: true for the owner's own address, false when a student asks about it", async () => {
    const ask = async (cookie: string, email: string) =>
      (await body(await post("/api/account/isSiteOwner", { json: { account_id: id(), email }, cookie }))).status;
    expect(await ask(S.ownerCookie, S.owner.email)).toBe(true);
    expect(await ask(S.ownerCookie, ` ${S.owner.email.toUpperCase()} `)).toBe(true);
    expect(await ask(S.ownerCookie, student.user.email)).toBe(false);
    expect(await ask(student.cookie, S.owner.email)).toBe(false);
    expect(await ask(student.cookie, student.user.email)).toBe(false);
  });

  it("/api/users/getUserEmailById: managers and the person may read it, other students may not", async () => {
    const ask = (cookie: string, user_id: string) =>
      post("/api/users/getUserEmailById", { json: { user_id, account_id: id() }, cookie });
    expect(await body(await ask(S.ownerCookie, student.user.id))).toMatchObject({
      status: true,
      user: { email: student.user.email },
    });
    expect(await body(await ask(student.cookie, student.user.id))).toMatchObject({
      status: true,
      user: { email: student.user.email },
    });
    await expectError(await ask(other.cookie, student.user.id), 403, "forbidden");
    await expectError(await ask(S.ownerCookie, "no-such-user-id"), 404, "not_found");
    // A person who exists but is not a member of this site is unknown here.
    const outsider = await siteWithOwner(t, "outsider");
    await expectError(await ask(S.ownerCookie, outsider.owner.id), 404, "not_found");
  });

  it("/api/account/getUpdates gives managers the site's unread notifications and platform updates", async () => {
    const n = await accountNotifications.create(t.database.db, id(), { message: "Your trial ends soon", severity: 2 });
    await platformUpdatesService.publish(t.database.db, { title: "New <b>editor</b>", body: "<p>It is faster</p>" });
    const res = await post("/api/account/getUpdates", { json: { account_id: id() }, cookie: S.ownerCookie });
    expect(res.status).toBe(200);
    const b = await body(res);
    expect(b.status).toBe(true);
    expect(b.notifications).toContainEqual(expect.objectContaining({ id: n.id, updates: "Your trial ends soon" }));
    // The site existed when the update was published: it arrives once, as a notification.
    const updates = b.notifications.filter((x: { updates: string }) => x.updates.includes("editor"));
    expect(updates).toHaveLength(1);
    expect(updates[0].updates).toBe("<strong>New &lt;b&gt;editor&lt;/b&gt;</strong> <p>It is faster</p>");
    // A site created afterwards finds it in the platform's list.
    const later = await siteWithOwner(t, "later");
    const res2 = await t.request(later.site.slug, "/api/account/getUpdates", {
      json: { account_id: later.site.accountId },
      cookie: later.ownerCookie,
    });
    const laterUpdates = (await body(res2)).notifications.filter((x: { updates: string }) =>
      x.updates.includes("editor"),
    );
    expect(laterUpdates).toHaveLength(1);
    await expectError(
      await post("/api/account/getUpdates", { json: { account_id: id() }, cookie: student.cookie }),
      403,
      "forbidden",
    );
  });

  it("/api/account/defaults: false off the special plan; the special plan reads the site's option named by type", async () => {
    const ask = (slug: string, cookie: string, type: string, account_id: string) =>
      t.request(slug, "/api/account/defaults", { json: { account_id, type }, cookie });
    expect(await body(await ask(S.site.slug, S.ownerCookie, "vimeo", id()))).toEqual({ status: false });
    await expectError(await ask(S.site.slug, student.cookie, "vimeo", id()), 403, "forbidden");

    const special = await siteWithOwner(t, "dedicated", { plan: SPECIAL_PLAN_ID });
    const sid = special.site.accountId;
    expect(await body(await ask(special.site.slug, special.ownerCookie, "vimeo", sid))).toEqual({ status: false });
    const value = { client_id: "abc", token: "secret-token" };
    const put = await t.request(special.site.slug, "/api/v1/options/vimeo", {
      method: "PUT",
      json: { value },
      cookie: special.ownerCookie,
    });
    expect(put.status).toBe(200);
    expect(await body(await ask(special.site.slug, special.ownerCookie, "vimeo", sid))).toEqual({
      status: true,
      credentials: value,
    });
    // The plain site does not see the special site's option.
    expect(await body(await ask(S.site.slug, S.ownerCookie, "vimeo", id()))).toEqual({ status: false });
  });
});
