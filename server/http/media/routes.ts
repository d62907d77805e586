// /media/{id}/{name}: library files as uploaded, or with ?w= a raster image at a §9 width in the
// best format the browser accepts (cached in storage after the first request). /avatars/{userId}/
// avatar.jpg: a member's avatar, or the default one. /media/{id}/captions.vtt: a recording's
// captions from its transcript. All read the site of the request's host only,
// so another site's ids are simply not found.
import { Hono } from "hono";
import { AppError } from "../../errors";
import { avatars, mediaLibrary } from "../../modules/media";
import { transcriptsService } from "../../modules/transcripts";
import { storageFor } from "../../modules/storage";
import type { AppEnv } from "../env";
import { isUuid } from "../../../core/uuid";
import { etagMatches } from "../encoding";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** An SVG opened on its own may draw, nothing else: no scripts, no loads, no forms, no framing. */
const SVG_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

const notFoundBody = { error: { code: "not_found", message: "File not found" } };

export function createMediaRoutes() {
  const r = new Hono<AppEnv>();

  // A recording's captions (WebVTT, from its transcript): as public as the file beside them, and
  // asked again each time, since the transcript can be corrected in place.
  r.get("/media/:id/captions.vtt", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) return c.json(notFoundBody, 404);
    let captions: Awaited<ReturnType<typeof transcriptsService.captions>>;
    try {
      captions = await transcriptsService.captions(c.get("platform").database.db, c.get("site").accountId, id);
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return c.json(notFoundBody, 404);
      throw err;
    }
    const headers = {
      "Content-Type": "text/vtt; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, no-cache",
      ETag: captions.etag,
    };
    if (etagMatches(c.req.header("if-none-match"), captions.etag)) return c.body(null, 304, headers);
    return c.body(captions.vtt, 200, headers);
  });

  r.get("/media/:id/:name", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) return c.json(notFoundBody, 404);
    const wParam = c.req.query("w");
    const width = wParam && /^\d{1,5}$/.test(wParam) && Number(wParam) > 0 ? Number(wParam) : undefined;
    const { cfg, database } = c.get("platform");
    let file: Awaited<ReturnType<typeof mediaLibrary.file>>;
    try {
      file = await mediaLibrary.file(database.db, storageFor(cfg), c.get("site").accountId, id, {
        width,
        accept: c.req.header("accept"),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return c.json(notFoundBody, 404);
      throw err;
    }
    const headers: Record<string, string> = {
      "Content-Type": file.contentType,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": IMMUTABLE,
      ETag: file.etag,
      "X-Media-Cache": file.cache,
    };
    if (width) headers.Vary = "Accept";
    if (file.contentType === "image/svg+xml") headers["Content-Security-Policy"] = SVG_CSP;
    // Documents download rather than open in the site's origin; images, audio and video play inline.
    if (!/^(image|audio|video)\//.test(file.contentType) && file.contentType !== "application/pdf") {
      headers["Content-Disposition"] = "attachment";
    }
    if (etagMatches(c.req.header("if-none-match"), file.etag)) return c.body(null, 304, headers);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, headers);
  });

  r.get("/avatars/:userId/avatar.jpg", async (c) => {
    const { cfg } = c.get("platform");
    const userId = c.req.param("userId");
    const avatar = /^[A-Za-z0-9_-]{1,64}$/.test(userId)
      ? await avatars.read(storageFor(cfg), c.get("site").accountId, userId)
      : await avatars.read(storageFor(cfg), c.get("site").accountId, "-");
    const etag = `"${Buffer.from(avatar.bytes.subarray(-16)).toString("hex")}-${avatar.bytes.byteLength}"`;
    const headers = {
      "Content-Type": "image/jpeg",
      "X-Content-Type-Options": "nosniff",
      // Avatars change in place: browsers keep them but ask again each time (a 304 when unchanged).
      "Cache-Control": "public, no-cache",
      ETag: etag,
      "X-Avatar": avatar.isDefault ? "default" : "member",
    };
    if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    return c.body(avatar.bytes as Uint8Array<ArrayBuffer>, 200, headers);
  });

  return r;
}

/** API paths that take file uploads; they get the upload size limit instead of the 1 MB JSON one. */
export const UPLOAD_API_PATHS: ReadonlySet<string> = new Set([
  "/api/v1/media",
  "/api/v1/me/avatar",
  // A CSV file of contacts (sets its own limit, 5 MB of file).
  "/api/v1/contacts/imports",
]);
