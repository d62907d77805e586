// The media library over HTTP: uploads typed by content, the plan's storage limit, resized
// variants cached in storage, tenancy (another site's ids are 404 and change nothing), avatars with
// their default, and the S3 adapter against a local S3-compatible server.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { media } from "../../server/db/schema/media";
import { withPlatform } from "../../server/db/tenant";
import { mediaLibrary } from "../../server/modules/media";
import { s3Storage, type StorageAdapter, storageFor } from "../../server/modules/storage";
import { buildUser } from "../../server/seed/builders";
import { disguisedSamples, mediaSamples } from "../support/media-samples";
import { signIn, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, memberOf, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

let t: TestPlatform;
let a: SiteWithOwner;
let b: SiteWithOwner;
let storage: StorageAdapter;
const puts: string[] = [];
/** Milliseconds every storage write takes (to widen the window between check and commit). */
let slowPuts = 0;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** A Windows program's first bytes: the MZ header with a PE signature behind it. */
function exeBytes(): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set([0x4d, 0x5a, 0x90, 0x00], 0);
  new DataView(bytes.buffer).setUint32(0x3c, 0x80, true);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}

function form(name: string, bytes: Uint8Array | Buffer, fields: Record<string, string> = {}) {
  const f = new FormData();
  f.set("file", new File([new Uint8Array(bytes)], name));
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const upload = (s: SiteWithOwner, name: string, bytes: Uint8Array | Buffer, fields?: Record<string, string>) =>
  t.request(s.site.slug, "/api/v1/media", { method: "POST", body: form(name, bytes, fields), cookie: s.ownerCookie });

beforeAll(async () => {
  t = await startTestPlatform();
  a = await siteWithOwner(t, "media-a", { plan: PLAN_IDS.starter });
  b = await siteWithOwner(t, "media-b", { plan: PLAN_IDS.starter });
  storage = storageFor(t.platform.cfg);
  const put = storage.put.bind(storage);
  storage.put = async (bucket, key, bytes, type) => {
    puts.push(`${bucket}/${key}`);
    if (slowPuts) await new Promise((r) => setTimeout(r, slowPuts));
    return put(bucket, key, bytes, type);
  };
});
afterAll(() => t?.close());

describe("the platform's own site", () => {
  it("staff may upload images for the platform blog and docs; other people may not", async () => {
    const staff = await buildUser(t.platform.auth, { email: "staff@atrium.test" });
    const staffCookie = await signIn(t, null, staff.email, staff.password);
    const f = () => form("docs-diagram.png", new Uint8Array(1));
    const res = await t.request(null, "/api/v1/media", {
      method: "POST",
      body: form("docs-diagram.png", await png(800, 400)),
      cookie: staffCookie,
    });
    expect(res.status).toBe(201);
    expect((await body(res)).width).toBe(800);
    const list = await body(await t.request(null, "/api/v1/media", { cookie: staffCookie }));
    expect(list.items.map((i: { filename: string }) => i.filename)).toContain("docs-diagram.png");
    // The platform's own site is on no plan and is not metered.
    expect(list.usage.limitBytes).toBeNull();

    const someone = await buildUser(t.platform.auth, { email: uniqueEmail("someone") });
    const someoneCookie = await signIn(t, null, someone.email, someone.password);
    await expectError(
      await t.request(null, "/api/v1/media", { method: "POST", body: f(), cookie: someoneCookie }),
      403,
      "forbidden",
    );
  });
});

describe("uploading", () => {
  it("stores a PNG with its dimensions and serves it with its type", async () => {
    const res = await upload(a, "Team photo.png", await png(1600, 900), { alt: "The team" });
    expect(res.status).toBe(201);
    const item = await body(res);
    expect(item).toMatchObject({ mime: "image/png", kind: "image", width: 1600, height: 900, alt: "The team" });
    expect(item.url).toBe(`/media/${item.id}/Team-photo.png`);

    const file = await t.request(a.site.slug, item.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(1600);

    const list = await body(await t.request(a.site.slug, "/api/v1/media?kind=image", { cookie: a.ownerCookie }));
    expect(list.items.map((i: { id: string }) => i.id)).toContain(item.id);
    expect(list.usage.usedBytes).toBeGreaterThan(0);
    expect(list.usage.limitBytes).toBe(1024 * 1024 * 1024);
    const docs = await body(await t.request(a.site.slug, "/api/v1/media?kind=document", { cookie: a.ownerCookie }));
    expect(docs.items.map((i: { id: string }) => i.id)).not.toContain(item.id);
    const found = await body(await t.request(a.site.slug, "/api/v1/media?q=team", { cookie: a.ownerCookie }));
    expect(found.total).toBeGreaterThanOrEqual(1);
  });

  it("refuses a program renamed cat.png, naming what it is, and stores nothing", async () => {
    const before = await countFor(t, media, a.site.accountId);
    const putsBefore = puts.length;
    const err = await expectError(await upload(a, "cat.png", exeBytes()), 415, "unsupported_media_type");
    expect(err.message).toMatch(/cat\.png is application\/x-msdownload/);
    expect(await countFor(t, media, a.site.accountId)).toBe(before);
    expect(puts.length).toBe(putsBefore);
  });

  it("takes a real file of every type §5 allows, typed by its family, and serves it back as that type", async () => {
    const site = await siteWithOwner(t, "media-types", { plan: PLAN_IDS.starter });
    for (const sample of await mediaSamples()) {
      const res = await upload(site, sample.name, sample.bytes);
      expect({ name: sample.name, status: res.status }).toEqual({ name: sample.name, status: 201 });
      const item = await body(res);
      expect({ name: sample.name, mime: item.mime, kind: item.kind }).toEqual({
        name: sample.name,
        mime: sample.mime,
        kind: sample.kind,
      });
      const file = await t.request(site.site.slug, item.url);
      expect(file.headers.get("content-type")).toBe(sample.mime);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(sample.bytes);
    }
  });

  it("refuses files that are not what their name says (a .png that is a page or a script), storing nothing", async () => {
    const before = await countFor(t, media, a.site.accountId);
    const putsBefore = puts.length;
    for (const sample of disguisedSamples()) {
      const err = await expectError(await upload(a, sample.name, sample.bytes), 415, "unsupported_media_type");
      expect(err.details).toMatchObject({ detected: sample.detected, reason: sample.reason });
    }
    expect(await countFor(t, media, a.site.accountId)).toBe(before);
    expect(puts.length).toBe(putsBefore);
  });

  it("refuses an SVG with a script, takes a plain one and serves it under a restrictive policy", async () => {
    const evil = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const err = await expectError(await upload(a, "logo.svg", Buffer.from(evil)), 415, "unsupported_media_type");
    expect(err.message).toMatch(/scripts/);
    const handler = '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)" width="1" height="1"/></svg>';
    await expectError(await upload(a, "logo.svg", Buffer.from(handler)), 415, "unsupported_media_type");

    const clean =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10"/></svg>';
    const item = await body(await upload(a, "logo.svg", Buffer.from(clean)));
    expect(item).toMatchObject({ mime: "image/svg+xml", kind: "image" });
    const file = await t.request(a.site.slug, item.url);
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect(file.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
  });

  it("types text files from their content: CSV, JSON and plain text", async () => {
    const csv = await body(await upload(a, "people.csv", Buffer.from("name,email\nAda,ada@example.org\n")));
    expect(csv.mime).toBe("text/csv");
    const json = await body(await upload(a, "data.txt", Buffer.from('{"a":[1,2]}')));
    expect(json.mime).toBe("application/json");
    const txt = await body(await upload(a, "notes.md", Buffer.from("Just some notes.\n")));
    expect(txt.mime).toBe("text/plain");
    const file = await t.request(a.site.slug, txt.url);
    expect(file.headers.get("content-disposition")).toBe("attachment");
  });

  it("refuses a file over the plan's storage limit with the usage in the message, storing nothing", async () => {
    const small = await siteWithOwner(t, "media-full", { plan: PLAN_IDS.lifetime });
    // 512 MB plan with all but 100 bytes used.
    await withPlatform(t.database.db, (tx) =>
      tx.insert(media).values({
        accountId: small.site.accountId,
        storageKey: "media/existing/original.mp4",
        filename: "lecture.mp4",
        mime: "video/mp4",
        size: 512 * 1024 * 1024 - 100,
      }),
    );
    const putsBefore = puts.length;
    const err = await expectError(await upload(small, "photo.png", await png(400, 300)), 403, "plan_limit");
    expect(err.message).toMatch(/uses 512 MB of its 512 MB storage/);
    expect(err.details).toMatchObject({ limitBytes: 512 * 1024 * 1024, usedBytes: 512 * 1024 * 1024 - 100 });
    expect(await countFor(t, media, small.site.accountId)).toBe(1);
    expect(puts.length).toBe(putsBefore);
  });

  it("gives a site with no plan, or a plan that names no storage, no storage (§6)", async () => {
    for (const plan of [null, PLAN_IDS.dedicated]) {
      const site = await siteWithOwner(t, "media-none", { plan });
      const err = await expectError(await upload(site, "photo.png", await png(40, 30)), 403, "plan_limit");
      expect(err.message).toMatch(/plan includes no file storage/);
      expect(err.details).toMatchObject({ limitBytes: 0, usedBytes: 0 });
      expect(await countFor(t, media, site.site.accountId)).toBe(0);
      const list = await body(await t.request(site.site.slug, "/api/v1/media", { cookie: site.ownerCookie }));
      expect(list.usage).toEqual({ usedBytes: 0, limitBytes: 0 });
    }
  });

  it("lets only one of two concurrent uploads take the last space", async () => {
    const site = await siteWithOwner(t, "media-race", { plan: PLAN_IDS.lifetime });
    const image = await png(300, 300);
    await withPlatform(t.database.db, (tx) =>
      tx.insert(media).values({
        accountId: site.site.accountId,
        storageKey: "media/existing/original.zip",
        filename: "big.zip",
        mime: "application/zip",
        size: 512 * 1024 * 1024 - Math.floor(image.byteLength * 1.5),
      }),
    );
    // Each write is slow, so without the per-site lock both uploads would read the sum before either commits.
    slowPuts = 400;
    const results = await Promise.all([upload(site, "one.png", image), upload(site, "two.png", image)]).finally(() => {
      slowPuts = 0;
    });
    expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await countFor(t, media, site.site.accountId)).toBe(2);
  });

  it("refuses a file over 100 MB before looking at it", async () => {
    const err = await mediaLibrary
      .upload(t.database.db, storage, a.site, a.owner.id, {
        filename: "huge.mp4",
        bytes: new Uint8Array(100 * 1024 * 1024 + 1),
      })
      .catch((e) => e);
    expect({ code: err.code, status: err.status }).toEqual({ code: "payload_too_large", status: 413 });
    expect(err.message).toMatch(/at most 100 MB/);
  });

  it("is for managers: a student is refused and nothing is stored", async () => {
    const student = await memberOf(t, a.site, "student", "media-student");
    const before = await countFor(t, media, a.site.accountId);
    const res = await t.request(a.site.slug, "/api/v1/media", {
      method: "POST",
      body: form("x.png", await png(10, 10)),
      cookie: student.cookie,
    });
    await expectError(res, 403, "forbidden");
    expect(await countFor(t, media, a.site.accountId)).toBe(before);
    await expectError(await t.request(a.site.slug, "/api/v1/media", { cookie: student.cookie }), 403, "forbidden");
  });
});

describe("the API document", () => {
  it("describes the upload as a multipart body with a binary file", async () => {
    const doc = await body(await t.request(a.site.slug, "/api/v1/openapi.json"));
    const upload = doc.paths["/media"].post.requestBody.content["multipart/form-data"].schema;
    const schema = upload.$ref ? doc.components.schemas[upload.$ref.split("/").pop()] : upload;
    expect(schema.properties.file).toMatchObject({ type: "string", format: "binary" });
    expect(schema.required).toContain("file");
    expect(doc.paths["/media/{id}"]).toHaveProperty("patch");
    expect(doc.paths["/me/avatar"]).toHaveProperty("post");
  });
});

describe("resized images", () => {
  it("serves ?w=640 as a 640-pixel AVIF or WebP, computed once and then read from storage", async () => {
    const item = await body(await upload(a, "wide.png", await png(1600, 900)));
    const get = () => t.request(a.site.slug, `${item.url}?w=600`, { headers: { accept: "image/avif,image/webp,*/*" } });
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/avif");
    expect(first.headers.get("vary")).toBe("Accept");
    expect(first.headers.get("x-media-cache")).toBe("miss");
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect(meta.width).toBe(640);
    expect(meta.format).toBe("heif");

    const second = await get();
    expect(second.headers.get("x-media-cache")).toBe("hit");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await storage.exists(a.site.accountId, `media/${item.id}/w640.avif`)).toBe(true);

    const webp = await t.request(a.site.slug, `${item.url}?w=640`, { headers: { accept: "image/webp,*/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(640);

    const plain = await t.request(a.site.slug, `${item.url}?w=700`, { headers: { accept: "*/*" } });
    expect(plain.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).width).toBe(750);

    const notModified = await t.request(a.site.slug, `${item.url}?w=600`, {
      headers: { accept: "image/avif", "if-none-match": first.headers.get("etag") as string },
    });
    expect(notModified.status).toBe(304);
  });

  it("never makes an image wider than it is", async () => {
    const item = await body(await upload(a, "small.png", await png(500, 200)));
    const res = await t.request(a.site.slug, `${item.url}?w=1920`, { headers: { accept: "image/webp" } });
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(500);
  });

  it("deleting a file removes it and its resized copies", async () => {
    const item = await body(await upload(a, "gone.png", await png(800, 400)));
    await t.request(a.site.slug, `${item.url}?w=640`, { headers: { accept: "image/webp" } });
    expect(await storage.exists(a.site.accountId, `media/${item.id}/w640.webp`)).toBe(true);
    const res = await t.request(a.site.slug, `/api/v1/media/${item.id}`, { method: "DELETE", cookie: a.ownerCookie });
    expect(res.status).toBe(200);
    expect(await storage.exists(a.site.accountId, `media/${item.id}/w640.webp`)).toBe(false);
    expect(await storage.exists(a.site.accountId, `media/${item.id}/original.png`)).toBe(false);
    expect((await t.request(a.site.slug, item.url)).status).toBe(404);
  });
});

describe("another site's files", () => {
  it("answer 404 on every endpoint and stay as they were", async () => {
    const item = await body(await upload(a, "private.png", await png(300, 200), { alt: "Original alt" }));
    const as = (method: string, path: string, json?: unknown) =>
      t.request(b.site.slug, path, { method, cookie: b.ownerCookie, json });
    await expectError(await as("GET", `/api/v1/media/${item.id}`), 404, "not_found");
    await expectError(await as("PATCH", `/api/v1/media/${item.id}`, { alt: "Hijacked" }), 404, "not_found");
    await expectError(await as("DELETE", `/api/v1/media/${item.id}`), 404, "not_found");
    expect((await t.request(b.site.slug, item.url)).status).toBe(404);
    expect((await t.request(b.site.slug, `${item.url}?w=640`)).status).toBe(404);
    const listB = await body(await as("GET", "/api/v1/media"));
    expect(listB.items.map((i: { id: string }) => i.id)).not.toContain(item.id);

    const [row] = await withPlatform(t.database.db, (tx) => tx.select().from(media).where(eq(media.id, item.id)));
    expect(row.alt).toBe("Original alt");
    expect((await t.request(a.site.slug, item.url)).status).toBe(200);
  });

  it("the owner can change the alternative text of their own", async () => {
    const item = await body(await upload(a, "mine.png", await png(100, 100)));
    const res = await t.request(a.site.slug, `/api/v1/media/${item.id}`, {
      method: "PATCH",
      cookie: a.ownerCookie,
      json: { alt: "A blue square" },
    });
    expect((await body(res)).alt).toBe("A blue square");
  });
});

describe("avatars", () => {
  it("falls back to the default avatar, then serves the uploaded one as a 256×256 JPEG", async () => {
    const path = `/avatars/${a.owner.id}/avatar.jpg`;
    const fallback = await t.request(a.site.slug, path);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get("content-type")).toBe("image/jpeg");
    expect(fallback.headers.get("x-avatar")).toBe("default");
    expect((await sharp(Buffer.from(await fallback.arrayBuffer())).metadata()).format).toBe("jpeg");

    const up = await t.request(a.site.slug, "/api/v1/me/avatar", {
      method: "POST",
      body: form("me.png", await png(900, 600)),
      cookie: a.ownerCookie,
    });
    expect(up.status).toBe(200);
    const mine = await t.request(a.site.slug, path);
    expect(mine.headers.get("x-avatar")).toBe("member");
    const meta = await sharp(Buffer.from(await mine.arrayBuffer())).metadata();
    expect({ w: meta.width, h: meta.height, f: meta.format }).toEqual({ w: 256, h: 256, f: "jpeg" });
    // Another site's bucket has no avatar for this user.
    expect((await t.request(b.site.slug, path)).headers.get("x-avatar")).toBe("default");

    await expectError(
      await t.request(a.site.slug, "/api/v1/me/avatar", {
        method: "POST",
        body: form("me.png", exeBytes()),
        cookie: a.ownerCookie,
      }),
      415,
      "unsupported_media_type",
    );
    const del = await t.request(a.site.slug, "/api/v1/me/avatar", { method: "DELETE", cookie: a.ownerCookie });
    expect(del.status).toBe(200);
    expect((await t.request(a.site.slug, path)).headers.get("x-avatar")).toBe("default");
  });

  it("an unreadable stored avatar shows the default", async () => {
    await storage.put(a.site.accountId, `avatars/${b.owner.id}/avatar.jpg`, new Uint8Array([1, 2, 3, 4]), "image/jpeg");
    const res = await t.request(a.site.slug, `/avatars/${b.owner.id}/avatar.jpg`);
    expect(res.headers.get("x-avatar")).toBe("default");
  });

  it("needs a signed-in user to upload", async () => {
    const res = await t.request(a.site.slug, "/api/v1/me/avatar", {
      method: "POST",
      body: form("me.png", await png(10, 10)),
    });
    expect(res.status).toBe(401);
  });
});

describe("S3-compatible storage", () => {
  let server: S3rver;
  let dir: string;
  let s3: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "atrium-s3-"));
    server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
    const { port } = await server.run();
    s3 = s3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      bucketPrefix: "atrium",
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("creates the site's bucket on first use and round-trips an object", async () => {
    const bucket = a.site.accountId;
    expect(await s3.get(bucket, "media/x/original.txt")).toBeNull();
    expect(await s3.exists(bucket, "media/x/original.txt")).toBe(false);
    await s3.put(bucket, "media/x/original.txt", new TextEncoder().encode("hello"), "text/plain");
    const got = await s3.get(bucket, "media/x/original.txt");
    expect(got && new TextDecoder().decode(got.bytes)).toBe("hello");
    expect(got?.contentType).toBe("text/plain");
    expect(await s3.exists(bucket, "media/x/original.txt")).toBe(true);
    const { ListBucketsCommand } = await import("@aws-sdk/client-s3");
    const buckets = await s3.client.send(new ListBucketsCommand({}));
    expect(buckets.Buckets?.map((x) => x.Name)).toContain(`atrium-${bucket}`);
    await s3.delete(bucket, "media/x/original.txt");
    expect(await s3.exists(bucket, "media/x/original.txt")).toBe(false);
    await s3.delete(bucket, "media/x/original.txt");
  });

  it("keeps library files there: upload, resize and delete", async () => {
    const item = await mediaLibrary.upload(t.database.db, s3, b.site, b.owner.id, {
      filename: "cloud.png",
      bytes: new Uint8Array(await png(1200, 600)),
    });
    const variant = await mediaLibrary.file(t.database.db, s3, b.site.accountId, item.id, {
      width: 640,
      accept: "image/webp",
    });
    expect((await sharp(Buffer.from(variant.bytes)).metadata()).width).toBe(640);
    expect(await s3.exists(b.site.accountId, `media/${item.id}/w640.webp`)).toBe(true);
    await mediaLibrary.remove(t.database.db, s3, b.site.accountId, item.id);
    expect(await s3.exists(b.site.accountId, `media/${item.id}/original.png`)).toBe(false);
  });

  it("refuses keys that would leave the bucket", async () => {
    await expect(s3.put(a.site.accountId, "../other/x.txt", new Uint8Array([1]), "text/plain")).rejects.toThrow(
      /storage key/,
    );
  });
});
