// Why an AI task failed or a request for one was refused, in the page's language (decision 0065):
// the server gives a reason code of core/ai-failures with the values it names; an unknown code (a
// newer server) or none shows the server's own English sentence.
import { type AiFailureValues, failureOf, isAiFailureReason } from "../../../core/ai-failures";
import type { TFunction } from "../../i18n";
import { refusalMessageKey } from "../../lib/action-result";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** A size in bytes as the page's language writes it ("25 MB", "25 МБ"), in steps of 1,024. */
export function sizeText(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const options: Intl.NumberFormatOptions = {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit >= 2 ? 1 : 0,
  };
  try {
    return new Intl.NumberFormat(language, options).format(value);
  } catch {
    return new Intl.NumberFormat("en", options).format(value);
  }
}

/** The values a reason's sentence shows: sizes in bytes become words ("{{size}}", "{{max}}"). */
function shown(values: AiFailureValues, language: string): Record<string, string | number> {
  const out: Record<string, string | number> = { ...values };
  if (typeof values.size === "number") out.size = sizeText(values.size, language);
  if (typeof values.maxBytes === "number") out.max = sizeText(values.maxBytes, language);
  return out;
}

/** The sentence for a reason code, or `fallback` (the server's English) when the code is unknown. */
export function aiFailureText(
  t: TFunction,
  language: string,
  reason: unknown,
  values: unknown,
  fallback: string,
): string {
  if (!isAiFailureReason(reason)) return fallback;
  const why = failureOf({ reason, values });
  return t(`ai.failures.${reason}`, shown(why?.values ?? {}, language));
}

/** The sentence for a refused request whose details carry a reason code, or null. */
export function aiRefusalText(t: TFunction, language: string, details: unknown): string | null {
  const why = failureOf(details);
  return why ? aiFailureText(t, language, why.reason, why.values, "") : null;
}

/**
 * Why a request for a task was refused, in the page's language: the reason code's sentence where
 * the details carry one, else the sentence for the refusal's code (a course, quiz or unit that is
 * not there; values that are not valid), else the server's sentence, else "failed".
 */
export function aiRequestErrorText(
  t: TFunction,
  language: string,
  error: { code: string; message: string; details?: unknown } | null,
): string {
  if (!error) return t("ai.failed");
  if (error.code === "ai_unavailable") return t("ai.notConfigured");
  const reason = aiRefusalText(t, language, error.details);
  if (reason) return reason;
  const key = refusalMessageKey(error.code);
  return key ? t(key) : error.message || t("ai.failed");
}
