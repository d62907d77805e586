// Amounts are integer minor units plus a currency (ARCHITECTURE.md, Data). Spec §9: shown with no
// decimals by default; a currency's own digits apply when asked for.

export function formatMoney(
  minorUnits: number,
  currency = "USD",
  locale = "en",
  opts: { decimals?: boolean } = {},
): string {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    currency = "USD";
  }
  const value = minorUnits / 10 ** digits;
  const shown = opts.decimals ? digits : 0;
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(value);
  } catch {
    return `${value.toFixed(shown)} ${currency}`;
  }
}
