// A site's payment providers (payment_settings): which are on, and their keys. Offline needs no
// set-up and is on unless the owner turns it off; an online provider is on once its keys are saved.
import { and, eq } from "drizzle-orm";
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "../../../core/currency";
import type { Db, Tx } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { paymentSettings } from "../../db/schema";
import { providerFor, type ProviderSettings } from "../../payments";

export async function providerSettings(tx: Tx, accountId: string, provider: string): Promise<ProviderSettings> {
  const [row] = await tx
    .select()
    .from(paymentSettings)
    .where(and(eq(paymentSettings.accountId, accountId), eq(paymentSettings.provider, provider)));
  return { config: row?.config ?? {}, secrets: row?.secrets ?? {} };
}

/** The providers a buyer can use on this site now. */
export async function enabledProviders(tx: Tx, accountId: string): Promise<PaymentProviderName[]> {
  const rows = await tx.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId));
  const byName = new Map(rows.map((r) => [r.provider, r]));
  return PAYMENT_PROVIDERS.filter((name) => {
    const row = byName.get(name);
    if (name === "offline") return row ? row.enabled : true;
    const provider = providerFor(name);
    return Boolean(row?.enabled && provider?.configured({ config: row.config, secrets: row.secrets }));
  });
}

/** A provider's settings for a site, read in their own transaction (webhooks, the return page). */
export const siteProviderSettings = (db: Db, accountId: string, provider: string) =>
  withTenant(db, accountId, (tx) => providerSettings(tx, accountId, provider));
