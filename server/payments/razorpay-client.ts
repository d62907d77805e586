// The Razorpay SDK, pointed at a site's Razorpay account (`config.apiBase` points it elsewhere: a
// local stand-in in tests).
import Razorpay from "razorpay";
import { AppError } from "../errors";
import type { ProviderSettings } from "./types";

export function razorpayClient(settings: ProviderSettings): Razorpay {
  const { keyId } = settings.config;
  const { keySecret } = settings.secrets;
  if (!keyId || !keySecret) throw new AppError("payment_failed", "Razorpay is not set up on this site");
  const rzp = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const base = settings.config.apiBase?.trim();
  // The SDK fixes its host at construction; its HTTP client takes a different base URL.
  if (base)
    (rzp.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL = base.replace(/\/$/, "");
  return rzp;
}

/** The SDK rejects with `{ statusCode, error: { description } }`; a readable message for the logs. */
export function razorpayReason(err: unknown): string {
  const e = err as { statusCode?: number; error?: { description?: string }; message?: string };
  return e?.error?.description ?? e?.message ?? `status ${e?.statusCode ?? "unknown"}`;
}
