// Delivery: the outbox hands every event to `fanOut`, which queues one job per enabled endpoint
// subscribed to it; each job is one attempt, recorded in the log, and a failed attempt queues the
// next one after the backoff of core/webhooks.ts. The event id is the same on every attempt, so a
// receiver can drop a repeat. Delivery is at least once.
import { createHash, randomUUID } from "node:crypto";
import { and, arrayContains, eq, lt, sql } from "drizzle-orm";
import {
  DELIVERY_LOG_DAYS,
  DISABLE_AFTER_FAILURES,
  isDelivered,
  PING_EVENT,
  retryDelaySeconds,
  WEBHOOK_EVENTS,
  webhookUrlProblem,
} from "../../../core/webhooks";
import type { Db } from "../../db/client";
import { eventOutbox, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { notFound, requireUuid } from "../../errors";
import { jobs } from "../../jobs/queue";
import { accounts } from "../accounts";
import { type DomainEvent, events } from "../events";
import { accountNotifications } from "../notifications";
import { webhookConfig } from "./config";
import { deliveryView, type WebhookDeliveryView } from "./endpoints";
import { postJson } from "./http-post";
import { signatureHeader } from "./signature";

export const DELIVER = "webhooks.deliver";
const PRUNE = "webhooks.prune";
const SUBSCRIBABLE = new Set<string>(WEBHOOK_EVENTS);

type Attempt = { accountId: string; endpointId: string; eventId: string; attempt: number };
type Endpoint = typeof webhookEndpoints.$inferSelect;
type Event = { id: string; type: string; created: Date; data: Record<string, unknown> };

/** The job id of one attempt, derived from what it delivers: queueing it twice queues it once. */
export function attemptJobId(a: Attempt): string {
  const h = createHash("sha256").update(`${a.endpointId}:${a.eventId}:${a.attempt}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What is sent: `{ id, type, created, site, data }`, `created` in unix seconds. */
async function bodyOf(db: Db, accountId: string, event: Event): Promise<string> {
  const site = await accounts.byId(db, accountId);
  return JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(event.created.getTime() / 1000),
    site: { id: accountId, slug: site?.slug ?? null },
    data: event.data,
  });
}

/** Signs and posts one event to one endpoint; nothing is recorded here. */
async function send(db: Db, endpoint: Endpoint, event: Event, attempt: number) {
  const production = webhookConfig.isProduction(db);
  // The rule is checked again: a URL saved under another configuration is not called.
  if (webhookUrlProblem(endpoint.url, { production })) {
    return { statusCode: null, error: "refused: the URL is not allowed", durationMs: 0 };
  }
  const body = await bodyOf(db, endpoint.accountId, event);
  const t = Math.floor(Date.now() / 1000);
  return postJson(
    endpoint.url,
    body,
    {
      "content-type": "application/json",
      "user-agent": "Atrium-Webhooks/1",
      "atrium-signature": signatureHeader(endpoint.secret, t, body),
      "atrium-event-id": event.id,
      "atrium-event-type": event.type,
      "atrium-delivery-attempt": String(attempt),
    },
    { production },
  );
}

/** Switches an endpoint off after too many failures in a row, and tells the site's owner once. */
async function disableForFailures(db: Db, endpoint: Endpoint) {
  const [off] = await withTenant(db, endpoint.accountId, (tx) =>
    tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledForFailuresAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(webhookEndpoints.accountId, endpoint.accountId),
          eq(webhookEndpoints.id, endpoint.id),
          eq(webhookEndpoints.enabled, true),
        ),
      )
      .returning({ id: webhookEndpoints.id }),
  );
  if (!off) return;
  await accountNotifications.create(db, endpoint.accountId, {
    message: `The webhook endpoint ${endpoint.url} failed ${DISABLE_AFTER_FAILURES} deliveries in a row and was switched off. Check it under App, then switch it on again.`,
    severity: 3,
  });
}

/** One attempt of one event to one endpoint (the job's work); runs again harmlessly. */
export async function attemptDelivery(db: Db, a: Attempt): Promise<void> {
  const found = await withTenant(db, a.accountId, async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, a.accountId), eq(webhookEndpoints.id, a.endpointId)));
    // Removed or switched off meanwhile: its remaining attempts stop here.
    if (!endpoint?.enabled) return null;
    const [done] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.accountId, a.accountId),
          eq(webhookDeliveries.endpointId, a.endpointId),
          eq(webhookDeliveries.eventId, a.eventId),
          eq(webhookDeliveries.attempt, a.attempt),
        ),
      );
    if (done) return null;
    const [row] = await tx
      .select()
      .from(eventOutbox)
      .where(and(eq(eventOutbox.accountId, a.accountId), eq(eventOutbox.id, a.eventId)));
    if (!row) return null;
    return { endpoint, event: { id: row.id, type: row.type, created: row.createdAt, data: row.payload } };
  });
  if (!found) return;
  const { endpoint, event } = found;
  const result = await send(db, endpoint, event, a.attempt);
  const delivered = isDelivered(result.statusCode);
  const delay = delivered ? null : retryDelaySeconds(a.attempt);
  const wait = delay === null ? null : (webhookConfig.retryDelaySeconds(db) ?? delay);
  const recorded = await withTenant(db, a.accountId, async (tx) => {
    const [logged] = await tx
      .insert(webhookDeliveries)
      .values({
        accountId: a.accountId,
        endpointId: a.endpointId,
        eventId: a.eventId,
        eventType: event.type,
        attempt: a.attempt,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error ?? (delivered ? null : `HTTP ${result.statusCode}`),
        delivered,
        nextRetryAt: wait === null ? null : sql`now() + ${wait} * interval '1 second'`,
      })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    // Another run of this attempt recorded it first: that run carries on.
    if (!logged) return null;
    const [streak] = await tx
      .update(webhookEndpoints)
      .set({ failureStreak: delivered ? 0 : sql`${webhookEndpoints.failureStreak} + 1` })
      .where(and(eq(webhookEndpoints.accountId, a.accountId), eq(webhookEndpoints.id, a.endpointId)))
      .returning({ failureStreak: webhookEndpoints.failureStreak });
    return streak ?? null;
  });
  if (!recorded) return;
  if (!delivered && recorded.failureStreak >= DISABLE_AFTER_FAILURES) {
    await disableForFailures(db, endpoint);
    return;
  }
  if (wait !== null) {
    const next = { ...a, attempt: a.attempt + 1 };
    await jobs.send(db, DELIVER, next, { id: attemptJobId(next), startAfterSeconds: wait, retryLimit: 0 });
  }
}

/** The outbox's subscriber: one first attempt per enabled endpoint subscribed to the event. */
export async function fanOut(db: Db, event: DomainEvent): Promise<void> {
  if (!SUBSCRIBABLE.has(event.type)) return;
  const endpoints = await withTenant(db, event.accountId, (tx) =>
    tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.accountId, event.accountId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.events, [event.type]),
        ),
      ),
  );
  if (endpoints.length === 0) return;
  const items = endpoints.map((e) => {
    const data: Attempt = { accountId: event.accountId, endpointId: e.id, eventId: event.id, attempt: 1 };
    return { id: attemptJobId(data), data, retryLimit: 0 };
  });
  await jobs.sendMany(db, DELIVER, items);
}

/**
 * "Send test": a `ping` event posted now, outside the queue, and its answer. It is logged like any
 * attempt but never retried and never counts towards switching the endpoint off.
 */
export async function sendTestPing(db: Db, accountId: string, id: string): Promise<WebhookDeliveryView> {
  const endpointId = requireUuid(id, "Webhook endpoint");
  const [endpoint] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.accountId, accountId), eq(webhookEndpoints.id, endpointId))),
  );
  if (!endpoint) throw notFound("Webhook endpoint");
  const event: Event = {
    id: randomUUID(),
    type: PING_EVENT,
    created: new Date(),
    data: { endpointId, message: "A test delivery from Atrium" },
  };
  const result = await send(db, endpoint, event, 1);
  const delivered = isDelivered(result.statusCode);
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .insert(webhookDeliveries)
      .values({
        accountId,
        endpointId,
        eventId: event.id,
        eventType: PING_EVENT,
        attempt: 1,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error ?? (delivered ? null : `HTTP ${result.statusCode}`),
        delivered,
      })
      .returning(),
  );
  return deliveryView(row);
}

/** Drops log rows older than DELIVERY_LOG_DAYS, across sites; returns how many. */
export async function pruneDeliveries(db: Db): Promise<number> {
  const gone = await withPlatform(db, (tx) =>
    tx
      .delete(webhookDeliveries)
      .where(lt(webhookDeliveries.createdAt, sql`now() - ${DELIVERY_LOG_DAYS} * interval '1 day'`))
      .returning({ id: webhookDeliveries.id }),
  );
  return gone.length;
}

jobs.define(
  DELIVER,
  async (db, data) => {
    await attemptDelivery(db, {
      accountId: String(data.accountId),
      endpointId: String(data.endpointId),
      eventId: String(data.eventId),
      attempt: Number(data.attempt),
    });
  },
  // Retries are our own (each attempt is logged and scheduled by the backoff), not pg-boss's.
  { retryLimit: 0, retryDelay: 0, retryBackoff: false, concurrency: 8 },
);
jobs.define(PRUNE, async (db) => void (await pruneDeliveries(db)), { retryLimit: 0 });
jobs.schedule(PRUNE, "17 3 * * *");
events.on("*", fanOut);
