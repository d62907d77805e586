// Reading the session cookie without a round trip through the auth library: the cookie is
// `token.signature` with an HMAC-SHA256 signature (base64) under the auth secret, as better-auth
// writes it. A cookie whose signature does not verify is treated as absent.
import { createHmac, timingSafeEqual } from "node:crypto";

/** better-auth's defaults: a session lives 7 days and is extended when used after 1 day. */
export const SESSION_EXPIRES_IN_S = 7 * 24 * 3600;
export const SESSION_UPDATE_AGE_S = 24 * 3600;

export function readSessionToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

/** Whether the auth library would extend this session now (so the request should let it). */
export const sessionNeedsRefresh = (expiresAt: Date, now = Date.now()) =>
  expiresAt.getTime() - SESSION_EXPIRES_IN_S * 1000 + SESSION_UPDATE_AGE_S * 1000 <= now;
