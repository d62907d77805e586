// Provider webhooks at /api/webhooks/<provider>: verified from the raw body, handled once.
import { Hono } from "hono";
import type { AppEnv } from "../env";

export function createWebhookRoutes() {
  return new Hono<AppEnv>();
}
