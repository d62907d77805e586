// Member avatars: /avatars/{userId}/avatar.jpg in the site's bucket (spec §3), always a 256×256
// JPEG made by sharp from whatever image was uploaded; a neutral default stands in when a member
// has none or the stored one cannot be read.
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../errors";
import type { StorageAdapter } from "../storage";

export const AVATAR_SIZE = 256;
const AVATAR_INPUT_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]);
const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

const keyOf = (userId: string) => `avatars/${userId}/avatar.jpg`;

let defaultAvatar: Promise<Uint8Array> | null = null;

/** A grey head-and-shoulders silhouette on a light background. */
export function defaultAvatarJpeg(): Promise<Uint8Array> {
  defaultAvatar ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256">` +
        `<rect width="256" height="256" fill="#e9ecef"/>` +
        `<circle cx="128" cy="100" r="48" fill="#adb5bd"/>` +
        `<path d="M40 256c0-52 40-88 88-88s88 36 88 88z" fill="#adb5bd"/></svg>`,
    ),
  )
    .jpeg({ quality: 85 })
    .toBuffer()
    .then((b) => new Uint8Array(b));
  return defaultAvatar;
}

export const avatars = {
  key: keyOf,

  /** Any common image becomes the member's 256×256 JPEG avatar (cropped to the centre). */
  async put(storage: StorageAdapter, accountId: string, userId: string, bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength > MAX_AVATAR_BYTES) {
      throw new AppError("payload_too_large", "An avatar can be at most 10 MB", { field: "file" });
    }
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !AVATAR_INPUT_TYPES.has(type.mime)) {
      throw new AppError(
        "unsupported_media_type",
        `An avatar must be a JPEG, PNG, GIF, WebP or AVIF image; this file is ${type?.mime ?? "not an image"}`,
        { field: "file", detected: type?.mime ?? "application/octet-stream" },
      );
    }
    let jpeg: Buffer;
    try {
      jpeg = await sharp(bytes, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover", position: "attention" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer();
    } catch {
      throw new AppError("unsupported_media_type", "This image cannot be read", { field: "file" });
    }
    await storage.put(accountId, keyOf(userId), new Uint8Array(jpeg), "image/jpeg");
  },

  async remove(storage: StorageAdapter, accountId: string, userId: string): Promise<void> {
    await storage.delete(accountId, keyOf(userId));
  },

  async has(storage: StorageAdapter, accountId: string, userId: string): Promise<boolean> {
    return storage.exists(accountId, keyOf(userId));
  },

  /** The member's avatar, or the default when there is none or it cannot be read. */
  async read(
    storage: StorageAdapter,
    accountId: string,
    userId: string,
  ): Promise<{ bytes: Uint8Array; isDefault: boolean }> {
    try {
      const o = await storage.get(accountId, keyOf(userId));
      if (o && o.bytes.byteLength > 3 && o.bytes[0] === 0xff && o.bytes[1] === 0xd8) {
        return { bytes: o.bytes, isDefault: false };
      }
    } catch {
      // Storage unreachable or the key unusable: the default below.
    }
    return { bytes: await defaultAvatarJpeg(), isDefault: true };
  },
};
