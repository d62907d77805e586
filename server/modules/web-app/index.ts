// A site's installable web app: its settings (kept in the site's options under `web_app`) and the
// manifest the browser reads at /manifest.webmanifest.
import { webAppManifest, type WebAppSettings, ZWebAppSettings } from "../../../core/web-app";
import type { Db } from "../../db/client";
import { validationError } from "../../errors";
import type { SiteAccount } from "../accounts";
import { options } from "../options";

const KEY = "web_app";

export const webApp = {
  async settings(db: Db, accountId: string): Promise<WebAppSettings> {
    const stored = await options.get(db, accountId, KEY).catch(() => ({}));
    const parsed = ZWebAppSettings.safeParse(stored ?? {});
    return parsed.success ? parsed.data : ZWebAppSettings.parse({});
  },

  async save(db: Db, accountId: string, input: unknown): Promise<WebAppSettings> {
    const parsed = ZWebAppSettings.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    await options.set(db, accountId, KEY, parsed.data);
    return parsed.data;
  },

  async manifest(db: Db, site: SiteAccount) {
    return webAppManifest(await webApp.settings(db, site.accountId), {
      sitetitle: site.settings.sitetitle,
      icon: site.settings.icon,
      language: site.settings.defaultLanguage,
    });
  },
};
