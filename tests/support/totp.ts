// RFC 6238 TOTP as an authenticator app computes it: HMAC-SHA1 over the 8-byte big-endian counter
// floor(now / 30 s), dynamic truncation, 6 digits, from the base32 secret the profile page shows.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(input: string): Buffer {
  const clean = input.toUpperCase().replace(/\s+/g, "").replace(/=+$/, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const idx = BASE32.indexOf(ch);
    if (idx === -1) throw new Error(`not a base32 character: "${ch}"`);
    value = ((value << 5) | idx) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP for one counter value. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return code.toString().padStart(digits, "0");
}

/** The current code for a base32 `secret` (or the one at `now`, in ms). */
export function totp(secret: string, now = Date.now(), step = 30, digits = 6): string {
  return hotp(base32Decode(secret), Math.floor(now / 1000 / step), digits);
}

/** A 6-digit code that is certainly not the current, previous or next one (the server allows ±1 step; ±2 covers clock drift). */
export function wrongTotp(secret: string, now = Date.now()): string {
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totp(secret, now + d * 30_000)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 111111) % 1_000_000).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}

/** The secret of an otpauth://totp/...?secret=... URI. */
export function secretFromUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
