// Currencies (spec §3 currency entries, §9 Commerce): code, digits (0, 2 or 3), name, countries and
// the payment providers that take it. Amounts everywhere are integer minor units; a site shows them
// with no decimals by default (the account's currency setting, default USD).
import type { PriceDuration } from "./product";

export type PaymentProviderName = "offline" | "paypal" | "stripe" | "razorpay";
export const PAYMENT_PROVIDERS: readonly PaymentProviderName[] = ["offline", "paypal", "stripe", "razorpay"];

export type Currency = {
  code: string;
  digits: 0 | 2 | 3;
  name: string;
  /** ISO country codes where it is the currency. */
  countries: string[];
  providers: PaymentProviderName[];
  /** Shown instead of the code where Intl has no symbol of its own (spec: BDT's symbol). */
  symbol?: string;
};

const ALL: PaymentProviderName[] = ["offline", "paypal", "stripe", "razorpay"];
const NO_RAZORPAY: PaymentProviderName[] = ["offline", "paypal", "stripe"];
const STRIPE_ONLY: PaymentProviderName[] = ["offline", "stripe"];

export const CURRENCIES: readonly Currency[] = [
  { code: "USD", digits: 2, name: "US Dollar", countries: ["US", "EC", "SV", "PA"], providers: ALL },
  {
    code: "EUR",
    digits: 2,
    name: "Euro",
    countries: ["DE", "FR", "ES", "IT", "NL", "PT", "IE", "AT", "BE", "FI"],
    providers: ALL,
  },
  { code: "GBP", digits: 2, name: "British Pound", countries: ["GB"], providers: ALL },
  { code: "CAD", digits: 2, name: "Canadian Dollar", countries: ["CA"], providers: ALL },
  { code: "AUD", digits: 2, name: "Australian Dollar", countries: ["AU"], providers: ALL },
  { code: "INR", digits: 2, name: "Indian Rupee", countries: ["IN"], providers: ["offline", "stripe", "razorpay"] },
  {
    code: "BDT",
    digits: 2,
    name: "Bangladeshi Taka",
    countries: ["BD"],
    providers: ["offline", "stripe", "razorpay"],
    symbol: "৳",
  },
  { code: "JPY", digits: 0, name: "Japanese Yen", countries: ["JP"], providers: NO_RAZORPAY },
  { code: "KRW", digits: 0, name: "South Korean Won", countries: ["KR"], providers: STRIPE_ONLY },
  { code: "BRL", digits: 2, name: "Brazilian Real", countries: ["BR"], providers: NO_RAZORPAY },
  { code: "MXN", digits: 2, name: "Mexican Peso", countries: ["MX"], providers: ALL },
  { code: "CHF", digits: 2, name: "Swiss Franc", countries: ["CH", "LI"], providers: ALL },
  { code: "SGD", digits: 2, name: "Singapore Dollar", countries: ["SG"], providers: ALL },
  { code: "AED", digits: 2, name: "UAE Dirham", countries: ["AE"], providers: ["offline", "stripe", "razorpay"] },
  { code: "NGN", digits: 2, name: "Nigerian Naira", countries: ["NG"], providers: STRIPE_ONLY },
  { code: "KWD", digits: 3, name: "Kuwaiti Dinar", countries: ["KW"], providers: STRIPE_ONLY },
  { code: "BHD", digits: 3, name: "Bahraini Dinar", countries: ["BH"], providers: STRIPE_ONLY },
  { code: "OMR", digits: 3, name: "Omani Rial", countries: ["OM"], providers: STRIPE_ONLY },
];

export const DEFAULT_CURRENCY = "USD";

const byCode = new Map(CURRENCIES.map((c) => [c.code, c]));

/** The currency entry for a code (case-insensitive); unknown codes fall back to USD. */
export function currencyOf(code: string | null | undefined): Currency {
  return byCode.get(String(code ?? "").toUpperCase()) ?? (byCode.get(DEFAULT_CURRENCY) as Currency);
}

export const isCurrency = (code: unknown): code is string => typeof code === "string" && byCode.has(code.toUpperCase());

/** Minor units → the currency's major value (1999 USD → 19.99; 1999 JPY → 1999; 1999 KWD → 1.999). */
export const toMajor = (minor: number, code: string) => minor / 10 ** currencyOf(code).digits;
/** A major value typed by a person → minor units, rounded to the currency's digits. */
export const toMinor = (major: number, code: string) => Math.round(major * 10 ** currencyOf(code).digits);

/**
 * Spec §9: shown with no decimals by default; `decimals` shows the currency's own digits (0, 2 or 3).
 * BDT shows its symbol ৳.
 */
export function formatMoney(minor: number, code = DEFAULT_CURRENCY, locale = "en", opts: { decimals?: boolean } = {}) {
  const c = currencyOf(code);
  const shown = opts.decimals ? c.digits : 0;
  const value = minor / 10 ** c.digits;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: shown, maximumFractionDigits: shown });
  if (c.symbol) return `${c.symbol}${number.format(value)}`;
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: c.code,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(value);
  } catch {
    return `${number.format(value)} ${c.code}`;
  }
}

/** A recurring period as a provider bills it: every `count` days, weeks, months or years. */
export type BillingInterval = { unit: "day" | "week" | "month" | "year"; count: number };

const UNIT_BY_SECONDS: Record<number, BillingInterval["unit"]> = {
  86400: "day",
  604800: "week",
  2592000: "month",
  31536000: "year",
};

/**
 * Spec §9 gives plans PayPal and Razorpay recurring prices beside Stripe's, so every provider bills
 * subscriptions; each within its own limits on the period. PayPal bills every 1-365 days, 1-52
 * weeks, 1-12 months or 1 year; Razorpay daily plans need an interval of 7 days or more; Stripe
 * turns any period into days, weeks, months or years; offline is recorded by the owner. Null when
 * the provider cannot bill that period.
 */
export function billingInterval(provider: PaymentProviderName, duration: PriceDuration): BillingInterval | null {
  const unit = UNIT_BY_SECONDS[duration.parameter];
  const count = duration.value;
  if (!unit || !Number.isInteger(count) || count < 1) {
    // Not one of the product editor's periods: only providers that bill in plain days take it.
    if (provider === "paypal" || provider === "razorpay") return null;
    return { unit: "day", count: Math.max(1, Math.round((count * duration.parameter) / 86400)) };
  }
  if (provider === "paypal") {
    const max = { day: 365, week: 52, month: 12, year: 1 }[unit];
    return count <= max ? { unit, count } : null;
  }
  if (provider === "razorpay" && unit === "day" && count < 7) return null;
  return { unit, count };
}

type SubscriptionOption = { subscription?: boolean | PriceDuration | null };

const billsAgain = (provider: PaymentProviderName, opts: SubscriptionOption) =>
  !opts.subscription || opts.subscription === true || billingInterval(provider, opts.subscription) !== null;

/**
 * The providers a buyer may pick: the site's enabled ones that take the currency (and, for a
 * subscription with a known period, can bill that period again), offline last.
 */
export function providersFor(
  code: string,
  enabled: readonly PaymentProviderName[],
  opts: SubscriptionOption = {},
): PaymentProviderName[] {
  const takes = currencyOf(code).providers.filter((p) => billsAgain(p, opts));
  const online = PAYMENT_PROVIDERS.filter((p) => p !== "offline" && enabled.includes(p) && takes.includes(p));
  return enabled.includes("offline") && takes.includes("offline") ? [...online, "offline"] : online;
}

/**
 * Spec §9: the default provider is paypal where the currency allows it; otherwise the first other
 * provider that takes it; offline when no online provider is set up.
 */
export function defaultProvider(
  code: string,
  enabled: readonly PaymentProviderName[],
  opts: SubscriptionOption = {},
): PaymentProviderName | null {
  const choices = providersFor(code, enabled, opts);
  if (choices.includes("paypal")) return "paypal";
  return choices[0] ?? null;
}
