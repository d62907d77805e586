// The public addresses in campaign e-mails, on the site's own host: the open pixel, the click
// redirect (only to a link that was in the e-mail) and the RFC 8058 one-click unsubscribe POST (no
// cookies, no CSRF token: mail programs post it). The unsubscribe page itself (GET) is a page of the
// site's layout (app/routes/public/unsubscribe.tsx). Another site's token is unknown.
import { Hono } from "hono";
import { escapeHtml } from "../../../core/campaign-merge";
import { recordClick, recordOpen, textsFor, unsubscribe } from "../../modules/campaign-delivery";
import type { AppEnv } from "../env";

const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "Cache-Control": "no-store, private", "X-Robots-Tag": "noindex" };

function page(lang: string, title: string, body: string) {
  const dir = lang.startsWith("ar") ? "rtl" : "ltr";
  return `<!doctype html><html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1c7ed6;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;
}

export function createCampaignMailRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/e/o/:token", async (c) => {
    const site = c.get("site");
    const { database } = c.get("platform");
    const ok = await recordOpen(database.db, site.accountId, c.req.param("token"));
    if (!ok) return c.json({ error: { code: "not_found", message: "Unknown tracking address" } }, 404, NO_STORE);
    return c.body(PIXEL, 200, { ...NO_STORE, "Content-Type": "image/gif" });
  });
  r.get("/e/c/:token/:n", async (c) => {
    const site = c.get("site");
    const { database } = c.get("platform");
    const n = /^\d{1,4}$/.test(c.req.param("n")) ? Number(c.req.param("n")) : -1;
    const url = await recordClick(database.db, site.accountId, c.req.param("token"), n);
    if (!url) return c.json({ error: { code: "not_found", message: "Unknown link" } }, 404, NO_STORE);
    return c.body(null, 302, { ...NO_STORE, Location: url });
  });
  const texts = (c: { get: (k: "site") => { settings: { defaultLanguage?: string | null } } }) => {
    const lang = c.get("site").settings.defaultLanguage || "en";
    return { lang, t: textsFor(lang).unsubscribe };
  };
  r.post("/e/u/:token", async (c) => {
    const site = c.get("site");
    const { database } = c.get("platform");
    const { lang, t } = texts(c);
    const ok = await unsubscribe(database.db, site.accountId, c.req.param("token"));
    // The button of the unsubscribe page (a browser) goes back to the page, which says it is done.
    const sent = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (sent.page === "1") return c.redirect(`/e/u/${encodeURIComponent(c.req.param("token"))}?done=1`, 303);
    if (!ok) return c.html(page(lang, t.title, `<p>${escapeHtml(t.notFound)}</p>`), 404, NO_STORE);
    return c.html(page(lang, t.title, `<h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.done)}</p>`), 200, NO_STORE);
  });
  return r;
}
