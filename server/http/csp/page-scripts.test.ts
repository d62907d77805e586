import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withoutNonce } from "./page-scripts";

const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;

describe("withoutNonce", () => {
  const html = [
    '<script nonce="N1">window.a = 1</script>',
    '<script nonce="N1" type="module" async="">import("/assets/entry.js")</script>',
    '<script nonce="N1" src="/assets/x.js"></script>',
    "<script>injected()</script>",
    '<script type="application/ld+json">{"a":1}</script>',
  ].join("");

  it("takes the nonce out and allows exactly the scripts that carried it by their hashes", () => {
    const page = withoutNonce(html, "N1");
    expect(page.html).not.toContain("N1");
    expect(page.html).toContain('<script type="module" async="">import("/assets/entry.js")</script>');
    expect(page.hashes).toEqual([sha("window.a = 1"), sha('import("/assets/entry.js")')]);
    expect(page.hashes).not.toContain(sha("injected()"));
  });
});
