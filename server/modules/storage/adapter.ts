// Where uploaded bytes live. One bucket per site (named after its account id); keys are paths such
// as media/{id}/original.png. Keys and bucket names are checked here, once, for every adapter, so
// no caller can reach outside a bucket (no "..", no absolute paths, no odd characters).

export type StoredObject = { bytes: Uint8Array; contentType: string };

export interface StorageAdapter {
  readonly driver: "memory" | "fs" | "s3";
  put(bucket: string, key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(bucket: string, key: string): Promise<StoredObject | null>;
  /** Removing a key that is not there is not an error. */
  delete(bucket: string, key: string): Promise<void>;
  exists(bucket: string, key: string): Promise<boolean>;
}

const BUCKET = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

export class UnsafeStorageKey extends Error {}

export function checkBucket(bucket: string): string {
  if (!BUCKET.test(bucket)) throw new UnsafeStorageKey(`Not a storage bucket name: "${bucket}"`);
  return bucket;
}

/** A key is 1-8 segments of letters, digits, ".", "_" and "-", none of them "." or "..". */
export function checkKey(key: string): string {
  const parts = key.split("/");
  if (parts.length > 8 || !parts.every((p) => SEGMENT.test(p) && p !== "." && p !== ".." && !p.includes(".."))) {
    throw new UnsafeStorageKey(`Not a storage key: "${key}"`);
  }
  return key;
}
