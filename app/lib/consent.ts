// Cookie consent (spec §2, §4, §9): once the preference cookie exists the bar is not shown again.
// The choice is read in the browser, never during server rendering, so a public page looks the
// same for every visitor and the server may cache it.
import { readCookie, writeCookie } from "./cookies";

export const CONSENT_COOKIE = "cookie-consent";
/** Spec §9: the preference lasts 180 days. */
export const CONSENT_DAYS = 180;
/** Spec §9 wording: all, required, disabled. */
export const CONSENT_CHOICES = ["all", "required", "disabled"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

const CHANGED = "atrium:consent";

export const isConsentChoice = (v: unknown): v is ConsentChoice =>
  typeof v === "string" && (CONSENT_CHOICES as readonly string[]).includes(v);

/** Third-party content (the site owner's custom scripts) loads only after "all" was accepted. */
export const allowsThirdParty = (choice: ConsentChoice | null | undefined) => choice === "all";

export function readConsent(): ConsentChoice | null {
  const value = readCookie(document.cookie, CONSENT_COOKIE);
  return isConsentChoice(value) ? value : null;
}

export function saveConsent(choice: ConsentChoice) {
  writeCookie(CONSENT_COOKIE, choice, CONSENT_DAYS);
  window.dispatchEvent(new Event(CHANGED));
}

export function subscribeConsent(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}
