// The storage adapter of this installation, chosen from the configuration: memory when
// DATA_DIR=":memory:", files under DATA_DIR/storage, or an S3-compatible service.
import type { Config, StorageConfig } from "../../config";
import type { StorageAdapter } from "./adapter";
import { fsStorage } from "./fs";
import { memoryStorage } from "./memory";
import { s3Storage } from "./s3";

export type { StorageAdapter, StoredObject } from "./adapter";
export { checkBucket, checkKey, UnsafeStorageKey } from "./adapter";
export { fsStorage, memoryStorage, s3Storage };

export function createStorage(cfg: StorageConfig): StorageAdapter {
  if (cfg.driver === "memory") return memoryStorage();
  if (cfg.driver === "fs") return fsStorage(cfg.dir);
  return s3Storage(cfg.s3);
}

const byConfig = new WeakMap<Config, StorageAdapter>();

/** One adapter per loaded configuration (so one per process, and one per in-process test platform). */
export function storageFor(cfg: Config): StorageAdapter {
  let s = byConfig.get(cfg);
  if (!s) {
    s = createStorage(cfg.storage);
    byConfig.set(cfg, s);
  }
  return s;
}
