import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, fsStorage, memoryStorage, type StorageAdapter } from ".";

const BUCKET = "0b6f1c2e-1111-4000-8000-000000000001";
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "atrium-storage-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each([
  ["memory", () => memoryStorage()],
  ["fs", () => fsStorage(join(dir, "storage"))],
] as const)("the %s adapter", (_name, make) => {
  let s: StorageAdapter;
  beforeAll(() => {
    s = make();
  });

  it("puts, gets, checks and deletes an object with its content type", async () => {
    expect(await s.get(BUCKET, "media/a/original.png")).toBeNull();
    expect(await s.exists(BUCKET, "media/a/original.png")).toBe(false);
    await s.put(BUCKET, "media/a/original.png", new Uint8Array([1, 2, 3]), "image/png");
    expect(await s.exists(BUCKET, "media/a/original.png")).toBe(true);
    const o = await s.get(BUCKET, "media/a/original.png");
    expect(o && Array.from(o.bytes)).toEqual([1, 2, 3]);
    expect(o?.contentType).toBe("image/png");
    await s.delete(BUCKET, "media/a/original.png");
    expect(await s.get(BUCKET, "media/a/original.png")).toBeNull();
    // Deleting what is not there is fine.
    await s.delete(BUCKET, "media/a/original.png");
  });

  it("keeps buckets apart", async () => {
    await s.put(BUCKET, "avatars/u1/avatar.jpg", new Uint8Array([9]), "image/jpeg");
    expect(await s.exists("0b6f1c2e-1111-4000-8000-000000000002", "avatars/u1/avatar.jpg")).toBe(false);
  });

  it.each([
    "../escape.txt",
    "media/../../escape.txt",
    "/etc/passwd",
    "media//x",
    "media/.hidden",
    "media/a\\b",
    "",
    "media/..",
  ])("refuses the key %j", async (key) => {
    await expect(s.put(BUCKET, key, new Uint8Array([1]), "text/plain")).rejects.toThrow(/storage key/);
    await expect(s.get(BUCKET, key)).rejects.toThrow(/storage key/);
  });

  it.each(["..", "../x", "UPPER-case", "a", "with_underscore", "a/b"])("refuses the bucket %j", async (bucket) => {
    await expect(s.put(bucket, "k.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow(/bucket/);
  });
});

describe("the fs adapter on disk", () => {
  it("writes under {root}/{bucket}/{key} and nowhere else", async () => {
    const root = join(dir, "disk");
    const s = fsStorage(root);
    await s.put(BUCKET, "media/b/original.txt", new TextEncoder().encode("hi"), "text/plain");
    expect(await readdir(root)).toEqual([BUCKET]);
    expect((await readdir(join(root, BUCKET, "media", "b"))).sort()).toEqual(["original.txt", "original.txt.type"]);
  });
});

describe("createStorage", () => {
  it("follows the configuration", () => {
    expect(createStorage({ driver: "memory" }).driver).toBe("memory");
    expect(createStorage({ driver: "fs", dir }).driver).toBe("fs");
    expect(
      createStorage({ driver: "s3", s3: { region: "us-east-1", accessKeyId: "k", secretAccessKey: "s" } }).driver,
    ).toBe("s3");
  });
});
