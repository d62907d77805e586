// S3-compatible object storage (AWS S3, MinIO, R2, …): one bucket per site, named after the account
// id (with an optional prefix), created the first time the site stores something.
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../../config";
import { checkBucket, checkKey, type StorageAdapter } from "./adapter";

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.name === "NoSuchKey" || e.name === "NotFound" || e.name === "NoSuchBucket" || e.$metadata?.httpStatusCode === 404
  );
};

export function s3Storage(cfg: S3Config): StorageAdapter & { client: S3Client } {
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    // Path-style addressing and checksums only where required: what most S3-compatible servers expect.
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const name = (bucket: string) => checkBucket(cfg.bucketPrefix ? `${cfg.bucketPrefix}-${bucket}` : bucket);
  const ready = new Map<string, Promise<void>>();

  async function ensureBucket(bucket: string): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (err) {
      if (!notFound(err)) throw err;
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } catch (createErr) {
        const n = (createErr as { name?: string }).name;
        if (n !== "BucketAlreadyOwnedByYou" && n !== "BucketAlreadyExists") throw createErr;
      }
    }
  }
  const withBucket = (bucket: string) => {
    let p = ready.get(bucket);
    if (!p) {
      p = ensureBucket(bucket).catch((err) => {
        ready.delete(bucket);
        throw err;
      });
      ready.set(bucket, p);
    }
    return p;
  };

  return {
    driver: "s3",
    client,
    async put(bucket, key, bytes, contentType) {
      const b = name(bucket);
      await withBucket(b);
      await client.send(new PutObjectCommand({ Bucket: b, Key: checkKey(key), Body: bytes, ContentType: contentType }));
    },
    async get(bucket, key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: name(bucket), Key: checkKey(key) }));
        if (!out.Body) return null;
        const bytes = await out.Body.transformToByteArray();
        return { bytes, contentType: out.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async delete(bucket, key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: name(bucket), Key: checkKey(key) }));
      } catch (err) {
        if (!notFound(err)) throw err;
      }
    },
    async exists(bucket, key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: name(bucket), Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (notFound(err)) return false;
        throw err;
      }
    },
  };
}
