// Touchpoints and the notices they switch: someone joining as a student or becoming an instructor
// is written to the outbox with the change, and welcomes them and tells the owner, each on its own
// touchpoint; an instructor's new or published course tells the owner. GET/PUT /api/v1/touchpoints
// give the §9 groups, refuse unknown names by name, are for managers only, and another site's
// account is not found.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOutbox, mailOutbox, notifications, options } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { cookieFrom, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "tp-a", { features: { lms: true } });
  B = await siteWithOwner(t, "tp-b", { features: { lms: true } });
});
afterAll(async () => {
  await t?.close();
});

const site = (s: SiteWithOwner) => s.site.accountId;
const drain = (s: SiteWithOwner = A) => events.drain(t.database.db, site(s));
const mailsTo = (to: string, kind?: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), ...(kind ? [eq(mailOutbox.kind, kind)] : []))),
  );
const bellOf = async (s: SiteWithOwner, userId: string, event: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, site(s)), eq(notifications.userId, userId))),
    )
  ).filter((n) => n.data.event === event);
const outbox = (s: SiteWithOwner, type: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.accountId, site(s)), eq(eventOutbox.type, type))),
  );
const storedTouchpoints = async (s: SiteWithOwner) => {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: options.value })
      .from(options)
      .where(and(eq(options.accountId, site(s)), eq(options.key, "touchpoints"))),
  );
  return (row?.value ?? null) as Record<string, boolean> | null;
};
const putTouchpoints = (s: SiteWithOwner, change: Record<string, boolean>, cookie = s.ownerCookie, query = "") =>
  t.request(s.site.slug, `/api/v1/touchpoints${query}`, { method: "PUT", json: { touchpoints: change }, cookie });
const signUp = async (s: SiteWithOwner, prefix: string, email = uniqueEmail(prefix)) => {
  const res = await t.request(s.site.slug, "/api/auth/sign-up/email", {
    json: { name: `Person ${prefix}`, email, password: "a-long-password-1" },
  });
  expect(res.status).toBe(200);
  const cookie = cookieFrom(res);
  const me = await body(await t.request(s.site.slug, "/api/v1/me", { cookie }));
  return { email, cookie, userId: me.user.id as string, memberId: me.member.id as string };
};

describe("a student joining", () => {
  it("is written to the outbox with the membership; welcomes the student and tells the owner", async () => {
    const person = await signUp(A, "joiner");
    const written = (await outbox(A, "student_registration")).filter((e) => e.payload.userId === person.userId);
    expect(written).toHaveLength(1);
    expect(written[0].payload).toMatchObject({ memberId: person.memberId, role: "student", via: "sign_in" });
    await drain();
    await drain();

    const welcome = await mailsTo(person.email, "student_registration");
    expect(welcome).toHaveLength(1);
    expect(welcome[0].subject).toBe(`Welcome to ${A.site.settings.sitetitle || A.site.slug}`);
    expect(welcome[0].text).toContain(`http://${A.site.slug}.atrium.test:3000/dashboard`);
    expect(await bellOf(A, person.userId, "student_registration")).toHaveLength(1);

    const notice = (await mailsTo(A.owner.email, "student_registration")).filter((m) => m.text.includes(person.email));
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe("Person joiner joined as a student");
    expect(notice[0].text).toContain(`E-mail: ${person.email}`);
    expect(notice[0].text).toContain(`/dashboard/manage/user?id=${person.memberId}`);
    const ownerBell = (await bellOf(A, A.owner.id, "student_registration")).filter(
      (n) => n.data.object && (n.data.object as { link?: string }).link?.includes(person.memberId),
    );
    expect(ownerBell).toHaveLength(1);
    expect(ownerBell[0]).toMatchObject({ component: "member", data: { recipient: "owner" } });
  });

  it("sends nothing when both of its touchpoints are off; the welcome alone when the owner's is off", async () => {
    expect((await putTouchpoints(A, { student_registration: false, student_registration_owner: false })).status).toBe(
      200,
    );
    const quiet = await signUp(A, "quiet");
    await drain();
    expect(await outbox(A, "student_registration")).toEqual(
      expect.arrayContaining([expect.objectContaining({ payload: expect.objectContaining({ userId: quiet.userId }) })]),
    );
    expect(await mailsTo(quiet.email, "student_registration")).toEqual([]);
    expect(await bellOf(A, quiet.userId, "student_registration")).toEqual([]);
    expect((await mailsTo(A.owner.email, "student_registration")).filter((m) => m.text.includes(quiet.email))).toEqual(
      [],
    );

    await putTouchpoints(A, { student_registration: true });
    const half = await signUp(A, "half");
    await drain();
    expect(await mailsTo(half.email, "student_registration")).toHaveLength(1);
    expect((await mailsTo(A.owner.email, "student_registration")).filter((m) => m.text.includes(half.email))).toEqual(
      [],
    );
    await putTouchpoints(A, { student_registration_owner: true });
  });
});

describe("becoming an instructor", () => {
  it("by invitation: welcomes the new instructor and tells the owner", async () => {
    const email = uniqueEmail("teach");
    const inv = await t.request(A.site.slug, "/api/v1/invitations", {
      json: { email, role: "instructor" },
      cookie: A.ownerCookie,
    });
    expect(inv.status).toBe(201);
    // Signing up makes them a student first; accepting makes them an instructor.
    const person = await signUp(A, "teach", email);
    const [mail] = await mailsTo(email, "member_invitation");
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
    const accepted = await t.request(A.site.slug, "/api/v1/invitations/accept", {
      json: { token },
      cookie: person.cookie,
    });
    expect(accepted.status).toBe(200);
    await drain();
    const written = (await outbox(A, "instructor_registration")).filter((e) => e.payload.userId === person.userId);
    expect(written.map((e) => e.payload.via)).toEqual(["invitation"]);
    const welcome = await mailsTo(person.email, "instructor_registration");
    expect(welcome.map((m) => m.subject)).toEqual([
      `You are now an instructor on ${A.site.settings.sitetitle || A.site.slug}`,
    ]);
    expect(welcome[0].text).toContain("/dashboard/instructor");
    expect(
      (await mailsTo(A.owner.email, "instructor_registration")).filter((m) => m.text.includes(person.email)),
    ).toHaveLength(1);
  });

  it("by the owner's role change: the welcome goes; the owner is not told of their own act; off sends none", async () => {
    const student = await memberOf(t, A.site, "student", "promoted");
    const promote = (memberId: string) =>
      t.request(A.site.slug, `/api/v1/members/${memberId}`, {
        method: "PATCH",
        json: { role: "instructor" },
        cookie: A.ownerCookie,
      });
    expect((await promote(student.memberId)).status).toBe(200);
    await drain();
    expect(await mailsTo(student.user.email, "instructor_registration")).toHaveLength(1);
    expect(
      (await mailsTo(A.owner.email, "instructor_registration")).filter((m) => m.text.includes(student.user.email)),
    ).toEqual([]);

    await putTouchpoints(A, { instructor_registration: false });
    const other = await memberOf(t, A.site, "student", "promoted-quiet");
    expect((await promote(other.memberId)).status).toBe(200);
    await drain();
    expect((await outbox(A, "instructor_registration")).some((e) => e.payload.userId === other.user.id)).toBe(true);
    expect(await mailsTo(other.user.email, "instructor_registration")).toEqual([]);
    expect(await bellOf(A, other.user.id, "instructor_registration")).toEqual([]);
    await putTouchpoints(A, { instructor_registration: true });
  });
});

describe("an instructor's new course", () => {
  it("tells the owner when created and when first published; not when switched off or made by the owner", async () => {
    const teacher = await memberOf(t, A.site, "instructor", "author");
    const created = await t.request(A.site.slug, "/api/v1/courses", {
      json: { title: "Ink and wash" },
      cookie: teacher.cookie,
    });
    expect(created.status).toBe(201);
    const course = await body(created);
    await t.request(A.site.slug, `/api/v1/courses/${course.id}`, {
      method: "PATCH",
      json: { status: "published" },
      cookie: teacher.cookie,
    });
    await drain();
    const toOwner = (kind: string) =>
      mailsTo(A.owner.email, kind).then((ms) => ms.filter((m) => m.text.includes(course.id)));
    expect((await toOwner("instructor_createCourse")).map((m) => m.subject)).toEqual([
      `${teacher.user.name} created the course Ink and wash`,
    ]);
    expect(await toOwner("new_course_published")).toHaveLength(1);

    await putTouchpoints(A, { instructor_createCourse: false });
    const quiet = await body(
      await t.request(A.site.slug, "/api/v1/courses", { json: { title: "Quiet course" }, cookie: teacher.cookie }),
    );
    const own = await body(
      await t.request(A.site.slug, "/api/v1/courses", { json: { title: "Owner's course" }, cookie: A.ownerCookie }),
    );
    await drain();
    for (const id of [quiet.id, own.id]) {
      expect(
        (await mailsTo(A.owner.email, "instructor_createCourse")).filter((m) => m.text.includes(id)),
        id,
      ).toEqual([]);
    }
    await putTouchpoints(A, { instructor_createCourse: true });
  });
});

describe("renewals", () => {
  it("a renewal and a subscription's end tell the member; a first payment does not; off sends none", async () => {
    const buyer = await memberOf(t, A.site, "student", "renew");
    const emit = async (type: string, payload: Record<string, unknown>) => {
      await withTenant(t.database.db, site(A), (tx) => events.emit(tx, site(A), type, payload, null));
      await drain();
    };
    const orderId = crypto.randomUUID();
    await emit("payment_success", { userId: buyer.user.id, orderId, renewal: false });
    expect(await mailsTo(buyer.user.email, "payment_success")).toEqual([]);
    await emit("payment_success", { userId: buyer.user.id, orderId, renewal: true });
    const renewed = await mailsTo(buyer.user.email, "payment_success");
    expect(renewed).toHaveLength(1);
    expect(renewed[0].text).toContain(`/dashboard/orders/${orderId}`);
    await emit("subscription_ended", { userId: buyer.user.id, orderId });
    expect(await bellOf(A, buyer.user.id, "subscription_ended")).toHaveLength(1);

    await putTouchpoints(A, { subscription_ended: false });
    await emit("subscription_ended", { userId: buyer.user.id, orderId });
    expect(await mailsTo(buyer.user.email, "subscription_ended")).toHaveLength(1);
    await putTouchpoints(A, { subscription_ended: true });
  });
});

describe("GET/PUT /api/v1/touchpoints", () => {
  it("gives the five groups with each touchpoint's state and recipients, and switches them", async () => {
    const res = await t.request(B.site.slug, "/api/v1/touchpoints", { cookie: B.ownerCookie });
    expect(res.status).toBe(200);
    const { groups } = await body(res);
    expect(groups.map((g: { id: string }) => g.id)).toEqual([
      "student_registration",
      "student_pursue",
      "student_renew",
      "instructor_registration",
      "instructor_createCourse",
    ]);
    expect(groups[0].touchpoints[0]).toEqual({
      key: "student_registration",
      label: "Welcome a new student",
      recipients: ["student"],
      on: true,
    });
    const put = await putTouchpoints(B, { quiz_reset: false });
    expect(put.status).toBe(200);
    const pursue = (await body(put)).groups.find((g: { id: string }) => g.id === "student_pursue");
    expect(pursue.touchpoints.find((tp: { key: string }) => tp.key === "quiz_reset").on).toBe(false);
    // The rest of the stored option is kept.
    expect(await storedTouchpoints(B)).toMatchObject({ quiz_reset: false, course_subscribed: true });
    await putTouchpoints(B, { quiz_reset: true });
  });

  it("refuses unknown names by name and non-boolean values; nothing changes", async () => {
    const before = await storedTouchpoints(B);
    const err = await expectError(
      await putTouchpoints(B, { quiz_reset: false, quiz_rest: false }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([expect.objectContaining({ field: "touchpoints.quiz_rest" })]);
    await expectError(
      await t.request(B.site.slug, "/api/v1/touchpoints", {
        method: "PUT",
        json: { touchpoints: { quiz_reset: "off" } },
        cookie: B.ownerCookie,
      }),
      422,
      "validation_failed",
    );
    await expectError(
      await t.request(B.site.slug, "/api/v1/touchpoints", {
        method: "PUT",
        json: { touchpoints: { quiz_reset: false }, extra: 1 },
        cookie: B.ownerCookie,
      }),
      422,
      "validation_failed",
    );
    expect(await storedTouchpoints(B)).toEqual(before);
  });

  it("is in the OpenAPI document with its schemas", async () => {
    const doc = await body(await t.request(B.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths["/touchpoints"])).toEqual(expect.arrayContaining(["get", "put"]));
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Touchpoints", "TouchpointGroup", "Touchpoint", "TouchpointsChange"]),
    );
  });

  it("is for managers: a student is forbidden, no session is a 401", async () => {
    const student = await memberOf(t, B.site, "student", "tp-student");
    await expectError(
      await t.request(B.site.slug, "/api/v1/touchpoints", { cookie: student.cookie }),
      403,
      "forbidden",
    );
    await expectError(await putTouchpoints(B, { quiz_reset: false }, student.cookie), 403, "forbidden");
    expect((await t.request(B.site.slug, "/api/v1/touchpoints")).status).toBe(401);
    expect((await storedTouchpoints(B))?.quiz_reset).not.toBe(false);
  });

  it("another site's account is not found; another site's session is none; nothing changes", async () => {
    const before = { a: await storedTouchpoints(A), b: await storedTouchpoints(B) };
    const foreign = `?account_id=${site(A)}`;
    await expectError(
      await t.request(B.site.slug, `/api/v1/touchpoints${foreign}`, { cookie: B.ownerCookie }),
      404,
      "not_found",
    );
    await expectError(await putTouchpoints(B, { quiz_reset: false }, B.ownerCookie, foreign), 404, "not_found");
    // Naming its own account is fine.
    expect(
      (await t.request(B.site.slug, `/api/v1/touchpoints?account_id=${site(B)}`, { cookie: B.ownerCookie })).status,
    ).toBe(200);
    expect((await putTouchpoints(A, { quiz_reset: false }, B.ownerCookie)).status).toBe(401);
    expect({ a: await storedTouchpoints(A), b: await storedTouchpoints(B) }).toEqual(before);
  });
});
