import { useEffect } from "react";

/** Where the first referral code a visitor arrived with is kept (spec §7: local storage 'referral'). */
export const REFERRAL_STORAGE_KEY = "referral";

/** Keeps the first ?ref=<code> a visitor arrives with; a later link never replaces it. */
export function ReferralCapture() {
  useEffect(() => {
    try {
      const code = new URL(window.location.href).searchParams.get("ref")?.trim();
      if (!code || code.length > 100) return;
      if (!window.localStorage.getItem(REFERRAL_STORAGE_KEY)) window.localStorage.setItem(REFERRAL_STORAGE_KEY, code);
    } catch {
      // Storage can be off (private mode, blocked cookies): the visit simply carries no referral.
    }
  }, []);
  return null;
}
