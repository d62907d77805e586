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

/** The site's files against its plan's storage limit. */
export type StorageUsage = { usedBytes: number; limitBytes: number };

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
  "audio/opus": { kind: "audio", ext: "opus" },
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

/** Some signature detectors name these types differently; the library stores one name for each. */
const ALIASES: Record<string, string> = {
  "text/xml": "application/xml",
  "application/x-gzip": "application/gzip",
  "audio/x-aac": "audio/aac",
  "audio/mp3": "audio/mpeg",
  "image/x-ms-bmp": "image/bmp",
  "application/x-zip-compressed": "application/zip",
};

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

/** What a text file is: SVG, XML, JSON, CSV (by its .csv name and a table shape) or plain text. */
export function sniffTextType(text: string, filename: string): string {
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
  | { ok: false; detected: string; reason: "type" | "unsafe_svg" };

/**
 * Decides an upload's type. `signature` is what the binary detector saw (undefined when no
 * signature matched); text formats are sniffed from the bytes. Anything outside §5 is refused,
 * naming what it was found to be.
 */
export function resolveUploadType(
  signature: { mime: string; ext: string } | undefined,
  bytes: Uint8Array,
  filename: string,
): UploadTypeResult {
  let mime = signature ? (ALIASES[signature.mime] ?? signature.mime) : undefined;
  if (mime === "application/x-cfb") {
    mime = CFB_BY_EXTENSION[extensionOf(filename)] ?? "application/x-cfb";
  }
  if (!mime || mime === "application/xml") {
    const text = decodeText(bytes);
    if (text === null) return { ok: false, detected: mime ?? "application/octet-stream", reason: "type" };
    mime = sniffTextType(text, filename);
    if (mime === "image/svg+xml" && svgIsUnsafe(text)) return { ok: false, detected: mime, reason: "unsafe_svg" };
  }
  const allowed = ALLOWED_UPLOAD_TYPES[mime];
  if (!allowed) return { ok: false, detected: mime, reason: "type" };
  return { ok: true, mime, ext: allowed.ext, kind: allowed.kind };
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
