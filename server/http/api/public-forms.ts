// What visitors reach without signing in (decision 0039): a form's submission on the site's host,
// open to other origins so a form can be embedded anywhere (CORS *, no cookies needed), JSON or
// form-encoded; and the popups of a page with their counters.
import { Hono } from "hono";
import { z } from "zod";
import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "../../errors";
import { forms, popups, submitForm } from "../../modules/forms";
import { requirePlanFeatureOf } from "../../modules/usage";
import { optInSender } from "../opt-in-sender";
import type { AppEnv } from "../env";
import { readJson } from "../json";
import { clientAddress } from "../middleware/client-ip";

/** Any origin may call these; they read no cookies, so nothing of the visitor's session is exposed. */
const openCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "OPTIONS") {
    return c.body(null, 204, {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "86400",
    });
  }
  await next();
  c.res.headers.set("Access-Control-Allow-Origin", "*");
  c.res.headers.set("Access-Control-Expose-Headers", "Retry-After");
  const retry = c.res.status === 429 ? c.get("retryAfter" as never) : undefined;
  if (retry) c.res.headers.set("Retry-After", String(retry));
};

/** The body as a flat record: JSON, or a form post (urlencoded or multipart). */
async function readValues(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("invalid_json", "The request body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new AppError("bad_request", "Send the values as one JSON object");
    return body as Record<string, unknown>;
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const parsed = await c.req.parseBody();
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === "string"));
  }
  throw new AppError("unsupported_media_type", "Send the values as JSON or as a form post");
}

export function createPublicFormRoutes() {
  const api = new Hono<AppEnv>();
  api.use("/forms/*", openCors);
  api.use("/popups", openCors);
  api.use("/popups/*", openCors);

  /** An active form's fields and messages, for an embedded form or a page block to draw. */
  api.get("/forms/:id", async (c) => {
    const site = c.get("site");
    requirePlanFeatureOf(site, "forms");
    const form = await forms.published(c.get("platform").database.db, site.accountId, c.req.param("id"));
    if (!form) throw new AppError("not_found", "Form not found");
    const { id, name, fields, settings } = form;
    return c.json({
      id,
      name,
      fields,
      successMessage: settings.successMessage ?? "",
      redirectUrl: settings.redirectUrl ?? "",
    });
  });

  api.post("/forms/:id/submit", async (c) => {
    const { cfg, database } = c.get("platform");
    const values = await readValues(c);
    try {
      const result = await submitForm(
        database.db,
        c.get("site"),
        c.req.param("id"),
        values,
        {
          ip: clientAddress(c, cfg.trustProxy),
          userAgent: c.req.header("user-agent") ?? "",
          secret: cfg.authSecret,
          optIn: optInSender(c),
        },
        { dns: cfg.emailDnsCheck },
      );
      return c.json({
        status: "ok",
        message: result.form.settings.successMessage ?? "",
        redirectUrl: result.form.settings.redirectUrl ?? "",
      });
    } catch (e) {
      if (e instanceof AppError && e.code === "rate_limited")
        c.set("retryAfter" as never, (e.details as { retryAfter: number }).retryAfter as never);
      throw e;
    }
  });

  /** The active popups for a page of the site (`?path=/pricing`); none on a site without forms. */
  api.get("/popups", async (c) => {
    const site = c.get("site");
    if (!planAllowsForms(site)) return c.json({ items: [] });
    const path = (c.req.query("path") ?? "/").slice(0, 300);
    const items = await popups.forPath(c.get("platform").database.db, site.accountId, path);
    return c.json({ items }, 200, { "Cache-Control": "no-store" });
  });

  /** Counts an impression, a close or a conversion of an active popup. */
  api.post("/popups/:id/event", async (c) => {
    const site = c.get("site");
    requirePlanFeatureOf(site, "forms");
    const body = await readJson(c, ZPopupEvent);
    await popups.record(c.get("platform").database.db, site.accountId, c.req.param("id"), body.type);
    return c.body(null, 204);
  });

  return api;
}

const ZPopupEvent = z.object({ type: z.enum(["impression", "close", "conversion"]) });

function planAllowsForms(site: AppEnv["Variables"]["site"]): boolean {
  try {
    requirePlanFeatureOf(site, "forms");
    return true;
  } catch {
    return false;
  }
}
