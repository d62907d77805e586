import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signatureHeader, verifySignature } from "./signature";

describe("webhook signatures", () => {
  const secret = "whsec_test";
  const body = '{"id":"e1","type":"ping"}';

  it("signs t.body with HMAC-SHA256 under the secret, as t=…,v1=…", () => {
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it("verifies a fresh signature and refuses a changed body, another secret or an old timestamp", () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, 1_700_000_010)).toBe(true);
    expect(verifySignature(secret, header, `${body} `, 1_700_000_010)).toBe(false);
    expect(verifySignature("whsec_other", header, body, 1_700_000_010)).toBe(false);
    expect(verifySignature(secret, header, body, 1_700_000_000 + 301)).toBe(false);
    expect(verifySignature(secret, "t=1700000000,v1=zz", body, 1_700_000_000)).toBe(false);
  });

  it("makes a different, prefixed secret each time", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
