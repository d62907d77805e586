// The auth library rate-limits by client address; give it the address under a header of our own,
// after removing any copy a client tried to send. Directly exposed, that is the socket's peer;
// behind a trusted reverse proxy (TRUST_PROXY=true), it is the last X-Forwarded-For entry, the one
// the proxy appended — earlier entries are whatever the client claimed.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "../../auth/auth";
import type { AppEnv } from "../env";

export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return c.req.header("x-test-client-ip") ?? "127.0.0.1";
  }
}

export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientAddress(c, c.get("platform").cfg.trustProxy));
  c.req.raw = new Request(c.req.raw, { headers });
  await next();
};
