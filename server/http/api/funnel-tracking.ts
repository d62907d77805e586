// Funnel tracking for the site's own pages (spec §4, §7): POST /api/funnel/start and
// /api/funnel/event. The site is the request's host's; another site's account_id is not found.
// Starting is counted per address, so a loop cannot fill a site's funnel sessions.
import { Hono } from "hono";
import type { Context } from "hono";
import { notFound } from "../../errors";
import { funnelTracking, ZFunnelEvent, ZFunnelStart } from "../../modules/funnels";
import { hitLimit } from "../../modules/rate-limit";
import type { AppEnv } from "../env";
import { readJson } from "../json";
import { clientAddress } from "../middleware/client-ip";

/** Sessions one address may start in a site per ten minutes. */
export const FUNNEL_START_LIMIT = { max: 30, windowSeconds: 600 };

function sameSite(c: Context<AppEnv>, id: string) {
  if (id !== c.get("site").accountId) throw notFound("Account");
}

export function createFunnelTrackingRoutes() {
  const api = new Hono<AppEnv>();

  api.post("/funnel/start", async (c) => {
    const body = await readJson(c, ZFunnelStart);
    sameSite(c, body.account_id);
    const { cfg, database } = c.get("platform");
    const site = c.get("site");
    await hitLimit(
      database.db,
      `funnel:${site.accountId}:${clientAddress(c, cfg.trustProxy)}`,
      FUNNEL_START_LIMIT,
      "Too many funnel visits started from here; try again in a few minutes",
    );
    return c.json(await funnelTracking.start(database.db, site.accountId, body), 200, { "Cache-Control": "no-store" });
  });

  api.post("/funnel/event", async (c) => {
    const body = await readJson(c, ZFunnelEvent);
    sameSite(c, body.account_id);
    const { database } = c.get("platform");
    return c.json(await funnelTracking.event(database.db, c.get("site").accountId, body), 200, {
      "Cache-Control": "no-store",
    });
  });

  return api;
}
