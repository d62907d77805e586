// A rendered page as the page cache keeps it: the nonce it was rendered with is taken out (it must
// never be handed to a second visitor) and the scripts that carried it are allowed by their hashes
// instead. Scripts without the nonce were never ours and stay blocked, cached or not.
import { scriptHash } from "./owner-sources";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export function withoutNonce(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attrs, code] of html.matchAll(SCRIPT)) {
    if (attrs.includes(attribute) && !/\bsrc=/i.test(attrs)) hashes.add(scriptHash(code));
  }
  return { html: html.replaceAll(attribute, ""), hashes: [...hashes] };
}
