// The signature receivers check (Stripe's scheme): `Atrium-Signature: t=<unix seconds>,v1=<hex>`,
// where v1 is HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret. The timestamp is inside
// the signed text, so a captured request cannot be replayed later with a fresh one.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new endpoint secret: 32 random bytes, recognisable by its prefix. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

/** The hex HMAC-SHA256 of "t.body". */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The Atrium-Signature header for a body sent at `timestamp` (unix seconds). */
export const signatureHeader = (secret: string, timestamp: number, body: string) =>
  `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;

/**
 * What a receiver does, given the header, the raw body and its copy of the secret: true when one
 * v1 matches and the timestamp is within `toleranceSeconds` of `now`. Kept here for our tests and
 * as the reference for the documentation.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), "hex");
  return parts
    .filter(([k, v]) => k === "v1" && v && /^[0-9a-f]{64}$/.test(v))
    .some(([, v]) => timingSafeEqual(Buffer.from(v, "hex"), expected));
}
