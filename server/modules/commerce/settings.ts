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
  return settingsOfRow(row);
}

const settingsOfRow = (row: typeof paymentSettings.$inferSelect | undefined): ProviderSettings => ({
  config: row?.config ?? {},
  secrets: row?.secrets ?? {},
});

/** The site's payment set-up from one read: the providers a buyer can use now, and each one's settings. */
export async function paymentSetup(tx: Tx, accountId: string) {
  const rows = await tx.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId));
  const byName = new Map(rows.map((r) => [r.provider, r]));
  const enabled = PAYMENT_PROVIDERS.filter((name) => {
    const row = byName.get(name);
    if (name === "offline") return row ? row.enabled : true;
    const provider = providerFor(name);
    return Boolean(row?.enabled && provider?.configured({ config: row.config, secrets: row.secrets }));
  });
  return { enabled, settingsOf: (name: string) => settingsOfRow(byName.get(name)) };
}

/** The providers a buyer can use on this site now. */
export async function enabledProviders(tx: Tx, accountId: string): Promise<PaymentProviderName[]> {
  return (await paymentSetup(tx, accountId)).enabled;
}

/** A provider's settings for a site, read in their own transaction (webhooks, the return page). */
export const siteProviderSettings = (db: Db, accountId: string, provider: string) =>
  withTenant(db, accountId, (tx) => providerSettings(tx, accountId, provider));
