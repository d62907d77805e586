// Outgoing webhooks (decision 0034): an outbox event reaches a subscribed endpoint signed with its
// secret; a failed attempt is tried again under the same event id and both attempts are logged;
// "Send test" pings at once; bad input names its field; another site's endpoint is not found and
// stays as it was; only managers reach the endpoints.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { accountNotifications } from "../../server/modules/notifications";
import { sweepLostAttempts, verifySignature } from "../../server/modules/webhooks";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // One second between attempts instead of the backoff's minutes.
  t = await startTestPlatform({ JOB_RETRY_DELAY_SECONDS: "1" });
  A = await siteWithOwner(t, "hooks-a");
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function addEndpoint(s: SiteWithOwner, url: string, events: string[] = ["cart_abandoned"]) {
  const res = await api(s, "/webhooks", { json: { url, events, description: "CRM" } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { secret: string; endpoint: { id: string; url: string; secretHint: string } };
}

async function emit(accountId: string, type: string, payload: Record<string, unknown>) {
  const e = await withTenant(t.database.db, accountId, (tx) => events.emit(tx, accountId, type, payload));
  await events.drain(t.database.db, accountId);
  return e.id;
}

describe("outgoing webhooks", () => {
  it("delivers a subscribed event, signed with the endpoint's secret, and logs the attempt", async () => {
    receiver = await startWebhookReceiver();
    const { secret, endpoint } = await addEndpoint(A, receiver.url, ["cart_abandoned"]);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.secretHint).toBe(`${secret.slice(0, 10)}…`);
    // Not subscribed: nothing is sent for it.
    await emit(A.site.accountId, "membership_ended", { membershipId: "m1", userId: "u1" });
    const eventId = await emit(A.site.accountId, "cart_abandoned", { userId: "u1", items: [], total: 1200 });

    const [got] = await receiver.waitFor(1);
    expect(got.path).toBe("/hooks");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["atrium-event-id"]).toBe(eventId);
    expect(verifySignature(secret, String(got.headers["atrium-signature"]), got.body)).toBe(true);
    expect(verifySignature("whsec_someone-else", String(got.headers["atrium-signature"]), got.body)).toBe(false);
    const sent = JSON.parse(got.body);
    expect(sent).toEqual({
      id: eventId,
      type: "cart_abandoned",
      created: expect.any(Number),
      site: { id: A.site.accountId, slug: A.site.slug },
      data: { userId: "u1", items: [], total: 1200 },
    });
    expect(Math.abs(sent.created - Date.now() / 1000)).toBeLessThan(60);

    await expect.poll(async () => (await body(await api(A, `/webhooks/${endpoint.id}/deliveries`))).total).toBe(1);
    const log = await body(await api(A, `/webhooks/${endpoint.id}/deliveries`));
    expect(log.items[0]).toMatchObject({
      eventId,
      eventType: "cart_abandoned",
      attempt: 1,
      statusCode: 200,
      delivered: true,
      nextRetryAt: null,
    });
    const list = await body(await api(A, "/webhooks"));
    expect(list.items.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      events: ["cart_abandoned"],
      enabled: true,
      lastDelivery: { statusCode: 200, delivered: true },
    });
    expect(JSON.stringify(list)).not.toContain(secret);
    await api(A, `/webhooks/${endpoint.id}`, { method: "DELETE" });
  });

  it("tries again after a 500, under the same event id, and logs both attempts", async () => {
    const r = await startWebhookReceiver("/flaky");
    try {
      const { secret, endpoint } = await addEndpoint(A, r.url, ["payment_success", "cart_abandoned"]);
      r.answer(500);
      const eventId = await emit(A.site.accountId, "cart_abandoned", { userId: "u2", items: [], total: 5 });
      const [first, second] = await r.waitFor(2);
      expect(first.headers["atrium-event-id"]).toBe(eventId);
      expect(second.headers["atrium-event-id"]).toBe(eventId);
      expect(second.headers["atrium-delivery-attempt"]).toBe("2");
      expect(JSON.parse(second.body).id).toBe(eventId);
      expect(verifySignature(secret, String(second.headers["atrium-signature"]), second.body)).toBe(true);

      await expect.poll(async () => (await body(await api(A, `/webhooks/${endpoint.id}/deliveries`))).total).toBe(2);
      const log = await body(await api(A, `/webhooks/${endpoint.id}/deliveries`));
      const byAttempt = [...log.items].sort((a, b) => a.attempt - b.attempt);
      expect(byAttempt[0]).toMatchObject({ attempt: 1, statusCode: 500, delivered: false, error: "HTTP 500" });
      expect(byAttempt[0].nextRetryAt).not.toBeNull();
      expect(byAttempt[1]).toMatchObject({ attempt: 2, statusCode: 200, delivered: true, nextRetryAt: null });
      // Nothing more comes: the event was delivered.
      await new Promise((done) => setTimeout(done, 1500));
      expect(r.received).toHaveLength(2);
    } finally {
      await r.close();
    }
  });

  it("makes an overdue retry whose job was lost, once", async () => {
    const r = await startWebhookReceiver("/lost");
    try {
      // The event exists before the endpoint, so only the sweep can bring it there.
      const eventId = await emit(A.site.accountId, "cart_abandoned", { userId: "u4", items: [], total: 2 });
      const { endpoint } = await addEndpoint(A, r.url, ["cart_abandoned"]);
      await withPlatform(t.database.db, (tx) =>
        tx.insert(webhookDeliveries).values({
          accountId: A.site.accountId,
          endpointId: endpoint.id,
          eventId,
          eventType: "cart_abandoned",
          attempt: 1,
          statusCode: 502,
          durationMs: 12,
          error: "HTTP 502",
          delivered: false,
          nextRetryAt: sql`now() - interval '10 minutes'`,
        }),
      );
      expect(await sweepLostAttempts(t.database.db)).toBeGreaterThanOrEqual(1);
      const [got] = await r.waitFor(1);
      expect(got.headers["atrium-event-id"]).toBe(eventId);
      expect(got.headers["atrium-delivery-attempt"]).toBe("2");
      await expect.poll(async () => (await body(await api(A, `/webhooks/${endpoint.id}/deliveries`))).total).toBe(2);
      // Made now: the next sweep leaves it.
      await sweepLostAttempts(t.database.db);
      await new Promise((done) => setTimeout(done, 1000));
      expect(r.received).toHaveLength(1);
      await api(A, `/webhooks/${endpoint.id}`, { method: "DELETE" });
    } finally {
      await r.close();
    }
  });

  it("switches an endpoint off after failing 20 times in a row, stops retrying, and tells the owner", async () => {
    const r = await startWebhookReceiver("/down");
    try {
      const { endpoint } = await addEndpoint(A, r.url, ["cart_abandoned"]);
      await withPlatform(t.database.db, (tx) =>
        tx.update(webhookEndpoints).set({ failureStreak: 19 }).where(eq(webhookEndpoints.id, endpoint.id)),
      );
      r.answer(503, 503);
      await emit(A.site.accountId, "cart_abandoned", { userId: "u3", items: [], total: 1 });
      await r.waitFor(1);
      await expect.poll(async () => (await body(await api(A, `/webhooks/${endpoint.id}`))).enabled).toBe(false);
      const off = await body(await api(A, `/webhooks/${endpoint.id}`));
      expect(off.disabledForFailuresAt).not.toBeNull();
      const told = await accountNotifications.listUnread(t.database.db, A.site.accountId);
      expect(told.some((n) => n.message.includes(r.url))).toBe(true);
      await new Promise((done) => setTimeout(done, 1500));
      expect(r.received).toHaveLength(1);
      // Switched on again, it starts with a clean count.
      const on = await body(await api(A, `/webhooks/${endpoint.id}`, { method: "PATCH", json: { enabled: true } }));
      // What the change did not name stays as it was.
      expect(on).toMatchObject({
        enabled: true,
        disabledForFailuresAt: null,
        url: r.url,
        description: "CRM",
        events: ["cart_abandoned"],
      });
    } finally {
      await r.close();
    }
  });

  it("sends a ping at once on 'Send test' and answers with the result", async () => {
    const r = await startWebhookReceiver("/ping");
    try {
      const { secret, endpoint } = await addEndpoint(A, r.url, ["course_completed"]);
      const res = await api(A, `/webhooks/${endpoint.id}/test`, { method: "POST" });
      const result = await body(res);
      expect(res.status).toBe(200);
      expect(result).toMatchObject({ eventType: "ping", statusCode: 200, delivered: true, attempt: 1 });
      expect(r.received).toHaveLength(1);
      const ping = JSON.parse(r.received[0].body);
      expect(ping).toMatchObject({ id: result.eventId, type: "ping", data: { endpointId: endpoint.id } });
      expect(verifySignature(secret, String(r.received[0].headers["atrium-signature"]), r.received[0].body)).toBe(true);

      // A receiver that is down: the answer says so, and the log keeps it.
      await r.close();
      const down = await body(await api(A, `/webhooks/${endpoint.id}/test`, { method: "POST" }));
      expect(down).toMatchObject({ delivered: false, statusCode: null });
      expect(down.error).toBeTruthy();
    } finally {
      await r.close().catch(() => {});
    }
  });

  it("refuses a bad URL, an unknown event or no event, naming the field, and stores nothing", async () => {
    const s = await siteWithOwner(t, "hooks-bad");
    const cases: [unknown, string][] = [
      [{ url: "not a url", events: ["payment_success"] }, "url"],
      [{ url: "http://hooks.example.com/in", events: ["payment_success"] }, "url"],
      [{ url: "ftp://hooks.example.com/in", events: ["payment_success"] }, "url"],
      [{ url: "https://hooks.example.com/in", events: ["payment_success", "no_such_event"] }, "events.1"],
      [{ url: "https://hooks.example.com/in", events: [] }, "events"],
      [{ url: "https://hooks.example.com/in", events: ["payment_success"], secret: "mine" }, "secret"],
    ];
    for (const [input, field] of cases) {
      const err = await expectError(await api(s, "/webhooks", { json: input }), 422, "validation_failed");
      expect((err.details as { field: string }[])[0].field, JSON.stringify(input)).toBe(field);
    }
    expect((await body(await api(s, "/webhooks"))).items).toEqual([]);
    const { endpoint } = await addEndpoint(s, "https://hooks.example.com/in");
    const err = await expectError(
      await api(s, `/webhooks/${endpoint.id}`, { method: "PATCH", json: { url: "https://u:p@hooks.example.com/" } }),
      422,
      "validation_failed",
    );
    expect((err.details as { field: string }[])[0].field).toBe("url");
  });

  it("holds at ten endpoints a site", async () => {
    const s = await siteWithOwner(t, "hooks-max");
    for (let i = 0; i < 10; i++) await addEndpoint(s, `https://hooks.example.com/${i}`);
    await expectError(
      await api(s, "/webhooks", { json: { url: "https://hooks.example.com/11", events: ["payment_success"] } }),
      409,
      "conflict",
    );
  });

  it("answers 404 for another site's endpoint and leaves it unchanged", async () => {
    const B = await siteWithOwner(t, "hooks-b");
    const { endpoint } = await addEndpoint(A, "https://hooks.example.com/a-only");
    const id = endpoint.id;
    await expectError(await api(B, `/webhooks/${id}`), 404, "not_found");
    await expectError(
      await api(B, `/webhooks/${id}`, { method: "PATCH", json: { enabled: false, url: "https://evil.example.com" } }),
      404,
      "not_found",
    );
    await expectError(await api(B, `/webhooks/${id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(B, `/webhooks/${id}/test`, { method: "POST" }), 404, "not_found");
    await expectError(await api(B, `/webhooks/${id}/secret`, { method: "POST" }), 404, "not_found");
    await expectError(await api(B, `/webhooks/${id}/deliveries`), 404, "not_found");
    expect((await body(await api(B, "/webhooks"))).items).toEqual([]);
    const [row] = await withPlatform(t.database.db, (tx) =>
      tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    );
    expect(row).toMatchObject({ url: "https://hooks.example.com/a-only", enabled: true, accountId: A.site.accountId });
  });

  it("lets only the site's managers in", async () => {
    const { endpoint } = await addEndpoint(A, "https://hooks.example.com/managers");
    for (const role of ["student", "instructor"] as const) {
      const m = await memberOf(t, A.site, role, `hooks-${role}`);
      const as = { ...A, ownerCookie: m.cookie };
      await expectError(await api(as, "/webhooks"), 403, "forbidden");
      await expectError(
        await api(as, "/webhooks", { json: { url: "https://x.example.com", events: ["payment_success"] } }),
        403,
        "forbidden",
      );
      await expectError(await api(as, `/webhooks/${endpoint.id}/test`, { method: "POST" }), 403, "forbidden");
    }
    const admin = await memberOf(t, A.site, "admin", "hooks-admin");
    const res = await api({ ...A, ownerCookie: admin.cookie }, "/webhooks");
    expect(res.status).toBe(200);
    expect((await t.request(A.site.slug, "/api/v1/webhooks")).status).toBe(401);
  });

  it("rotates the secret: the new one signs from then on", async () => {
    const r = await startWebhookReceiver("/rotate");
    try {
      const { secret, endpoint } = await addEndpoint(A, r.url, ["payment_success"]);
      const rotated = await body(await api(A, `/webhooks/${endpoint.id}/secret`, { method: "POST" }));
      expect(rotated.secret).not.toBe(secret);
      await api(A, `/webhooks/${endpoint.id}/test`, { method: "POST" });
      const [got] = await r.waitFor(1);
      expect(verifySignature(rotated.secret, String(got.headers["atrium-signature"]), got.body)).toBe(true);
      expect(verifySignature(secret, String(got.headers["atrium-signature"]), got.body)).toBe(false);
    } finally {
      await r.close();
    }
  });
});
