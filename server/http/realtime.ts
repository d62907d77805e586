// GET /api/realtime: the WebSocket of an open page (docs/decisions/0008-realtime.md). The upgrade
// request runs through the same middleware as every request — tenant from the Host, session from
// the cookie — so this route only adds what a socket needs: a member of this site, on a page of
// this site (Origin), then hands the socket to the process's RealtimeHub.
import { upgradeWebSocket } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import type { WebSocket } from "ws";
import { showsAdminToolbar } from "../../core/roles";
import { AppError } from "../errors";
import { presence } from "../modules/presence";
import type { RealtimeHub } from "../realtime/hub";
import type { AppEnv } from "./env";
import { requireSession } from "./middleware/guards";

const admitSocket =
  (hub: RealtimeHub | undefined): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
      throw new AppError("bad_request", "Open this address as a WebSocket");
    }
    if (!hub) throw new AppError("not_found", "Realtime is not served by this process");
    if (c.get("viaApiKey")) throw new AppError("forbidden", "API keys cannot open the realtime channel");
    // Browsers always send Origin on a WebSocket handshake; a page of another site must not listen in.
    if (c.req.header("origin") !== c.get("origin")) {
      throw new AppError("origin_mismatch", "This connection did not come from a page of this site");
    }
    if (!c.get("member")) throw new AppError("forbidden", "Only members of this site can connect");
    await next();
  };

/** Mounted at /api/realtime. */
export function realtimeRoutes(hub: RealtimeHub | undefined) {
  return new Hono<AppEnv>().get("/", requireSession(), admitSocket(hub), async (c, next) => {
    const site = c.get("site");
    const member = c.get("member")!;
    const { database } = c.get("platform");
    const profile = await presence.memberProfile(database.db, site.accountId, c.get("user")!.id);
    if (!profile || !hub) throw new AppError("forbidden", "Only members of this site can connect");
    const seesEmails = member.isOwner || showsAdminToolbar(member.caps);
    const upgrade = upgradeWebSocket(() => {
      let conn: ReturnType<RealtimeHub["add"]> | null = null;
      return {
        onOpen: (_event, ws) => {
          conn = hub.add(ws.raw as unknown as WebSocket, { accountId: site.accountId, profile, seesEmails });
        },
        // Frames come through the helper, which holds those that arrive before onOpen; the hub
        // itself watches the socket's pongs and its close.
        onMessage: (event) => {
          if (conn) hub.receive(conn, event.data);
        },
      };
    });
    return upgrade(c, next);
  });
}
