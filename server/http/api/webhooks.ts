// Provider webhooks at /api/webhooks/<provider>: verified from the raw body, handled once.
// The site is the host's (tenant middleware); a provider the site has not set up answers 404, a
// message that does not verify answers 400 and writes nothing. On the platform's own address,
// Stripe's messages are about plan payments (decision 0035).
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError, notFound } from "../../errors";
import { cardBilling } from "../../modules/billing";
import { handleProviderEvent, siteProviderSettings } from "../../modules/commerce";
import { providerFor } from "../../payments";
import type { AppEnv } from "../env";

const ONLINE = new Set(["stripe", "paypal", "razorpay"]);
const MAX_BODY = 1024 * 1024;

export function createWebhookRoutes() {
  const app = new Hono<AppEnv>();
  const limit = bodyLimit({
    maxSize: MAX_BODY,
    onError: () => {
      throw new AppError("payload_too_large", "The message is larger than 1 MB");
    },
  });
  app.post("/:provider", limit, async (c) => {
    const name = c.req.param("provider");
    const site = c.get("site");
    const db = c.get("platform").database.db;
    const provider = ONLINE.has(name) ? providerFor(name) : null;
    if (!provider) throw notFound("Payment provider");
    const settings = await siteProviderSettings(db, site.accountId, name);
    if (!provider.configured(settings)) throw notFound("Payment provider");
    const raw = await c.req.text();
    let event: Awaited<ReturnType<typeof provider.verifyWebhook>>;
    try {
      event = await provider.verifyWebhook(settings, raw, c.req.raw.headers);
    } catch (err) {
      const reason = (err as Error).message.split("\n")[0].trim();
      console.warn(`[webhooks] ${name} refused: ${reason} site=${site.slug}`);
      throw new AppError("invalid_signature", "The message signature does not verify");
    }
    if (!event.id) throw new AppError("invalid_signature", "The message has no id");
    // The platform's own address receives the payments sites make for their plans.
    if (site.isPlatform) {
      if (name === "stripe") await cardBilling.handleEvent(db, event);
    } else await handleProviderEvent(db, site.accountId, name, event);
    return c.json({ received: true });
  });
  return app;
}
