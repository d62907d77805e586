// Files under ${DATA_DIR}/storage/{bucket}/{key}. The content type is kept beside each file in
// {key}.type, so what is served is what was detected at upload, not a guess from the name.
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
import { checkBucket, checkKey, type StorageAdapter, UnsafeStorageKey } from "./adapter";

export function fsStorage(root: string): StorageAdapter {
  const base = resolve(root);
  const pathOf = (bucket: string, key: string) => {
    const p = resolve(join(base, checkBucket(bucket), checkKey(key)));
    // Belt and braces: the checks above already rule this out.
    if (!p.startsWith(base + sep)) throw new UnsafeStorageKey(`Not a storage key: "${key}"`);
    return p;
  };
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
  return {
    driver: "fs",
    async put(bucket, key, bytes, contentType) {
      const p = pathOf(bucket, key);
      await mkdir(dirname(p), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const tmp = `${p}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(tmp, bytes);
      await writeFile(`${p}.type`, contentType);
      await rename(tmp, p);
    },
    async get(bucket, key) {
      const p = pathOf(bucket, key);
      try {
        const [bytes, type] = await Promise.all([readFile(p), readFile(`${p}.type`, "utf8").catch(() => "")]);
        return { bytes: new Uint8Array(bytes), contentType: type || "application/octet-stream" };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(bucket, key) {
      const p = pathOf(bucket, key);
      await rm(p, { force: true });
      await rm(`${p}.type`, { force: true });
    },
    async exists(bucket, key) {
      try {
        return (await stat(pathOf(bucket, key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
  };
}
