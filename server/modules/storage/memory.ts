// Files kept in the process (DATA_DIR=":memory:"): tests and benchmarks, nothing touches the disk.
import { checkBucket, checkKey, type StorageAdapter, type StoredObject } from "./adapter";

export function memoryStorage(): StorageAdapter {
  const objects = new Map<string, StoredObject>();
  const id = (bucket: string, key: string) => `${checkBucket(bucket)}/${checkKey(key)}`;
  return {
    driver: "memory",
    async put(bucket, key, bytes, contentType) {
      objects.set(id(bucket, key), { bytes: new Uint8Array(bytes), contentType });
    },
    async get(bucket, key) {
      const o = objects.get(id(bucket, key));
      return o ? { bytes: o.bytes, contentType: o.contentType } : null;
    },
    async delete(bucket, key) {
      objects.delete(id(bucket, key));
    },
    async exists(bucket, key) {
      return objects.has(id(bucket, key));
    },
  };
}
