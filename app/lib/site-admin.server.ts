// The site-admin screens' server side: only the site's managers (owner or manage_options) see
// them, anyone else gets a 404 as if they did not exist; saving goes through the site service,
// which validates the patch and drops the site's cached pages.
import { data, type AppLoadContext } from "react-router";
import type { AccountConfig, AccountConfigPatch } from "../../core/account";
import { pageTitle, translatorFor } from "./i18n.server";

export type FieldErrors = Record<string, string>;
export type SaveResult = { ok: true; savedAt: number } | { ok: false; fields: FieldErrors; savedAt: null };

export function isSiteManager(context: AppLoadContext): boolean {
  const m = context.member;
  return Boolean(m && (m.isOwner || m.caps.includes("manage_options")));
}

/** 404 unless a manager of a tenant site (the platform's own site has no editable layout). */
export function requireSiteManager(context: AppLoadContext) {
  if (context.site.isPlatform || !isSiteManager(context)) throw new Response("Not found", { status: 404 });
}

/** What every site-admin screen loads: the page title and the site's configuration. */
export function siteAdminLoader(context: AppLoadContext, request: Request, titleKey: string) {
  requireSiteManager(context);
  const config: AccountConfig = context.siteConfig;
  return {
    title: pageTitle(translatorFor(context, request), titleKey, context.site.settings.sitetitle),
    config,
    slug: context.site.slug,
    accountId: context.site.accountId,
  };
}

/** The JSON the screen's form sent in its hidden `config` field (an object), or null. */
export async function readSubmitted(request: Request): Promise<Record<string, unknown> | null> {
  const form = await request.formData();
  try {
    const value = JSON.parse(String(form.get("config") ?? "null")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type AppErrorLike = { code?: string; details?: unknown };

/** Saves the patch; a validation failure comes back as field → message, anything else is thrown. */
export async function saveSiteConfig(context: AppLoadContext, patch: AccountConfigPatch) {
  requireSiteManager(context);
  try {
    await context.services.site.updateConfig(patch);
    return { ok: true, savedAt: Date.now() } satisfies SaveResult;
  } catch (err) {
    const e = err as AppErrorLike;
    if (e?.code === "validation_failed" || e?.code === "payload_too_large") {
      const fields: FieldErrors = {};
      const details = Array.isArray(e.details) ? (e.details as { field?: unknown; message?: unknown }[]) : [];
      for (const d of details) {
        const field = typeof d.field === "string" ? d.field : "body";
        if (!fields[field]) fields[field] = typeof d.message === "string" ? d.message : "";
      }
      if (!Object.keys(fields).length) fields.body = "";
      return data({ ok: false, fields, savedAt: null } satisfies SaveResult, { status: 422 });
    }
    throw err;
  }
}

/** A submission that is not an object at all. */
export const badSubmission = () =>
  data({ ok: false, fields: { body: "" }, savedAt: null } satisfies SaveResult, { status: 400 });
