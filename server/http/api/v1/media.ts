import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { MAX_UPLOAD_BYTES, MEDIA_KINDS } from "../../../../core/upload-types";
import { AppError } from "../../../errors";
import { avatars, mediaLibrary } from "../../../modules/media";
import { storageFor } from "../../../modules/storage";
import { requireContentManager, requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok, ZUuidParam } from "./router";

const ZMediaItem = z
  .object({
    id: z.string().uuid(),
    url: z.string().openapi({ example: "/media/0b6f…/team-photo.png", description: "Add ?w=640 for a resized copy" }),
    filename: z.string(),
    mime: z.string().openapi({ example: "image/png", description: "Detected from the file's content" }),
    kind: z.enum(MEDIA_KINDS as [string, ...string[]]),
    size: z.number().int().openapi({ description: "Bytes" }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt: z.string(),
    uploadedBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("MediaItem");

const ZUsage = z
  .object({
    usedBytes: z.number().int(),
    limitBytes: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The plan's storage in bytes (0 without a plan); null when the site is not metered" }),
  })
  .openapi("StorageUsage", { description: "The site's files against its plan's storage limit" });

const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(24),
  kind: z.enum(MEDIA_KINDS as [string, ...string[]]).optional(),
  q: z.string().max(200).optional().openapi({ description: "Part of the file name" }),
});

const ZUpload = z
  .object({
    file: z
      .instanceof(File, { message: "Choose a file to upload" })
      .openapi({ type: "string", format: "binary", description: "At most 100 MB; the type is read from the content" }),
    alt: z.string().max(1000).optional(),
  })
  .openapi("MediaUpload");

const ZAvatarUpload = z
  .object({
    file: z
      .instanceof(File, { message: "Choose an image" })
      .openapi({ type: "string", format: "binary", description: "JPEG, PNG, GIF, WebP or AVIF, at most 10 MB" }),
  })
  .openapi("AvatarUpload");

const uploadErrors = {
  ...errorResponses,
  403: ok(
    z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
    "Not allowed, or `plan_limit`: the file would pass the plan's storage, images or videos limit",
  ),
  413: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "The file is over 100 MB"),
  415: ok(
    z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
    "A type the library does not accept (details.detected names it)",
  ),
};

const uploadLimit = (max: number) =>
  bodyLimit({
    maxSize: max + 1024 * 1024,
    onError: () => {
      throw new AppError("payload_too_large", `Files can be at most ${Math.round(max / 1024 / 1024)} MB`);
    },
  });

const list = createRoute({
  method: "get",
  path: "/media",
  tags: ["Media"],
  summary: "The media library, newest first, with the storage used",
  middleware: [requireContentManager()] as const,
  request: { query: ZListQuery },
  responses: {
    200: ok(
      z.object({ items: z.array(ZMediaItem), total: z.number().int(), usage: ZUsage }),
      "A page of files and the site's storage usage",
    ),
    ...errorResponses,
  },
});

const upload = createRoute({
  method: "post",
  path: "/media",
  tags: ["Media"],
  summary: "Upload a file",
  description:
    "Allowed: images (JPG, PNG, GIF, BMP, AVIF, SVG without scripts), video (Ogg, MPEG, MP4, WebM), audio (Ogg, MPEG, AAC, WebM), PDF, JSON, gzip, Word, CSV, plain text, PowerPoint, Excel, XML, ZIP.",
  middleware: [uploadLimit(MAX_UPLOAD_BYTES), requireContentManager()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: ZUpload } } } },
  responses: { 201: ok(ZMediaItem, "The stored file"), ...uploadErrors },
});

const get = createRoute({
  method: "get",
  path: "/media/{id}",
  tags: ["Media"],
  summary: "One file",
  middleware: [requireContentManager()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZMediaItem, "The file"), ...errorResponses },
});

const ZPatch = z
  .object({ alt: z.string().max(1000) })
  .strict()
  .openapi("MediaPatch");
const patch = createRoute({
  method: "patch",
  path: "/media/{id}",
  tags: ["Media"],
  summary: "Change a file's alternative text",
  middleware: [requireContentManager()] as const,
  request: { params: ZUuidParam, body: { required: true, content: { "application/json": { schema: ZPatch } } } },
  responses: { 200: ok(ZMediaItem, "The file"), ...errorResponses },
});

const remove = createRoute({
  method: "delete",
  path: "/media/{id}",
  tags: ["Media"],
  summary: "Delete a file and its resized copies",
  middleware: [requireContentManager()] as const,
  request: { params: ZUuidParam },
  responses: { 200: ok(z.object({ deleted: z.literal(true) }), "Deleted"), ...errorResponses },
});

const ZAvatar = z.object({ url: z.string(), isDefault: z.boolean() }).openapi("Avatar");
const putAvatar = createRoute({
  method: "post",
  path: "/me/avatar",
  tags: ["Me"],
  summary: "Upload your avatar (made a 256×256 JPEG)",
  middleware: [uploadLimit(10 * 1024 * 1024), requireSession()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: ZAvatarUpload } } } },
  responses: { 200: ok(ZAvatar, "The avatar's address"), ...uploadErrors },
});

const deleteAvatar = createRoute({
  method: "delete",
  path: "/me/avatar",
  tags: ["Me"],
  summary: "Remove your avatar (the default one shows instead)",
  middleware: [requireSession()] as const,
  responses: { 200: ok(ZAvatar, "The avatar's address, now the default"), ...errorResponses },
});

const avatarUrl = (userId: string, version?: number) =>
  `/avatars/${userId}/avatar.jpg${version ? `?v=${version}` : ""}`;

export const mediaRoutes = newRouter()
  .openapi(list, async (c) => {
    const { page, per_page, kind, q } = c.req.valid("query");
    const { database } = c.get("platform");
    const site = c.get("site");
    const [result, usage] = await Promise.all([
      mediaLibrary.list(database.db, site.accountId, { page, per_page, kind: kind as never, q }),
      mediaLibrary.usage(database.db, site),
    ]);
    return c.json({ ...result, usage }, 200);
  })
  .openapi(upload, async (c) => {
    const { file, alt } = c.req.valid("form");
    const { cfg, database } = c.get("platform");
    const item = await mediaLibrary.upload(database.db, storageFor(cfg), c.get("site"), c.get("user")?.id ?? null, {
      filename: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      alt,
    });
    return c.json(item, 201);
  })
  .openapi(get, async (c) => {
    const { database } = c.get("platform");
    return c.json(await mediaLibrary.get(database.db, c.get("site").accountId, c.req.valid("param").id), 200);
  })
  .openapi(patch, async (c) => {
    const { database } = c.get("platform");
    const item = await mediaLibrary.updateAlt(
      database.db,
      c.get("site").accountId,
      c.req.valid("param").id,
      c.req.valid("json").alt,
    );
    return c.json(item, 200);
  })
  .openapi(remove, async (c) => {
    const { cfg, database } = c.get("platform");
    await mediaLibrary.remove(database.db, storageFor(cfg), c.get("site").accountId, c.req.valid("param").id);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(putAvatar, async (c) => {
    const { file } = c.req.valid("form");
    const { cfg } = c.get("platform");
    const userId = c.get("user")!.id;
    await avatars.put(storageFor(cfg), c.get("site").accountId, userId, new Uint8Array(await file.arrayBuffer()));
    return c.json({ url: avatarUrl(userId, Date.now()), isDefault: false }, 200);
  })
  .openapi(deleteAvatar, async (c) => {
    const { cfg } = c.get("platform");
    const userId = c.get("user")!.id;
    await avatars.remove(storageFor(cfg), c.get("site").accountId, userId);
    return c.json({ url: avatarUrl(userId), isDefault: true }, 200);
  });
