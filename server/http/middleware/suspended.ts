// A suspended site (decision 0031) serves nothing: its pages answer 503 with the suspended page in
// the site's language, and its API refuses every request, reads included, with 403 site_suspended
// (the API would otherwise show what the pages hide). The platform's own site is never suspended, and
// the staff screens live there, so they are unaffected. The suspension travels with the site in the
// host cache; suspending or restoring drops that cache in every process.
import { getCookie } from "hono/cookie";
import type { MiddlewareHandler } from "hono";
import { LANGUAGE_COOKIE, pickLanguage, textDirection } from "../../../app/i18n/languages";
import { serverI18n } from "../../../app/i18n/server";
import type { AppEnv } from "../env";
import { suspendedSitePage } from "../pages";

export const suspendedSite: MiddlewareHandler<AppEnv> = async (c, next) => {
  const site = c.get("site");
  if (!site.suspension || site.isPlatform) return next();
  c.header("Cache-Control", "no-store");
  if (c.req.path.startsWith("/api/")) {
    return c.json({ error: { code: "site_suspended", message: "This site is suspended" } }, 403);
  }
  const lang = pickLanguage({ cookie: getCookie(c, LANGUAGE_COOKIE), site: site.settings.defaultLanguage });
  const t = serverI18n(lang).getFixedT(lang);
  const text = { title: t("suspended.title"), body: t("suspended.body") };
  return c.html(suspendedSitePage(lang, textDirection(lang), text, site.settings.sitetitle), 503);
};
