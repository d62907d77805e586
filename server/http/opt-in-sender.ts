// The site a double opt-in confirmation e-mail comes from: its address as this request reached it,
// its name and language, and the installation's secret that signs the confirmation link.
import type { Context } from "hono";
import type { OptInSender } from "../modules/audience";
import type { AppEnv } from "./env";

export function optInSender(c: Context<AppEnv>): OptInSender {
  const site = c.get("site");
  const { cfg } = c.get("platform");
  const host = new URL(c.req.url).host;
  const origin = `${/^(localhost|127\.0\.0\.1)(:|$)/.test(host) || cfg.env !== "production" ? new URL(c.req.url).protocol : "https:"}//${host}`;
  return {
    origin,
    siteName: site.settings.sitetitle || site.slug,
    lang: site.settings.defaultLanguage || null,
    secret: cfg.authSecret,
  };
}
