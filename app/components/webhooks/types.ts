// The shapes the webhooks section of /dashboard/app receives from its loader (mirrors of the
// server's views; app/ does not import the server).
export type WebhookDelivery = {
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

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secretHint: string;
  disabledForFailuresAt: string | null;
  lastDelivery: Pick<WebhookDelivery, "statusCode" | "delivered" | "error" | "createdAt" | "eventType"> | null;
  createdAt: string;
};
