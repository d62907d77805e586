// Compression of dynamic answers (HTML, JSON, JS, CSS, XML, SVG…): brotli or gzip as the browser
// accepts, at a fast level. An answer that is ready at once is compressed whole and sent with its
// length; one that is still being written (streamed server rendering) is compressed as it comes and
// flushed whenever its source pauses, so it still streams. Left alone: answers already encoded (the
// build's precompressed files, the page cache's stored variants), tiny ones, compressed formats,
// event streams, ranges, HEAD, and anything marked `Cache-Control: no-transform`.
import type { MiddlewareHandler } from "hono";
import { compressBytes, compressStream } from "../compress";
import { isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, varyOnEncoding } from "../encoding";
import { setHeaders } from "../response-headers";

/** More than this ready at once is compressed as a stream rather than held in memory. */
const WHOLE_BODY_LIMIT = 1024 * 1024;
const NO_BODY = new Set([101, 204, 205, 206, 304]);
const PAUSED = Symbol("paused");
const nextTurn = () => new Promise<typeof PAUSED>((ok) => setImmediate(() => ok(PAUSED)));

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export const compression: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || NO_BODY.has(res.status) || c.req.method === "HEAD" || c.req.header("upgrade")) return;
  if (res.headers.has("content-encoding") || res.headers.has("content-range")) return;
  if (!isCompressible(res.headers.get("content-type"))) return;
  const vary = varyOnEncoding(res.headers.get("vary"));
  setHeaders(c, { Vary: vary });
  if (/\bno-transform\b/i.test(res.headers.get("cache-control") ?? "")) return;
  const encoding = negotiateEncoding(c.req.header("accept-encoding"));
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (!encoding || declared < MIN_COMPRESS_BYTES) return;

  // What is ready now: a whole answer arrives in one go; a stream shows itself by pausing.
  const reader = (c.res.body as ReadableStream<Uint8Array>).getReader();
  const first: Uint8Array[] = [];
  let size = 0;
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let ended = false;
  while (size < WHOLE_BODY_LIMIT) {
    const read = reader.read();
    const got = await Promise.race([read, nextTurn()]);
    if (got === PAUSED) {
      pending = read;
      break;
    }
    if (got.done) {
      ended = true;
      break;
    }
    first.push(got.value);
    size += got.value.byteLength;
  }

  let body: Uint8Array | ReadableStream<Uint8Array>;
  if (ended) {
    const whole = concat(first, size);
    if (size < MIN_COMPRESS_BYTES) {
      c.res = new Response(whole as Uint8Array<ArrayBuffer>, c.res);
      return;
    }
    body = await compressBytes(whole, encoding, "dynamic");
  } else {
    body = compressStream(first, pending, reader, encoding);
  }
  c.res = new Response(body as BodyInit, c.res);
  c.res.headers.set("Content-Encoding", encoding);
  c.res.headers.set("Vary", vary);
  if (body instanceof Uint8Array) c.res.headers.set("Content-Length", String(body.byteLength));
  else c.res.headers.delete("Content-Length");
  // The compressed bytes differ from the plain ones: the tag may only claim equivalence.
  const etag = c.res.headers.get("etag");
  if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
};
