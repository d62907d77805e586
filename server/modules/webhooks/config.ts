// How webhooks behave on one installation, registered per database at start-up (tests run several
// platforms in one process): the URL rule (production or not) and, where JOB_RETRY_DELAY_SECONDS
// is set, one short wait between attempts instead of the backoff. A database nobody registered
// gets the production rule.
import type { Db } from "../../db/client";

type WebhookConfig = { production: boolean; retryDelaySeconds?: number };
// Weak: a database closed and dropped (a test file's) takes its entry with it.
const configs = new WeakMap<Db, WebhookConfig>();

export const webhookConfig = {
  register(db: Db, config: WebhookConfig) {
    configs.set(db, config);
  },
  isProduction: (db: Db) => configs.get(db)?.production ?? true,
  retryDelaySeconds: (db: Db) => configs.get(db)?.retryDelaySeconds,
};
