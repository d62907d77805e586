// The build's browser files (build/client): hashed assets and the icon. Each text file has a .br
// and a .gz beside it, written at build time (scripts/precompress.mjs); the one the browser accepts
// is sent as it is, with the original's type, its own length and Vary: Accept-Encoding, so serving
// an asset costs no compression at all. The build never changes while the process runs, so what is
// on disk is looked up once per file.
import { createReadStream, statSync } from "node:fs";
import { join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { type Encoding, isCompressible, negotiateEncoding, OFFERED } from "./encoding";

type Variant = { path: string; size: number };
type StaticFile = { type: string; modified: string; identity: Variant; encoded: Partial<Record<Encoding, Variant>> };

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

function sizeOf(path: string): number | null {
  try {
    const s = statSync(path);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

function lookUp(root: string, urlPath: string): StaticFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root + sep) || decoded.includes("\0")) return null;
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const type = getMimeType(path) ?? "application/octet-stream";
  const encoded: StaticFile["encoded"] = {};
  if (isCompressible(type)) {
    for (const encoding of OFFERED) {
      const size = sizeOf(path + SUFFIX[encoding]);
      if (size !== null) encoded[encoding] = { path: path + SUFFIX[encoding], size };
    }
  }
  return { type, modified: stat.mtime.toUTCString(), identity: { path, size: stat.size }, encoded };
}

export function staticFiles(opts: { root: string; cacheControl: (path: string) => string }): MiddlewareHandler {
  const root = normalize(opts.root);
  const known = new Map<string, StaticFile | null>();
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let file = known.get(c.req.path);
    if (file === undefined) {
      file = lookUp(root, c.req.path);
      if (known.size < 10_000) known.set(c.req.path, file);
    }
    if (!file) return next();
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const variant = (encoding && file.encoded[encoding]) || file.identity;
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Content-Length": String(variant.size),
      "Cache-Control": opts.cacheControl(c.req.path),
      "Last-Modified": file.modified,
    };
    if (isCompressible(file.type)) headers.Vary = "Accept-Encoding";
    if (variant !== file.identity && encoding) headers["Content-Encoding"] = encoding;
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    const body = Readable.toWeb(createReadStream(variant.path)) as ReadableStream<Uint8Array>;
    return c.body(body, 200, headers);
  };
}
