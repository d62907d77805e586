// The owner's payment settings: which providers are on and their keys. Secret keys never leave the
// server: the owner sees only whether each is set, and an empty field keeps the stored key. Each
// provider's fields are named exactly as its adapter reads them (server/payments), and turning a
// provider on requires every key it needs, so a saved provider is one a buyer can use.
import { and, eq } from "drizzle-orm";
import {
  CURRENCIES,
  defaultProvider,
  PAYMENT_PROVIDERS,
  type PaymentProviderName,
  providersFor,
} from "../../../core/currency";
import type { Db } from "../../db/client";
import { paymentSettings } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound } from "../../errors";
import { type PaymentProvider, providerFor, type SettingsFields } from "../../payments";
import { siteCurrency } from "./orders";
import { enabledProviders } from "./settings";

/** Per provider: the fields the owner fills in, as the provider's adapter names and reads them. */
export const PROVIDER_FIELDS = Object.fromEntries(
  PAYMENT_PROVIDERS.map((name) => [name, (providerFor(name) as PaymentProvider).settingsFields]),
) as Record<PaymentProviderName, SettingsFields>;

export type ProviderSettingsView = {
  provider: PaymentProviderName;
  enabled: boolean;
  config: Record<string, string>;
  secretsSet: Record<string, boolean>;
  /** Fields ("config.x", "secrets.y") that must be set before the provider can be switched on. */
  required: string[];
  currencies: string[];
};

export type PaymentSettingsView = {
  currency: string;
  providers: ProviderSettingsView[];
  /** Enabled providers that take the site's currency (what a buyer can choose). */
  available: PaymentProviderName[];
  defaultProvider: PaymentProviderName | null;
};

/** Every provider's settings for the owner, secrets reduced to "set or not". */
export async function paymentSettingsView(db: Db, accountId: string): Promise<PaymentSettingsView> {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx.select().from(paymentSettings).where(eq(paymentSettings.accountId, accountId));
    const byName = new Map(rows.map((r) => [r.provider, r]));
    const currency = await siteCurrency(tx, accountId);
    const enabled = await enabledProviders(tx, accountId);
    const providers = PAYMENT_PROVIDERS.map((provider) => {
      const row = byName.get(provider);
      const fields = PROVIDER_FIELDS[provider];
      const config: Record<string, string> = {};
      for (const k of fields.config) config[k] = row?.config[k] ?? "";
      const secretsSet: Record<string, boolean> = {};
      for (const k of fields.secrets) secretsSet[k] = Boolean(row?.secrets[k]);
      return {
        provider,
        enabled: row ? row.enabled : provider === "offline",
        config,
        secretsSet,
        required: [...fields.required],
        currencies: CURRENCIES.filter((c) => c.providers.includes(provider)).map((c) => c.code),
      };
    });
    return {
      currency,
      providers,
      available: providersFor(currency, enabled),
      defaultProvider: defaultProvider(currency, enabled),
    };
  });
}

export type ProviderSettingsInput = {
  enabled: boolean;
  config?: Record<string, string>;
  secrets?: Record<string, string>;
};

function validate(
  provider: PaymentProviderName,
  enabled: boolean,
  config: Record<string, string>,
  secrets: Record<string, string>,
) {
  const bad = (field: string, message: string) => fieldError("validation_failed", field, message);
  if (provider === "stripe") {
    if (secrets.secretKey && !secrets.secretKey.startsWith("sk_"))
      throw bad("secrets.secretKey", "A Stripe secret key starts with sk_");
    if (secrets.webhookSecret && !secrets.webhookSecret.startsWith("whsec_"))
      throw bad("secrets.webhookSecret", "A Stripe webhook signing secret starts with whsec_");
  }
  // An owner picks PayPal's environment; other addresses would point the server wherever they say.
  if (provider === "paypal" && config.apiBase && !["sandbox", "live"].includes(config.apiBase))
    throw bad("config.apiBase", "PayPal's environment is sandbox or live");
  if (provider === "razorpay" && (enabled || config.keyId) && !config.keyId?.startsWith("rzp_"))
    throw bad("config.keyId", "A Razorpay key id starts with rzp_");
  if (provider === "offline" && (config.instructions ?? "").length > 2000)
    throw bad("config.instructions", "Keep the instructions under 2000 characters");
}

const valueAt = (s: { config: Record<string, string>; secrets: Record<string, string> }, path: string) => {
  const [where, key] = path.split(".") as ["config" | "secrets", string];
  return s[where][key]?.trim() ?? "";
};

/** Saves a provider's settings; a secret left out or empty keeps the stored one. */
export async function savePaymentSettings(
  db: Db,
  accountId: string,
  provider: string,
  input: ProviderSettingsInput,
): Promise<ProviderSettingsView> {
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider)) throw notFound("Payment provider");
  const name = provider as PaymentProviderName;
  const fields = PROVIDER_FIELDS[name];
  const config: Record<string, string> = {};
  for (const k of fields.config) {
    const v = input.config?.[k];
    if (typeof v === "string") config[k] = v.trim();
  }
  const given: Record<string, string> = {};
  for (const k of fields.secrets) {
    const v = input.secrets?.[k];
    if (typeof v === "string" && v.trim()) given[k] = v.trim();
  }
  validate(name, input.enabled, config, given);
  await withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentSettings)
      .where(and(eq(paymentSettings.accountId, accountId), eq(paymentSettings.provider, name)))
      .for("update");
    const secrets = { ...(row?.secrets ?? {}), ...given };
    // Switched on means usable: every key the provider needs must be there (saved before or now).
    const missing = input.enabled ? fields.required.find((path) => !valueAt({ config, secrets }, path)) : undefined;
    if (missing) {
      throw new AppError("validation_failed", `Enter ${missing} to switch ${name} on`, [
        { field: missing, message: "required" },
      ]);
    }
    await tx
      .insert(paymentSettings)
      .values({ accountId, provider: name, enabled: input.enabled, config, secrets })
      .onConflictDoUpdate({
        target: [paymentSettings.accountId, paymentSettings.provider],
        set: { enabled: input.enabled, config, secrets, updatedAt: new Date() },
      });
  });
  const view = await paymentSettingsView(db, accountId);
  return view.providers.find((p) => p.provider === name) as ProviderSettingsView;
}
