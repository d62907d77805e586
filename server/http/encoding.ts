// Content negotiation for compression: which encoding an Accept-Encoding header lets us use, and
// which answers are worth compressing at all. Shared by the static files, the page cache and the
// compression of dynamic answers, so all three choose alike.

export type Encoding = "br" | "gzip";
/** Brotli first: smaller than gzip at the same speed; gzip for the rest. */
export const OFFERED: readonly Encoding[] = ["br", "gzip"];

/** Below this a compressed body is hardly smaller, and the work is not worth it. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The encoding to answer with, or null for the body as it is. Honours q-values (`br;q=0` refuses
 * brotli) and `*` for whatever the header does not name; on equal weight brotli wins.
 */
export function negotiateEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.toLowerCase().split(";");
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of OFFERED) {
    const weight =
      weights.get(encoding) ?? (encoding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

// Text formats compress well; images, video, audio, archives, PDFs and woff2 fonts are compressed
// already and only grow. An event stream must reach the browser as each event is written.
const COMPRESSIBLE =
  /^(text\/(?!event-stream)[-\w.+]+|application\/([-\w.]+\+)?(json|javascript|ecmascript|xml|manifest\+json|wasm)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon|bmp)|font\/(ttf|otf))\s*(;|$)/i;

export const isCompressible = (contentType: string | null | undefined) => COMPRESSIBLE.test(contentType ?? "");

/** Vary with Accept-Encoding added (once), keeping what the answer already varies on. */
export function varyOnEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  if (vary.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * If-None-Match against an entity tag, compared weakly as RFC 9110 asks: a compressed copy's tag
 * (`W/"…"`, see middleware/compression) still names the same file.
 */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
