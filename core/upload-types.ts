// Which files the media library accepts (spec §5), decided from what the bytes are, never from the
// name they were uploaded with. Binary formats are recognised by their signatures (file-type on the
// server); text formats, which have none, are recognised here: SVG, XML, JSON, CSV and plain text.

export type MediaKind = "image" | "video" | "audio" | "document";

export const MEDIA_KINDS: readonly MediaKind[] = ["image", "video", "audio", "document"];

/** A library file as the API and the screens see it. */
export type MediaItem = {
  id: string;
  /** Where the file is served: /media/{id}/{name} (add ?w= for a resized raster image). */
  url: string;
  filename: string;
  mime: string;
  kind: MediaKind;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  uploadedBy: string | null;
  createdAt: string;
};

/** The site's files against its plan's storage limit (null: not metered, the platform's own site). */
export type StorageUsage = { usedBytes: number; limitBytes: number | null };

/** One allowed type: its kind and the extension its stored file gets. */
type AllowedType = { kind: MediaKind; ext: string };

export const ALLOWED_UPLOAD_TYPES: Readonly<Record<string, AllowedType>> = {
  // Video
  "video/ogg": { kind: "video", ext: "ogv" },
  "video/mpeg": { kind: "video", ext: "mpg" },
  "video/mp4": { kind: "video", ext: "mp4" },
  "video/webm": { kind: "video", ext: "webm" },
  // Audio
  "audio/ogg": { kind: "audio", ext: "ogg" },
  "audio/mpeg": { kind: "audio", ext: "mp3" },
  "audio/aac": { kind: "audio", ext: "aac" },
  "audio/webm": { kind: "audio", ext: "weba" },
  // Documents
  "application/pdf": { kind: "document", ext: "pdf" },
  "application/json": { kind: "document", ext: "json" },
  "application/gzip": { kind: "document", ext: "gz" },
  "application/msword": { kind: "document", ext: "doc" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kind: "document", ext: "docx" },
  "text/csv": { kind: "document", ext: "csv" },
  "text/plain": { kind: "document", ext: "txt" },
  "application/vnd.ms-powerpoint": { kind: "document", ext: "ppt" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { kind: "document", ext: "pptx" },
  "application/vnd.ms-excel": { kind: "document", ext: "xls" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "document", ext: "xlsx" },
  "application/xml": { kind: "document", ext: "xml" },
  "application/zip": { kind: "document", ext: "zip" },
  // Images
  "image/jpeg": { kind: "image", ext: "jpg" },
  "image/png": { kind: "image", ext: "png" },
  "image/gif": { kind: "image", ext: "gif" },
  "image/bmp": { kind: "image", ext: "bmp" },
  "image/avif": { kind: "image", ext: "avif" },
  "image/svg+xml": { kind: "image", ext: "svg" },
};

/** The largest single file the library takes. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Raster images the server can resize (SVG scales by itself; BMP is served as it is). */
export const RESIZABLE_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/avif", "image/webp"]);

export const isAllowedUploadType = (mime: string) => Object.hasOwn(ALLOWED_UPLOAD_TYPES, mime);

export function mediaKindOf(mime: string): MediaKind {
  return ALLOWED_UPLOAD_TYPES[mime]?.kind ?? "document";
}

/** The MIME types of one kind (for filtering lists and the picker's accept attribute). */
export const mimesOfKind = (kind: MediaKind) =>
  Object.entries(ALLOWED_UPLOAD_TYPES)
    .filter(([, t]) => t.kind === kind)
    .map(([mime]) => mime);

/**
 * Detected types that belong to an allowed family, by the name the library stores (spec §5 lists
 * families: "MPEG video", "Ogg audio"). Signature detectors name members of a family precisely
 * (an MPEG-1 system stream, Opus inside Ogg) or by an older alias; each is the family's type here.
 * `ext` keeps the member's own extension where it has one people know.
 */
const FAMILIES: Record<string, { mime: string; ext?: string }> = {
  // MPEG-1 and MPEG-2 program streams, elementary video and transport streams are all MPEG video.
  "video/mp1s": { mime: "video/mpeg" },
  "video/mp2p": { mime: "video/mpeg" },
  "video/mp2t": { mime: "video/mpeg", ext: "ts" },
  "video/x-m4v": { mime: "video/mp4", ext: "m4v" },
  "audio/opus": { mime: "audio/ogg", ext: "opus" },
  "audio/x-aac": { mime: "audio/aac" },
  "audio/mp3": { mime: "audio/mpeg" },
  "image/apng": { mime: "image/png" },
  "image/x-ms-bmp": { mime: "image/bmp" },
  "text/xml": { mime: "application/xml" },
  "application/x-gzip": { mime: "application/gzip" },
  "application/x-zip-compressed": { mime: "application/zip" },
  // Office templates are documents of the same program (macro-enabled ones stay refused).
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template": {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "dotx",
  },
  "application/vnd.openxmlformats-officedocument.presentationml.template": {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ext: "potx",
  },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.template": {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ext: "xltx",
  },
};

/** A detected type's essence: lower case, parameters dropped ("audio/ogg; codecs=opus" → "audio/ogg"). */
export const mimeEssence = (mime: string) => mime.split(";")[0].trim().toLowerCase();

/** The allowed type a detected one belongs to, with the extension its stored file gets; null if none. */
export function familyOf(detected: string): { mime: string; ext: string } | null {
  const essence = mimeEssence(detected);
  const member = FAMILIES[essence];
  const mime = member?.mime ?? essence;
  const allowed = ALLOWED_UPLOAD_TYPES[mime];
  return allowed ? { mime, ext: member?.ext ?? allowed.ext } : null;
}

const extensionOf = (filename: string) => {
  const m = /\.([a-z0-9]{1,8})$/i.exec(filename.trim());
  return m ? m[1].toLowerCase() : "";
};

/** Old Office files are all one container (CFB); its uploader's extension tells which program. */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: "application/msword",
  dot: "application/msword",
  xls: "application/vnd.ms-excel",
  xlt: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  pps: "application/vnd.ms-powerpoint",
};

/** The text in the bytes, or null when they are not UTF-8 text (binary data, control bytes). */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // NUL and other C0 controls besides tab, line feed, form feed and carriage return mean binary.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F]/.test(text)) return null;
  return text.replace(/^\uFEFF/, "");
}

const stripProlog = (text: string) =>
  text
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, "")
    .trimStart();

function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) return false;
  const counts = lines.slice(0, 20).map((l) => l.split(/[,;\t]/).length);
  return counts[0] > 1 && counts.every((n) => n === counts[0]);
}

/**
 * A web page, which a browser would run as one: an HTML doctype or root element (after comments),
 * or XHTML by its namespace. Refused, because a page kept on the site's own origin can run script.
 */
export function looksLikeHtml(text: string): boolean {
  const head = text.replace(/^(?:\s*<!--[\s\S]*?-->)*\s*/, "");
  if (/^<!doctype\s+html[\s>]/i.test(head)) return true;
  if (/^<(?:html|head|body|script|iframe|frameset|meta|link|style|title|base|form|object|embed)[\s>/]/i.test(head))
    return true;
  return /xmlns(?::\w+)?\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']/i.test(text);
}

/** What a text file is: HTML, SVG, XML, JSON, CSV (by its .csv name and a table shape) or plain text. */
export function sniffTextType(text: string, filename: string): string {
  if (looksLikeHtml(text)) return "text/html";
  const body = stripProlog(text);
  if (/^<svg[\s>]/i.test(body)) return "image/svg+xml";
  if (/^\s*<\?xml/i.test(text) || (/^<[a-z_][\w.:-]*[\s>/]/i.test(body) && /<\/[\w.:-]+>\s*$|\/>\s*$/.test(body))) {
    return "application/xml";
  }
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return "application/json";
    } catch {
      // Not JSON after all: falls through to text.
    }
  }
  if (extensionOf(filename) === "csv" && looksLikeCsv(text)) return "text/csv";
  return "text/plain";
}

/**
 * Whether an SVG can run code or pull in other documents when opened: scripts, event handler
 * attributes, foreignObject (embedded HTML), javascript:/data:text URLs, external entities.
 */
export function svgIsUnsafe(svg: string): boolean {
  return (
    /<\s*script[\s>/]/i.test(svg) ||
    /<\s*foreignObject[\s>/]/i.test(svg) ||
    /\son[a-z]+\s*=/i.test(svg) ||
    /(?:href|src|from|to|values)\s*=\s*["']?\s*(?:javascript|vbscript|data:text\/html)/i.test(svg) ||
    /javascript\s*:/i.test(svg) ||
    /<!ENTITY/i.test(svg) ||
    /<\s*(?:iframe|embed|object)[\s>/]/i.test(svg)
  );
}

export type UploadTypeResult =
  | { ok: true; mime: string; ext: string; kind: MediaKind }
  | { ok: false; detected: string; reason: "type" | "unsafe_svg" | "disguised" };

/** Names of binary formats: a file called this whose bytes are text is not what it says it is. */
const BINARY_EXTENSIONS = new Set([
  ...Object.values(ALLOWED_UPLOAD_TYPES)
    .map((t) => t.ext)
    .filter((ext) => !["svg", "xml", "json", "csv", "txt"].includes(ext)),
  "jpeg",
  "jpe",
  "m4v",
  "mpeg",
  "mpe",
  "m1v",
  "m2v",
  "ts",
  "oga",
  "opus",
  "spx",
  "mp2",
  "m4a",
  "webp",
  "tif",
  "tiff",
  "ico",
  "dot",
  "xlt",
  "pps",
  "dotx",
  "potx",
  "xltx",
  "exe",
  "dll",
]);

/** Extensions a family member keeps when stored (an Opus note stays .opus, not .ogg). */
const OWN_EXTENSIONS: Record<string, readonly string[]> = {
  "audio/ogg": ["opus", "oga", "spx"],
  "video/ogg": ["ogm"],
  "audio/mpeg": ["mp2", "mp1"],
};

/** Audio-only WebM shares the container (and signature) of video; its name tells which. */
const WEBM_BY_EXTENSION: Record<string, string> = { weba: "audio/webm" };

/**
 * Decides an upload's type. `signature` is what the binary detector saw (undefined when no
 * signature matched); text formats are sniffed from the bytes. A detected type counts when it
 * belongs to a §5 family (an MPEG-2 program stream is MPEG video, Opus in Ogg is Ogg audio).
 * Anything outside §5 is refused naming what it was found to be, and so is text that carries the
 * name of a binary format (a "cat.png" that is a script): the name says it is something else.
 */
export function resolveUploadType(
  signature: { mime: string; ext: string } | undefined,
  bytes: Uint8Array,
  filename: string,
): UploadTypeResult {
  const extension = extensionOf(filename);
  let mime = signature ? mimeEssence(signature.mime) : undefined;
  if (mime === "application/x-cfb") mime = CFB_BY_EXTENSION[extension] ?? "application/x-cfb";
  if (mime === "video/webm") mime = WEBM_BY_EXTENSION[extension] ?? mime;
  let sniffed = false;
  if (!mime || mime === "application/xml" || mime === "text/xml") {
    const text = decodeText(bytes);
    if (text === null) return { ok: false, detected: mime ?? "application/octet-stream", reason: "type" };
    mime = sniffTextType(text, filename);
    sniffed = true;
    if (mime === "image/svg+xml" && svgIsUnsafe(text)) return { ok: false, detected: mime, reason: "unsafe_svg" };
  }
  const family = familyOf(mime);
  if (!family) return { ok: false, detected: mime, reason: "type" };
  if (sniffed && BINARY_EXTENSIONS.has(extension)) return { ok: false, detected: family.mime, reason: "disguised" };
  const ext = signature && OWN_EXTENSIONS[family.mime]?.includes(signature.ext) ? signature.ext : family.ext;
  return { ok: true, mime: family.mime, ext, kind: ALLOWED_UPLOAD_TYPES[family.mime].kind };
}

/** The §9 width for a requested one: the smallest listed width at least as wide (else the largest). */
export const IMAGE_VARIANT_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export function variantWidth(requested: number): number {
  return IMAGE_VARIANT_WIDTHS.find((w) => w >= requested) ?? IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
}

/** Bytes as "512 KB", "3.4 MB", "1.2 GB" (1024-based, as the plan limits are given in MB). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${(n / 1024 ** 3).toFixed(1).replace(/\.0$/, "")} GB`;
}
