// Brotli and gzip with node:zlib, in the three strengths Atrium uses: fast for answers compressed
// while the visitor waits, stronger for pages the page cache compresses once and serves many times,
// and the strongest for the build's static files (compressed once, at build time, by
// scripts/precompress.mjs with the same settings).
import {
  type BrotliOptions,
  constants,
  createBrotliCompress,
  createGzip,
  brotliCompress,
  gzip,
  type ZlibOptions,
} from "node:zlib";
import { promisify } from "node:util";
import type { Encoding } from "./encoding";

export type Strength = "dynamic" | "stored";

const BROTLI_QUALITY: Record<Strength, number> = { dynamic: 4, stored: 6 };
const GZIP_LEVEL: Record<Strength, number> = { dynamic: 6, stored: 8 };

const brotliOptions = (strength: Strength, size?: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[strength],
    ...(size ? { [constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
  },
});
const gzipOptions = (strength: Strength): ZlibOptions => ({ level: GZIP_LEVEL[strength] });

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A whole body compressed in the zlib thread pool, so the event loop keeps serving meanwhile. */
export async function compressBytes(body: Uint8Array, encoding: Encoding, strength: Strength): Promise<Uint8Array> {
  const out =
    encoding === "br"
      ? await brotliAsync(body, brotliOptions(strength, body.byteLength))
      : await gzipAsync(body, gzipOptions(strength));
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/**
 * A body that is still being written, compressed as it comes: whatever the source gives in one
 * burst is compressed together and flushed as soon as the source pauses, so a streamed page's
 * first part reaches the browser without waiting for the rest.
 */
export function compressStream(
  first: readonly Uint8Array[],
  pending: Promise<ReadableStreamReadResult<Uint8Array>> | null,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const zs = encoding === "br" ? createBrotliCompress(brotliOptions("dynamic")) : createGzip(gzipOptions("dynamic"));
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushQueued = false;
  const write = async (chunk: Uint8Array) => {
    if (zs.destroyed) throw new Error("the answer was abandoned");
    if (!zs.write(chunk)) await new Promise<void>((ok) => zs.once("drain", ok).once("close", ok));
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(() => {
        flushQueued = false;
        if (!zs.destroyed && !zs.writableEnded) zs.flush(flushKind);
      });
    }
  };
  (async () => {
    for (const chunk of first) await write(chunk);
    for (let next = pending ?? reader.read(); ; next = reader.read()) {
      const { done, value } = await next;
      if (done) break;
      await write(value);
    }
    zs.end();
  })().catch((err) => {
    reader.cancel(err).catch(() => undefined);
    zs.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return new ReadableStream<Uint8Array>({
    start(controller) {
      zs.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // A slow reader holds the compressor back, and through it the source.
        if ((controller.desiredSize ?? 1) <= 0) zs.pause();
      });
      zs.once("end", () => controller.close());
      zs.once("error", (err) => controller.error(err));
    },
    pull() {
      zs.resume();
    },
    cancel(reason) {
      zs.destroy();
      return reader.cancel(reason);
    },
  });
}
