// Billing periods of subscriptions: a count of days, weeks, months (30 days) or years, stored as
// { value, parameter } with parameter in seconds.
import type { TFunction } from "../../i18n";
import type { PriceDuration } from "../../../core/product";

export const PERIODS = [
  { unit: "day", seconds: 86400 },
  { unit: "week", seconds: 604800 },
  { unit: "month", seconds: 2592000 },
  { unit: "year", seconds: 31536000 },
] as const;

/** "month", "3 months", … for a duration (a month when none is set). */
export function periodLabel(t: TFunction, d: PriceDuration | null | undefined): string {
  const unit = PERIODS.find((p) => p.seconds === d?.parameter)?.unit ?? "month";
  const value = d?.value ?? 1;
  return t(`shop.periods.${unit}`, { count: value });
}
