// Writes a .br and a .gz beside every text file of the browser build (build/client), once, at the
// strongest settings, so the server sends assets compressed without compressing anything itself
// (server/http/static-files.ts). A variant that would not be smaller is not written.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const ROOT = process.argv[2] ?? "build/client";
const TEXT = /\.(js|mjs|css|html|json|svg|txt|xml|map|webmanifest|ico)$/i;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

async function precompress(path) {
  const bytes = await readFile(path);
  const variants = [
    [
      ".br",
      () =>
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        }),
    ],
    [".gz", () => gz(bytes, { level: constants.Z_BEST_COMPRESSION })],
  ];
  let raw = 0;
  let br = 0;
  for (const [suffix, compress] of variants) {
    // A variant left from an earlier build of a file with the same name must not outlive it.
    await rm(path + suffix, { force: true });
    if (bytes.byteLength < MIN_BYTES) continue;
    const out = await compress();
    if (out.byteLength >= bytes.byteLength) continue;
    await writeFile(path + suffix, out);
    if (suffix === ".br") [raw, br] = [bytes.byteLength, out.byteLength];
  }
  return { raw, br };
}

const queue = [];
for await (const path of files(ROOT)) if (TEXT.test(path)) queue.push(path);
let raw = 0;
let br = 0;
// zlib works in the libuv thread pool: a few at a time keeps every thread busy.
const workers = Array.from({ length: 4 }, async () => {
  for (let path = queue.shift(); path; path = queue.shift()) {
    const sizes = await precompress(path);
    raw += sizes.raw;
    br += sizes.br;
  }
});
await Promise.all(workers);
console.log(`precompressed ${ROOT}: ${(raw / 1024).toFixed(0)} KB of text → ${(br / 1024).toFixed(0)} KB brotli`);
