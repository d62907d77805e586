// Recovery (spec §9 Commerce): the buyer paid at the provider but the server went down before the
// webhook arrived. A new instance on the same database completes the order exactly once through the
// reconcile sweep; running the sweep again, the return page, and the late webhook change nothing more.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseStudents, eventOutbox, orders, paymentEvents } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { jobs } from "../../server/jobs/queue";
import { confirmReturn, placeOrder, reconcilePayments } from "../../server/modules/commerce";
import { buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse } from "../../server/seed/course-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { countRows, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";
import { type StandIns, startStandIns } from "./provider-standins";

const SECRET = "whsec_recovery";
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);
let dataDir: string | null = null;
let first: TestPlatform | null = null;
let t: TestPlatform;
let stand: StandIns;
let A: SiteWithOwner;
let buyer: Awaited<ReturnType<typeof memberOf>>;

beforeAll(async () => {
  stand = await startStandIns();
  // PGlite keeps its data in a directory so a second instance can open it after the first stops.
  dataDir = usePostgres ? null : mkdtempSync(join(tmpdir(), "atrium-recovery-"));
  first = await startTestPlatform(dataDir ? { DATA_DIR: dataDir } : {});
  A = await siteWithOwner(first, "pay-rec");
  buyer = await memberOf(first, A.site, "student", "buyer");
  await buildPaymentSettings(first.database.db, A.site, "stripe", {
    config: { apiBase: stand.url },
    secrets: { secretKey: "sk_test_recovery", webhookSecret: SECRET },
  });
});
afterAll(async () => {
  await t?.close();
  await first?.close().catch(() => undefined);
  await stand?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const orderRow = async (orderId: string) =>
  (await withPlatform(t.database.db, (tx) => tx.select().from(orders).where(eq(orders.orderId, orderId))))[0];

describe("an order paid while the server was down", () => {
  it("is completed once by the reconcile sweep of a new instance, and the late webhook changes nothing", async () => {
    const before = first as TestPlatform;
    const { course } = await buildCourse(before.database.db, A.site, A.owner, {
      title: `Course ${uid()}`,
      status: "published",
    });
    const product = await buildProduct(before.database.db, A.site, {
      title: `Product ${uid()}`,
      amount: 3900,
      courseIds: [course.id],
    });
    const { order } = await placeOrder(before.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: before.origin(A.site.slug),
    });
    const sessionId = order.providerRef as string;
    // The buyer pays on Stripe's page; the webhook never reaches us.
    stand.stripe.pay(sessionId);

    // The restart: a new instance on the same database (PGlite: after the first one stopped).
    if (!usePostgres) {
      await before.close();
      first = null;
    }
    t = await startTestPlatform(
      usePostgres ? { DATABASE_URL: before.database.url as string } : { DATA_DIR: dataDir as string },
    );
    expect(jobs.listSchedules()).toContainEqual({ name: "payments.reconcile", cron: "*/5 * * * *" });
    expect((await orderRow(order.orderId)).status).toBe("pending");

    const swept = await reconcilePayments(t.database.db, { olderThanMs: 0 });
    expect(swept.paid).toBe(1);
    const paid = await orderRow(order.orderId);
    expect(paid.status).toBe("paid");

    const enrolments = () =>
      countRows(
        t,
        courseStudents,
        and(eq(courseStudents.courseId, course.id), eq(courseStudents.studentId, buyer.user.id)),
      );
    const successes = () =>
      countRows(
        t,
        eventOutbox,
        and(eq(eventOutbox.type, "payment_success"), sql`${eventOutbox.payload}->>'orderId' = ${order.orderId}`),
      );
    expect(await enrolments()).toBe(1);
    expect(await successes()).toBe(1);

    // Again: nothing left to do.
    expect((await reconcilePayments(t.database.db, { olderThanMs: 0 })).paid).toBe(0);
    // The buyer's return page.
    await confirmReturn(t.database.db, A.site.accountId, buyer.user.id, order.orderId);
    // The late webhook.
    const signed = stand.stripe.sign(
      {
        id: `evt_${uid()}`,
        type: "checkout.session.completed",
        data: {
          object: {
            id: sessionId,
            object: "checkout.session",
            mode: "payment",
            status: "complete",
            payment_status: "paid",
            metadata: { order_id: order.orderId },
          },
        },
      },
      SECRET,
    );
    const res = await t.request(A.site.slug, "/api/webhooks/stripe", {
      method: "POST",
      body: signed.body,
      headers: signed.headers,
    });
    expect(res.status).toBe(200);

    expect(await enrolments()).toBe(1);
    expect(await successes()).toBe(1);
    const after = await orderRow(order.orderId);
    expect(after.status).toBe("paid");
    expect(after.paidAt?.getTime()).toBe(paid.paidAt?.getTime());
    expect(await countRows(t, paymentEvents, eq(paymentEvents.orderId, order.orderId))).toBe(1);
  });

  it("leaves alone an order the buyer has not paid, and a fresh one still on the provider's page", async () => {
    const product = await buildProduct(t.database.db, A.site, { title: `Product ${uid()}`, amount: 500 });
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: buyer.user.id,
      productIds: [product.id],
      provider: "stripe",
      origin: t.origin(A.site.slug),
    });
    const asked = stand.calls(`/v1/checkout/sessions/${order.providerRef}`, "GET").length;
    await reconcilePayments(t.database.db, { olderThanMs: 0 });
    expect((await orderRow(order.orderId)).status).toBe("pending");
    expect(stand.calls(`/v1/checkout/sessions/${order.providerRef}`, "GET").length).toBe(asked + 1);

    // With the default one-minute grace, a new order is not even asked about.
    stand.stripe.pay(order.providerRef as string);
    await reconcilePayments(t.database.db);
    expect(stand.calls(`/v1/checkout/sessions/${order.providerRef}`, "GET").length).toBe(asked + 1);
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });
});
