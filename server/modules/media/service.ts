// The media library: files a site's managers upload, kept in the site's storage bucket, listed,
// described (alt text), served at /media/{id}/{name} and, for raster images, resized to the §9
// widths on first request and kept as variants. Types come from the bytes (core/upload-types), and
// the plan's storage limit is checked under a per-site lock, so two uploads cannot both take the
// last megabytes.
import { and, count, desc, eq, ilike, inArray, notLike, sql, sum } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { planLimit } from "../../../core/plans";
import {
  formatBytes,
  IMAGE_VARIANT_WIDTHS,
  MAX_UPLOAD_BYTES,
  type MediaItem,
  type MediaKind,
  mediaKindOf,
  mimesOfKind,
  RESIZABLE_IMAGE_TYPES,
  resolveUploadType,
  type StorageUsage,
  variantWidth,
} from "../../../core/upload-types";
import type { Db, Tx } from "../../db/client";
import { media } from "../../db/schema/media";
import { withTenant } from "../../db/tenant";
import { AppError, notFound } from "../../errors";
import type { StorageAdapter } from "../storage";
import { planLimitError, usage } from "../usage";
import { containing } from "../../db/like";

type MediaRow = typeof media.$inferSelect;

export type { MediaItem, StorageUsage };

/** The part of a site the library needs: whose bucket, and which plan sets the limit. */
export type MediaSite = { accountId: string; isPlatform?: boolean; settings: { plan: string | null } };

const MB = 1024 * 1024;

/**
 * Spec §6: the plan's `storage` (MB), and 0 when the plan does not name it or there is no plan.
 * The platform's own site is on no plan and is not metered (null): it is the operator's.
 */
export function storageLimitBytes(site: MediaSite): number | null {
  if (site.isPlatform) return null;
  return planLimit(site.settings.plan, "storage") * MB;
}

/** A name safe in a URL path segment, keeping the stored type's extension. */
export function urlName(filename: string, ext: string): string {
  const base = filename
    .replace(/\.[A-Za-z0-9]{1,8}$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 80);
  return `${base || "file"}.${ext}`;
}

const extOfKey = (key: string) => key.slice(key.lastIndexOf(".") + 1);

function view(row: MediaRow): MediaItem {
  return {
    id: row.id,
    url: `/media/${row.id}/${urlName(row.filename, extOfKey(row.storageKey))}`,
    filename: row.filename,
    mime: row.mime,
    kind: mediaKindOf(row.mime),
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

async function usedBytes(tx: Tx): Promise<number> {
  const [r] = await tx.select({ used: sum(media.size) }).from(media);
  return Number(r?.used ?? 0);
}

async function imageSize(bytes: Uint8Array, mime: string): Promise<{ width: number | null; height: number | null }> {
  if (mediaKindOf(mime) !== "image" || mime === "image/bmp") return { width: null, height: null };
  try {
    const m = await sharp(bytes, { limitInputPixels: 268_402_689 }).metadata();
    const rotated = (m.orientation ?? 1) >= 5;
    return { width: (rotated ? m.height : m.width) ?? null, height: (rotated ? m.width : m.height) ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** Every key a file may have in the bucket: the original and each resized variant. */
function variantKey(id: string, width: number, ext: string) {
  return `media/${id}/w${width}.${ext}`;
}
const VARIANT_EXTS = ["avif", "webp", "jpg", "png", "gif"] as const;

/** Storage keys of private files (kept out of the library listing and the public /media route). */
const PRIVATE_PREFIX = "private/";

export const mediaLibrary = {
  async upload(
    db: Db,
    storage: StorageAdapter,
    site: MediaSite,
    userId: string | null,
    /** `private`: kept out of the library and never served at /media (students' hand-ins). */
    input: { filename: string; bytes: Uint8Array; alt?: string; private?: boolean },
  ): Promise<MediaItem> {
    const filename = input.filename.trim().slice(0, 255) || "file";
    const { bytes } = input;
    if (bytes.byteLength === 0)
      throw new AppError("validation_failed", "The file is empty", [{ field: "file", message: "The file is empty" }]);
    if (bytes.byteLength > MAX_UPLOAD_BYTES) {
      throw new AppError(
        "payload_too_large",
        `Files can be at most ${formatBytes(MAX_UPLOAD_BYTES)}; ${filename} is ${formatBytes(bytes.byteLength)}`,
        { field: "file", maxBytes: MAX_UPLOAD_BYTES, size: bytes.byteLength },
      );
    }
    const signature = await fileTypeFromBuffer(bytes);
    const type = resolveUploadType(signature, bytes, filename);
    if (!type.ok) {
      const message =
        type.reason === "unsafe_svg"
          ? `${filename} is an SVG image with scripts or embedded content, which could run in visitors' browsers; remove them and upload it again`
          : type.reason === "disguised"
            ? `${filename} is not what its name says: its content is ${type.detected}; rename it or upload the real file`
            : `${filename} is ${type.detected}, which the media library does not accept (allowed: images, video, audio, PDF, Office documents, text, CSV, JSON, XML, ZIP and gzip)`;
      throw new AppError("unsupported_media_type", message, {
        field: "file",
        detected: type.detected,
        reason: type.reason,
      });
    }
    const { width, height } = await imageSize(bytes, type.mime);
    const limitBytes = storageLimitBytes(site);

    return withTenant(db, site.accountId, async (tx) => {
      // One upload at a time per site from here to the insert: the sum below stays true until commit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media:${site.accountId}`}, 0))`);
      const used = await usedBytes(tx);
      if (limitBytes !== null && used + bytes.byteLength > limitBytes) {
        const refusal = planLimitError(site, "storage", Math.ceil(used / MB));
        throw new AppError(
          "plan_limit",
          limitBytes === 0
            ? `${filename} cannot be stored: the site's plan includes no file storage`
            : `${filename} (${formatBytes(bytes.byteLength)}) does not fit: the site uses ${formatBytes(used)} of its ${formatBytes(limitBytes)} storage`,
          { ...(refusal.details as object), field: "file", usedBytes: used, limitBytes, size: bytes.byteLength },
        );
      }
      const kind = mediaKindOf(type.mime);
      // Images and videos are also counted by number; the media lock above covers these counts too.
      if (!site.isPlatform && (kind === "image" || kind === "video")) {
        await usage.guardCount(tx, site, kind === "image" ? "images" : "videos");
        await usage.use(tx, site, kind === "image" ? "images" : "videos");
      }
      await usage.use(tx, site, "storage", bytes.byteLength);
      const id = crypto.randomUUID();
      const storageKey = `${input.private ? PRIVATE_PREFIX : "media/"}${id}/original.${type.ext}`;
      const [row] = await tx
        .insert(media)
        .values({
          accountId: site.accountId,
          id,
          storageKey,
          filename,
          mime: type.mime,
          size: bytes.byteLength,
          width,
          height,
          alt: (input.alt ?? "").trim().slice(0, 1000),
          uploadedBy: userId,
        })
        .returning();
      // Stored inside the transaction: if the write fails, the row is rolled back with it.
      await storage.put(site.accountId, storageKey, bytes, type.mime);
      return view(row);
    });
  },

  async list(
    db: Db,
    accountId: string,
    opts: { page?: number; per_page?: number; kind?: MediaKind; q?: string } = {},
  ): Promise<{ items: MediaItem[]; total: number }> {
    const page = Math.max(1, opts.page ?? 1);
    const perPage = Math.min(100, Math.max(1, opts.per_page ?? 24));
    const q = opts.q?.trim();
    return withTenant(db, accountId, async (tx) => {
      const where = and(
        notLike(media.storageKey, `${PRIVATE_PREFIX}%`),
        opts.kind ? inArray(media.mime, mimesOfKind(opts.kind)) : undefined,
        q ? ilike(media.filename, containing(q)) : undefined,
      );
      const rows = await tx
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      const [total] = await tx.select({ n: count() }).from(media).where(where);
      return { items: rows.map(view), total: Number(total?.n ?? 0) };
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<MediaItem> {
    return view(await row(db, accountId, id));
  },

  async updateAlt(db: Db, accountId: string, id: string, alt: string): Promise<MediaItem> {
    return withTenant(db, accountId, async (tx) => {
      const [r] = await tx
        .update(media)
        .set({ alt: alt.trim().slice(0, 1000) })
        .where(and(eq(media.id, id), notLike(media.storageKey, `${PRIVATE_PREFIX}%`)))
        .returning();
      if (!r) throw notFound("File");
      return view(r);
    });
  },

  /** A private file's original bytes; the caller has already decided who may read it. */
  async privateFile(
    db: Db,
    storage: StorageAdapter,
    accountId: string,
    id: string,
  ): Promise<{ bytes: Uint8Array; contentType: string; filename: string }> {
    const r = await row(db, accountId, id, { includePrivate: true });
    const o = await storage.get(accountId, r.storageKey);
    if (!o) throw notFound("File");
    return { bytes: o.bytes, contentType: r.mime, filename: urlName(r.filename, extOfKey(r.storageKey)) };
  },

  /** Removes the row, the stored file and every resized copy of it. */
  async remove(db: Db, storage: StorageAdapter, accountId: string, id: string): Promise<void> {
    const removed = await withTenant(db, accountId, async (tx) => {
      const [r] = await tx.delete(media).where(eq(media.id, id)).returning();
      return r;
    });
    if (!removed) throw notFound("File");
    const keys = [removed.storageKey];
    for (const w of IMAGE_VARIANT_WIDTHS) for (const ext of VARIANT_EXTS) keys.push(variantKey(id, w, ext));
    await Promise.all(keys.map((k) => storage.delete(accountId, k)));
  },

  async usage(db: Db, site: MediaSite): Promise<StorageUsage> {
    const used = await withTenant(db, site.accountId, usedBytes);
    return { usedBytes: used, limitBytes: storageLimitBytes(site) };
  },

  /**
   * The file's bytes to serve: the original, or for a raster image with `width` the §9 variant in
   * the best format the browser accepts (AVIF, WebP, else the original's), computed once and kept.
   */
  async file(
    db: Db,
    storage: StorageAdapter,
    accountId: string,
    id: string,
    opts: { width?: number; accept?: string } = {},
  ): Promise<{ bytes: Uint8Array; contentType: string; etag: string; cache: "hit" | "miss" | "original" }> {
    const r = await row(db, accountId, id);
    const etag = (suffix: string) => `"${r.id}-${suffix}"`;
    const resizable = RESIZABLE_IMAGE_TYPES.has(r.mime) && opts.width && r.width;
    if (!resizable) {
      const o = await storage.get(accountId, r.storageKey);
      if (!o) throw notFound("File");
      return { bytes: o.bytes, contentType: r.mime, etag: etag("o"), cache: "original" };
    }
    // Never wider than the original: its own width is the largest variant there is.
    const target = Math.min(variantWidth(opts.width as number), r.width as number);
    const accept = opts.accept ?? "";
    const format: "avif" | "webp" | "jpeg" | "png" | "gif" = /image\/avif/.test(accept)
      ? "avif"
      : /image\/webp/.test(accept)
        ? "webp"
        : r.mime === "image/png"
          ? "png"
          : r.mime === "image/gif"
            ? "gif"
            : "jpeg";
    const ext = format === "jpeg" ? "jpg" : format;
    const key = variantKey(r.id, target, ext);
    const contentType = `image/${format}`;
    const cached = await storage.get(accountId, key);
    if (cached) return { bytes: cached.bytes, contentType, etag: etag(`w${target}.${ext}`), cache: "hit" };
    const original = await storage.get(accountId, r.storageKey);
    if (!original) throw notFound("File");
    let out: Buffer;
    try {
      const img = sharp(original.bytes, { limitInputPixels: 268_402_689 })
        .rotate()
        .resize({ width: target, withoutEnlargement: true });
      out =
        format === "avif"
          ? await img.avif({ quality: 55, effort: 2 }).toBuffer()
          : format === "webp"
            ? await img.webp({ quality: 78 }).toBuffer()
            : format === "png"
              ? await img.png().toBuffer()
              : format === "gif"
                ? await img.gif().toBuffer()
                : await img.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    } catch {
      // An image sharp cannot read is served as it was uploaded.
      return { bytes: original.bytes, contentType: r.mime, etag: etag("o"), cache: "original" };
    }
    const bytes = new Uint8Array(out);
    await storage.put(accountId, key, bytes, contentType);
    return { bytes, contentType, etag: etag(`w${target}.${ext}`), cache: "miss" };
  },
};

/** A library file; a private one is not found here (it is served only by its owner's module). */
async function row(db: Db, accountId: string, id: string, opts: { includePrivate?: boolean } = {}): Promise<MediaRow> {
  const r = await withTenant(db, accountId, async (tx) => {
    const [found] = await tx.select().from(media).where(eq(media.id, id));
    return found;
  });
  if (!r || (!opts.includePrivate && r.storageKey.startsWith(PRIVATE_PREFIX))) throw notFound("File");
  return r;
}
