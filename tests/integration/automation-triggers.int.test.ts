// The automation triggers each reach the event outbox exactly once per real change: a repeated
// cause adds nothing, and two identical requests at once (on PostgreSQL) add one event. Also the
// scheduled sale price: charged inside its window at checkout only, and announced once per window.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventOutbox, products } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { addTags } from "../../server/modules/audience";
import { recordClick, recordOpen } from "../../server/modules/campaign-delivery/tracking";
import { announceSales } from "../../server/modules/commerce";
import { releaseDrippedItems } from "../../server/modules/enrolment";
import { posts } from "../../server/modules/posts";
import { buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid, uniqueEmail } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let student: Awaited<ReturnType<typeof memberOf>>;
let course: { id: string };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 86400000;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "trg-a");
  B = await siteWithOwner(t, "trg-b");
  student = await memberOf(t, A.site, "student", "trg-student");
  course = (await buildCourse(t.database.db, A.site, A.owner, { title: `Wish ${uid()}`, status: "published" })).course;
});
afterAll(async () => {
  await t?.close();
});

/** The payloads of one site's events of a type, oldest first, optionally those matching `where`. */
async function emitted(type: string, accountId = A.site.accountId, match: Record<string, unknown> = {}) {
  const rows = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ payload: eventOutbox.payload })
      .from(eventOutbox)
      .where(and(eq(eventOutbox.accountId, accountId), eq(eventOutbox.type, type)))
      .orderBy(eventOutbox.createdAt),
  );
  return rows.map((r) => r.payload).filter((p) => Object.entries(match).every(([k, v]) => p[k] === v));
}

const api = (cookie: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(A.site.slug, `/api/v1${path}`, { cookie, ...init });

describe("course_wishlisted and the wishlist", () => {
  it("saves a course once, announces it once, lists and removes it", async () => {
    const put = await api(student.cookie, `/me/wishlist/${course.id}`, { method: "PUT" });
    expect(await body(put)).toMatchObject({ saved: true, changed: true });
    const again = await api(student.cookie, `/me/wishlist/${course.id}`, { method: "PUT" });
    expect(await body(again)).toMatchObject({ saved: true, changed: false });
    const list = await body<{ courses: { courseId: string }[] }>(await api(student.cookie, "/me/wishlist"));
    expect(list.courses.map((c) => c.courseId)).toEqual([course.id]);
    const events = await emitted("course_wishlisted", A.site.accountId, { courseId: course.id });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: student.user.id, email: student.user.email });
    const del = await api(student.cookie, `/me/wishlist/${course.id}`, { method: "DELETE" });
    expect(await body(del)).toMatchObject({ saved: false, changed: true });
    expect((await body<{ courses: unknown[] }>(await api(student.cookie, "/me/wishlist"))).courses).toEqual([]);
  });

  it("answers 404 for another site's course and for a draft, saving nothing", async () => {
    const other = await buildCourse(t.database.db, B.site, B.owner, { title: `B ${uid()}`, status: "published" });
    const draft = await buildCourse(t.database.db, A.site, A.owner, { title: `Draft ${uid()}`, status: "draft" });
    for (const id of [other.course.id, draft.course.id]) {
      expect((await api(student.cookie, `/me/wishlist/${id}`, { method: "PUT" })).status).toBe(404);
    }
    expect((await api("", `/me/wishlist/${course.id}`, { method: "PUT" })).status).toBe(401);
  });

  it("announces once when two identical saves race", async () => {
    const racer = await memberOf(t, A.site, "student", "trg-racer");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api(racer.cookie, `/me/wishlist/${course.id}`, { method: "PUT" })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await emitted("course_wishlisted", A.site.accountId, { userId: racer.user.id })).toHaveLength(1);
  });
});

describe("tag_added", () => {
  const newContact = async (tags: string[] = []) => {
    const res = await api(A.ownerCookie, "/contacts", { json: { email: uniqueEmail("tagged"), tags } });
    expect(res.status).toBe(201);
    return body<{ id: string; email: string }>(res);
  };

  it("announces each tag a contact gains once: on creation, on adding, not on adding again", async () => {
    const tag = `vip-${uid()}`;
    const c = await newContact([tag]);
    expect(await emitted("tag_added", A.site.accountId, { contactId: c.id })).toEqual([
      expect.objectContaining({ tag, contactId: c.id, email: c.email }),
    ]);
    await addTags(t.database.db, A.site.accountId, c.id, [tag, "second"]);
    await addTags(t.database.db, A.site.accountId, c.id, ["second", tag]);
    const tags = (await emitted("tag_added", A.site.accountId, { contactId: c.id })).map((p) => p.tag);
    expect(tags).toEqual([tag, "second"]);
  });

  it("announces a bulk tag once per contact that did not have it", async () => {
    const tag = `bulk-${uid()}`;
    const [x, y] = [await newContact([tag]), await newContact()];
    const bulk = () => api(A.ownerCookie, "/contacts/bulk", { json: { ids: [x.id, y.id], action: "add_tag", tag } });
    expect((await bulk()).status).toBe(200);
    expect((await bulk()).status).toBe(200);
    const events = await emitted("tag_added", A.site.accountId, { tag });
    expect(events.map((p) => p.contactId).sort()).toEqual([x.id, y.id].sort());
  });

  it("names the member when the contact's address is a member's", async () => {
    const tag = `member-${uid()}`;
    const res = await api(A.ownerCookie, "/contacts", { json: { email: student.user.email, tags: [tag] } });
    expect([200, 201]).toContain(res.status);
    expect(await emitted("tag_added", A.site.accountId, { tag })).toEqual([
      expect.objectContaining({ userId: student.user.id, email: student.user.email }),
    ]);
  });

  it.runIf(onPostgres)("announces once when the same tag is added to a contact by requests at once", async () => {
    const c = await newContact();
    const tag = `race-${uid()}`;
    await Promise.all(Array.from({ length: 6 }, () => addTags(t.database.db, A.site.accountId, c.id, [tag])));
    expect(await emitted("tag_added", A.site.accountId, { tag })).toHaveLength(1);
  });
});

describe("user_registered", () => {
  it("is announced once when a person becomes a member", async () => {
    const m = await memberOf(t, A.site, "student", "trg-new");
    const events = await emitted("user_registered", A.site.accountId, { userId: m.user.id });
    expect(events).toEqual([expect.objectContaining({ userId: m.user.id, email: m.user.email })]);
    expect(await emitted("user_registered", B.site.accountId, { userId: m.user.id })).toEqual([]);
  });
});

describe("new_post_published", () => {
  it("is announced at the first publication only", async () => {
    const post = await posts.create(t.database.db, A.site.accountId, null, { title: `News ${uid()}` });
    await posts.publish(t.database.db, A.site.accountId, post.id);
    await posts.unpublish(t.database.db, A.site.accountId, post.id);
    await posts.publish(t.database.db, A.site.accountId, post.id);
    expect(await emitted("new_post_published", A.site.accountId, { postId: post.id })).toHaveLength(1);
  });
});

describe("email_opened and link_clicked", () => {
  it("are announced once per recipient however often they open and click", async () => {
    const email = uniqueEmail("reader");
    const contact = await body<{ id: string }>(await api(A.ownerCookie, "/contacts", { json: { email } }));
    const token = uid() + uid() + uid();
    const campaignId = await withTenant(t.database.db, A.site.accountId, async (tx) => {
      const [cmp] = (
        (await tx.execute(sql`insert into email_campaigns (account_id, name, subject, links)
          values (${A.site.accountId}::uuid, 'News', 'News', '["https://example.org/a"]'::jsonb)
          returning id`)) as unknown as { rows: { id: string }[] }
      ).rows;
      await tx.execute(sql`insert into email_campaign_recipients (account_id, campaign_id, contact_id, email, token)
        values (${A.site.accountId}::uuid, ${cmp.id}::uuid, ${contact.id}::uuid, ${email}, ${token})`);
      return cmp.id;
    });
    for (let i = 0; i < 2; i++) {
      expect(await recordOpen(t.database.db, A.site.accountId, token)).toBe(true);
      expect(await recordClick(t.database.db, A.site.accountId, token, 0)).toBe("https://example.org/a");
    }
    expect(await emitted("email_opened", A.site.accountId, { campaignId })).toEqual([
      expect.objectContaining({ campaignId, contactId: contact.id, email }),
    ]);
    expect(await emitted("link_clicked", A.site.accountId, { campaignId })).toEqual([
      expect.objectContaining({ campaignId, contactId: contact.id, email, link: "https://example.org/a" }),
    ]);
  });
});

describe("drip_lesson_available", () => {
  it("announces each dripped item once per enrolment when it opens, however often the job runs", async () => {
    const built = await buildCourse(t.database.db, A.site, A.owner, {
      title: `Drip ${uid()}`,
      status: "published",
      settings: { dripfeed: true, dripfeedDuration: { value: 1, parameter: 86400 } },
      curriculum: [{ unit: "Day one" }, { unit: "Day two" }, { unit: "Day three" }],
    });
    const learner = await memberOf(t, A.site, "student", "trg-drip");
    await buildEnrolment(t.database.db, A.site, built.course.id, learner.user.id, {
      startAt: new Date(Date.now() - DAY - 1000),
    });
    await releaseDrippedItems(t.database.db);
    await releaseDrippedItems(t.database.db);
    const events = await emitted("drip_lesson_available", A.site.accountId, { courseId: built.course.id });
    expect(events).toEqual([expect.objectContaining({ userId: learner.user.id, itemId: built.itemIds[1] })]);
    await releaseDrippedItems(t.database.db, new Date(Date.now() + DAY));
    const later = await emitted("drip_lesson_available", A.site.accountId, { courseId: built.course.id });
    expect(later.map((p) => p.itemId)).toEqual([built.itemIds[1], built.itemIds[2]]);
  });
});

describe("scheduled sale price", () => {
  const checkout = (cookie: string, productId: string) =>
    api(cookie, "/checkout", { json: { productIds: [productId], provider: "offline" } });
  const saleProduct = async (startsAt: Date, endsAt: Date) => {
    const p = await buildProduct(t.database.db, A.site, {
      title: `Sale ${uid()}`,
      amount: 5000,
      courseIds: [course.id],
    });
    const res = await api(A.ownerCookie, `/products/${p.id}`, {
      method: "PATCH",
      json: { sale: { price: 3500, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() } },
    });
    expect(res.status).toBe(200);
    return p;
  };
  const totalOf = async (res: Response) => (await body<{ order: { total: number } }>(res)).order.total;

  it("is charged inside its window and not outside it", async () => {
    const open = await saleProduct(new Date(Date.now() - DAY), new Date(Date.now() + DAY));
    const later = await saleProduct(new Date(Date.now() + DAY), new Date(Date.now() + 2 * DAY));
    const over = await saleProduct(new Date(Date.now() - 2 * DAY), new Date(Date.now() - DAY));
    const buyer = await memberOf(t, A.site, "student", "trg-buyer");
    expect(await totalOf(await checkout(buyer.cookie, open.id))).toBe(3500);
    expect(await totalOf(await checkout(buyer.cookie, later.id))).toBe(5000);
    expect(await totalOf(await checkout(buyer.cookie, over.id))).toBe(5000);
    const view = await body<{ onSale: boolean; charged: number }>(await api("", `/products/${open.id}`));
    expect(view).toMatchObject({ onSale: true, charged: 3500 });
  });

  it("refuses a sale price not below the price, or an end before the start, naming the field", async () => {
    const p = await buildProduct(t.database.db, A.site, { title: `Bad ${uid()}`, amount: 5000 });
    const patch = (sale: Record<string, unknown>) =>
      api(A.ownerCookie, `/products/${p.id}`, { method: "PATCH", json: { sale } });
    const now = Date.now();
    const high = await patch({
      price: 5000,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + DAY).toISOString(),
    });
    expect(high.status).toBe(422);
    expect(JSON.stringify(await body(high))).toContain("sale.price");
    const backwards = await patch({
      price: 100,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now - DAY).toISOString(),
    });
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(await body(backwards))).toContain("sale.endsAt");
  });

  it("announces course_on_sale once per window, even when the job runs twice", async () => {
    const p = await saleProduct(new Date(Date.now() - 1000), new Date(Date.now() + DAY));
    await Promise.all([announceSales(t.database.db), announceSales(t.database.db)]);
    await announceSales(t.database.db);
    expect(await emitted("course_on_sale", A.site.accountId, { productId: p.id })).toEqual([
      expect.objectContaining({ productId: p.id, courseId: course.id, salePrice: 3500 }),
    ]);
    // A new window is news again.
    const start = new Date(Date.now() - 500);
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx
        .update(products)
        .set({ saleStartsAt: start })
        .where(and(eq(products.accountId, A.site.accountId), eq(products.id, p.id))),
    );
    await announceSales(t.database.db);
    expect(await emitted("course_on_sale", A.site.accountId, { productId: p.id })).toHaveLength(2);
  });
});
