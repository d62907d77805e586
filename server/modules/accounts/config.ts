// A site's configuration as its owners edit it (spec §3 Account: settings, menus, header, footer,
// theme, misc.scripts). A patch is merged over the stored values inside one transaction that locks
// the row, so two admins saving different screens at once do not undo each other.
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type AccountConfig,
  type AccountConfigPatch,
  type AccountMenus,
  MAX_CONFIG_BYTES,
  type MenuItem,
  ZAccountConfigPatch,
  ZAccountFooter,
  ZAccountHeader,
  ZAccountMenus,
  ZAccountMisc,
  ZAccountSettings,
  ZAccountTheme,
} from "../../../core/account";
import { readOwnerScripts, uncoveredOrigins } from "../../../core/owner-scripts";
import { parseSourceOrigin } from "../../../core/source-origin";
import type { Db } from "../../db/client";
import { accounts as accountsTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, validationError } from "../../errors";
import { bus } from "../../realtime/bus";
import { sanitizeBasicHtml } from "../html";
import { pageCache } from "../page-cache";
import { ACCOUNT_CHANGED, toSite } from "./row";
import type { SiteAccount } from "./types";

/** A stored part that no longer fits its schema shows as the defaults rather than breaking the site. */
function withDefaults<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

// A SiteAccount is cached with its host resolution, so its configuration is worked out once per
// cache entry rather than on every page request.
const configs = new WeakMap<SiteAccount, AccountConfig>();

export function siteConfig(site: SiteAccount): AccountConfig {
  let config = configs.get(site);
  if (!config) {
    config = buildConfig(site);
    configs.set(site, config);
  }
  return config;
}

function buildConfig(site: SiteAccount): AccountConfig {
  const { plan: _plan, backend: _backend, ...settings } = site.settings;
  return {
    settings,
    menus: withDefaults(ZAccountMenus, site.menus),
    header: withDefaults(ZAccountHeader, site.header),
    footer: withDefaults(ZAccountFooter, site.footer),
    theme: withDefaults(ZAccountTheme, site.theme),
    misc: withDefaults(ZAccountMisc, site.misc),
  };
}

/** Tells every web process: drop this site's cached host entry (its configuration) and its pages. */
export async function announceChange(accountId: string) {
  await bus.publish(ACCOUNT_CHANGED, accountId);
  await pageCache.invalidateSite(accountId);
}

// Fields that pages render as HTML are sanitised on the way in (basic formatting and links); the
// scripts block is the owner's own code and is kept as written, served only on their own site.
function sanitiseMenus(menus: Partial<AccountMenus>): Partial<AccountMenus> {
  const item = (m: MenuItem): MenuItem => {
    const mega = m.data.menuItem.mega_menu;
    if (!mega) return m;
    const columns = mega.columns.map((c) => ({ ...c, content: sanitizeBasicHtml(c.content) }));
    return { ...m, data: { menuItem: { ...m.data.menuItem, mega_menu: { ...mega, columns } } } };
  };
  return {
    ...(menus.header ? { header: menus.header.map(item) } : {}),
    ...(menus.mobile ? { mobile: menus.mobile.map(item) } : {}),
  };
}

function sanitisePatch(p: AccountConfigPatch): AccountConfigPatch {
  const out: AccountConfigPatch = { ...p };
  const notices = p.settings?.notices;
  if (notices) {
    out.settings = {
      ...p.settings,
      notices: {
        ...notices,
        ...(notices.header_notice !== undefined ? { header_notice: sanitizeBasicHtml(notices.header_notice) } : {}),
        ...(notices.footer_notice !== undefined ? { footer_notice: sanitizeBasicHtml(notices.footer_notice) } : {}),
      },
    };
  }
  if (p.footer?.footer_columns) {
    out.footer = {
      ...p.footer,
      footer_columns: p.footer.footer_columns.map((c) =>
        c.type === "text" && typeof c.data === "string" ? { ...c, data: sanitizeBasicHtml(c.data) } : c,
      ),
    };
  }
  if (p.menus) out.menus = sanitiseMenus(p.menus);
  if (p.misc) {
    // Validated already; stored in the one form the policy and the screen show.
    const normalised = (list: string[]) => [...new Set(list.map((o) => parseSourceOrigin(o) ?? o))];
    out.misc = {
      ...p.misc,
      ...(p.misc.script_origins ? { script_origins: normalised(p.misc.script_origins) } : {}),
      ...(p.misc.frame_origins ? { frame_origins: normalised(p.misc.frame_origins) } : {}),
    };
  }
  return out;
}

/**
 * The owner's scripts must be able to run under the site's Content-Security-Policy: every script
 * and frame they load from another host needs its origin on the allow-list, or it would be
 * silently blocked on the public site.
 */
function checkScriptsAllowed(misc: Record<string, unknown>) {
  const parsed = ZAccountMisc.safeParse(misc);
  if (!parsed.success) throw validationError(parsed.error);
  const missing = uncoveredOrigins(readOwnerScripts(parsed.data.scripts), parsed.data);
  if (missing.scripts.length) {
    throw fieldError(
      "validation_failed",
      "misc.scripts",
      `The scripts load code from origins that are not allowed: ${missing.scripts.join(", ")}`,
    );
  }
  if (missing.frames.length) {
    throw fieldError(
      "validation_failed",
      "misc.scripts",
      `The scripts open frames from origins that are not allowed: ${missing.frames.join(", ")}`,
    );
  }
}

/**
 * Validates a patch (core ZAccountConfigPatch: no plan, no backend, no unknown keys), merges it over
 * the stored configuration — settings.notices too — and announces the change. Callers check that
 * the acting member may manage the site.
 */
export async function updateConfig(
  db: Db,
  site: SiteAccount,
  patch: unknown,
): Promise<{ site: SiteAccount; config: AccountConfig }> {
  const parsed = ZAccountConfigPatch.safeParse(patch);
  if (!parsed.success) throw validationError(parsed.error);
  const p = sanitisePatch(parsed.data);

  const row = await withTenant(db, site.accountId, async (tx) => {
    const [current] = await tx
      .select()
      .from(accountsTable)
      .where(eq(accountsTable.accountId, site.accountId))
      .for("update");
    if (!current) throw notFound("Site");
    const stored = ZAccountSettings.parse(current.settings);
    const settings = ZAccountSettings.safeParse({
      ...stored,
      ...p.settings,
      notices: { ...stored.notices, ...p.settings?.notices },
    });
    if (!settings.success) throw validationError(settings.error);
    const next = {
      settings: settings.data,
      menus: { ...current.menus, ...p.menus },
      header: { ...current.header, ...p.header },
      footer: { ...current.footer, ...p.footer },
      theme: { ...current.theme, ...p.theme },
      misc: { ...current.misc, ...p.misc },
    };
    if (p.misc) checkScriptsAllowed(next.misc);
    if (JSON.stringify(next).length > MAX_CONFIG_BYTES) {
      throw fieldError("payload_too_large", "body", "A site's configuration is at most 256 KB");
    }
    const [updated] = await tx
      .update(accountsTable)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(accountsTable.accountId, site.accountId))
      .returning();
    return updated;
  });
  await announceChange(site.accountId);
  const updated = toSite(row);
  return { site: updated, config: siteConfig(updated) };
}
