// Outgoing webhooks (decision 0034): a site's endpoints, and the signed, retried delivery of the
// outbox's events to them with a log of every attempt. Registered at start-up with the URL rule of
// the installation (production or not).
import type { Db } from "../../db/client";
import { webhookConfig } from "./config";

export { attemptDelivery, DELIVER, fanOut, pruneDeliveries, sendTestPing } from "./deliver";
export { type WebhookDeliveryView, type WebhookEndpointView, webhookEndpoints } from "./endpoints";
export { postJson, type PostResult } from "./http-post";
export { newWebhookSecret, signatureHeader, verifySignature } from "./signature";
export { sweepLostAttempts } from "./sweep";

export const webhooks = {
  register(db: Db, opts: { production: boolean; retryDelaySeconds?: number }) {
    webhookConfig.register(db, opts);
  },
  isProduction: (db: Db) => webhookConfig.isProduction(db),
};
