// Cross-site request forgery guard: a state-changing request that carries our cookies must come
// from a page of the same site. Integrations authenticate with a Bearer key and send no cookies.
import type { MiddlewareHandler } from "hono";
import { AppError } from "../../errors";
import type { AppEnv } from "../env";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  const cookie = c.req.header("cookie");
  if (!cookie) return next();
  const origin = c.req.header("origin") ?? refererOrigin(c.req.header("referer"));
  if (origin !== c.get("origin")) {
    throw new AppError("origin_mismatch", "This request did not come from a page of this site");
  }
  return next();
};

function refererOrigin(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
