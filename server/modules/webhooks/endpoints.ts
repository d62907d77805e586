// A site's webhook endpoints: created with a secret shown once, listed with their last delivery,
// changed, removed. Every query names the site, so another site's id is simply not found.
import { and, desc, eq, sql } from "drizzle-orm";
import {
  MAX_ENDPOINTS,
  type WebhookInput,
  type WebhookPatch,
  webhookInputSchema,
  webhookPatchSchema,
} from "../../../core/webhooks";
import type { Db, Tx } from "../../db/client";
import { webhookDeliveries, webhookEndpoints as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, requireUuid, validationError } from "../../errors";
import { webhookConfig } from "./config";
import { newWebhookSecret } from "./signature";

export type WebhookDeliveryView = {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  delivered: boolean;
  nextRetryAt: string | null;
  createdAt: string;
};

export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  /** The secret's first characters, so an owner can tell which one a receiver holds. */
  secretHint: string;
  /** Switched off after failing DISABLE_AFTER_FAILURES times in a row (null when not). */
  disabledForFailuresAt: string | null;
  lastDelivery: Pick<WebhookDeliveryView, "statusCode" | "delivered" | "error" | "createdAt" | "eventType"> | null;
  createdAt: string;
};

type Row = typeof table.$inferSelect;
type LastRow = typeof webhookDeliveries.$inferSelect | null;

export const deliveryView = (r: typeof webhookDeliveries.$inferSelect): WebhookDeliveryView => ({
  id: r.id,
  eventId: r.eventId,
  eventType: r.eventType,
  attempt: r.attempt,
  statusCode: r.statusCode,
  durationMs: r.durationMs,
  error: r.error,
  delivered: r.delivered,
  nextRetryAt: r.nextRetryAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const view = (r: Row, last: LastRow): WebhookEndpointView => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  secretHint: `${r.secret.slice(0, 10)}…`,
  disabledForFailuresAt: r.disabledForFailuresAt?.toISOString() ?? null,
  lastDelivery: last
    ? {
        statusCode: last.statusCode,
        delivered: last.delivered,
        error: last.error,
        createdAt: last.createdAt.toISOString(),
        eventType: last.eventType,
      }
    : null,
  createdAt: r.createdAt.toISOString(),
});

function parse(db: Db, input: unknown): WebhookInput {
  const parsed = webhookInputSchema({ production: webhookConfig.isProduction(db) }).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function parsePatch(db: Db, input: unknown): WebhookPatch {
  const parsed = webhookPatchSchema({ production: webhookConfig.isProduction(db) }).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

async function lastDelivery(tx: Tx, accountId: string, endpointId: string): Promise<LastRow> {
  const [row] = await tx
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  return row ?? null;
}

export const webhookEndpoints = {
  async list(db: Db, accountId: string): Promise<WebhookEndpointView[]> {
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx.select().from(table).where(eq(table.accountId, accountId)).orderBy(table.createdAt);
      // At most MAX_ENDPOINTS rows: one indexed look-up each, one after another on the transaction.
      const out: WebhookEndpointView[] = [];
      for (const r of rows) out.push(view(r, await lastDelivery(tx, accountId, r.id)));
      return out;
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<WebhookEndpointView> {
    const endpointId = requireUuid(id, "Webhook endpoint");
    return withTenant(db, accountId, async (tx) => {
      const [row] = await tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.id, endpointId)));
      if (!row) throw notFound("Webhook endpoint");
      return view(row, await lastDelivery(tx, accountId, row.id));
    });
  },

  /** Creates an endpoint; its secret is in the answer this once. */
  async create(db: Db, accountId: string, input: unknown): Promise<{ secret: string; endpoint: WebhookEndpointView }> {
    const data = parse(db, input);
    const secret = newWebhookSecret();
    const row = await withTenant(db, accountId, async (tx) => {
      // The count and the insert race between two requests: a lock on the site's endpoints orders them.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${accountId}`}, 0))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.accountId, accountId));
      if (n >= MAX_ENDPOINTS) {
        throw new AppError("conflict", `A site can have at most ${MAX_ENDPOINTS} webhook endpoints`, [
          { field: "url", message: `A site can have at most ${MAX_ENDPOINTS} webhook endpoints` },
        ]);
      }
      const [created] = await tx
        .insert(table)
        .values({ accountId, ...data, secret })
        .returning();
      return created;
    });
    return { secret, endpoint: view(row, null) };
  },

  /** Changes what is given; switching an endpoint on again starts its failure count afresh. */
  async update(db: Db, accountId: string, id: string, input: unknown): Promise<WebhookEndpointView> {
    const endpointId = requireUuid(id, "Webhook endpoint");
    const data = parsePatch(db, input);
    return withTenant(db, accountId, async (tx) => {
      const [row] = await tx
        .update(table)
        .set({
          ...data,
          ...(data.enabled ? { failureStreak: 0, disabledForFailuresAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(table.accountId, accountId), eq(table.id, endpointId)))
        .returning();
      if (!row) throw notFound("Webhook endpoint");
      return view(row, await lastDelivery(tx, accountId, row.id));
    });
  },

  /** A new secret, in the answer this once; the old one stops signing at once. */
  async rotateSecret(db: Db, accountId: string, id: string): Promise<{ secret: string }> {
    const endpointId = requireUuid(id, "Webhook endpoint");
    const secret = newWebhookSecret();
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ secret, updatedAt: sql`now()` })
        .where(and(eq(table.accountId, accountId), eq(table.id, endpointId)))
        .returning({ id: table.id }),
    );
    if (!row) throw notFound("Webhook endpoint");
    return { secret };
  },

  /** Removes an endpoint with its delivery log; queued attempts then find nothing and stop. */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const endpointId = requireUuid(id, "Webhook endpoint");
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .delete(table)
        .where(and(eq(table.accountId, accountId), eq(table.id, endpointId)))
        .returning({ id: table.id }),
    );
    if (!row) throw notFound("Webhook endpoint");
  },

  /** One endpoint's attempts, newest first (the log keeps DELIVERY_LOG_DAYS). */
  async deliveries(
    db: Db,
    accountId: string,
    id: string,
    page = { page: 1, perPage: 50 },
  ): Promise<{ items: WebhookDeliveryView[]; total: number }> {
    const endpointId = requireUuid(id, "Webhook endpoint");
    return withTenant(db, accountId, async (tx) => {
      const [endpoint] = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.id, endpointId)));
      if (!endpoint) throw notFound("Webhook endpoint");
      const where = and(eq(webhookDeliveries.accountId, accountId), eq(webhookDeliveries.endpointId, endpointId));
      const rows = await tx
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.attempt))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where);
      return { items: rows.map(deliveryView), total: n };
    });
  },
};
