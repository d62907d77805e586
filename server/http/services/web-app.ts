// What the app settings screen (/dashboard/app) calls: the site's installable web app, its API
// keys and its outgoing webhooks. For the site's managers, in a browser session.
import type { Context } from "hono";
import { requireUuid } from "../../errors";
import { apiKeys } from "../../modules/api-keys";
import { webApp } from "../../modules/web-app";
import { sendTestPing, webhookEndpoints, webhooks } from "../../modules/webhooks";
import { requireSiteManager } from "../middleware/guards";
import type { AppEnv } from "../env";

export function webAppServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const manager = () => requireSiteManager(c);
  return {
    webApp: {
      settings: () => {
        manager();
        return webApp.settings(db, site.accountId);
      },
      save: (input: unknown) => {
        manager();
        return webApp.save(db, site.accountId, input);
      },
      keys: {
        list: () => {
          manager();
          return apiKeys.list(db, site.accountId);
        },
        /** The key itself is in the answer once; only its hash is kept. */
        create: (name: string) => apiKeys.create(db, site.accountId, manager().member.id, name),
        revoke: (id: string) => {
          manager();
          return apiKeys.revoke(db, site.accountId, requireUuid(id, "API key"));
        },
      },
      webhooks: {
        /** Whether plain http to this machine is allowed (not in production): the form says so. */
        allowsLocalHttp: () => !webhooks.isProduction(db),
        list: () => {
          manager();
          return webhookEndpoints.list(db, site.accountId);
        },
        /** The signing secret is in the answer once. */
        create: (input: unknown) => {
          manager();
          return webhookEndpoints.create(db, site.accountId, input);
        },
        update: (id: string, input: unknown) => {
          manager();
          return webhookEndpoints.update(db, site.accountId, id, input);
        },
        rotateSecret: (id: string) => {
          manager();
          return webhookEndpoints.rotateSecret(db, site.accountId, id);
        },
        remove: (id: string) => {
          manager();
          return webhookEndpoints.remove(db, site.accountId, id);
        },
        deliveries: (id: string) => {
          manager();
          return webhookEndpoints.deliveries(db, site.accountId, id);
        },
        test: (id: string) => {
          manager();
          return sendTestPing(db, site.accountId, id);
        },
      },
    },
  };
}
