// The auth library rate-limits by client address; give it the socket's address under a header of
// our own, after removing any copy a client tried to send.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import { CLIENT_IP_HEADER } from "../../auth/auth";
import type { AppEnv } from "../env";

export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  let ip = "unknown";
  try {
    ip = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket
    ip = c.req.header("x-test-client-ip") ?? "127.0.0.1";
  }
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  c.req.raw = new Request(c.req.raw, { headers });
  await next();
};
