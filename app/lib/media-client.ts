// The media library from the browser: uploads with progress (XMLHttpRequest, as fetch cannot report
// upload progress), listing for the picker, alt text and deletion, and each refusal as a sentence.
import { planLimitText } from "./plan-limit";
import type { TFunction } from "../i18n";
import {
  formatBytes,
  MAX_UPLOAD_BYTES,
  type MediaItem,
  type MediaKind,
  type StorageUsage,
} from "../../core/upload-types";

export type { MediaItem, StorageUsage };
export type ApiError = { code: string; message: string; details?: Record<string, unknown> };
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

const networkError: ApiError = { code: "network", message: "The connection was lost" };

async function call<T>(path: string, init: RequestInit = {}): Promise<Result<T>> {
  try {
    const res = await fetch(path, { credentials: "same-origin", ...init });
    const body = (await res.json().catch(() => null)) as { error?: ApiError } | null;
    if (!res.ok) return { ok: false, error: body?.error ?? { code: "unknown", message: res.statusText } };
    return { ok: true, value: body as T };
  } catch {
    return { ok: false, error: networkError };
  }
}

/** Sends one file as multipart `file`, reporting progress from 0 to 1. */
export function uploadFile<T = MediaItem>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Result<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: treated as an unknown error below.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve({ ok: true, value: body as T });
      else
        resolve({
          ok: false,
          error: (body as { error?: ApiError } | null)?.error ?? { code: "unknown", message: xhr.statusText },
        });
    };
    xhr.onerror = () => resolve({ ok: false, error: networkError });
    const form = new FormData();
    form.set("file", file, file.name);
    xhr.send(form);
  });
}

export const uploadMedia = (file: File, onProgress: (fraction: number) => void) =>
  uploadFile<MediaItem>("/api/v1/media", file, onProgress);

export function listMedia(opts: { kind?: MediaKind; q?: string; page?: number; per_page?: number } = {}) {
  const params = new URLSearchParams();
  if (opts.kind) params.set("kind", opts.kind);
  if (opts.q) params.set("q", opts.q);
  params.set("page", String(opts.page ?? 1));
  params.set("per_page", String(opts.per_page ?? 24));
  return call<{ items: MediaItem[]; total: number; usage: StorageUsage }>(`/api/v1/media?${params}`);
}

export const updateAlt = (id: string, alt: string) =>
  call<MediaItem>(`/api/v1/media/${id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ alt }),
  });

export const deleteMedia = (id: string) => call<{ deleted: true }>(`/api/v1/media/${id}`, { method: "DELETE" });

/** A sentence for a refused upload, naming the file and what was wrong with it. */
export function uploadErrorText(t: TFunction, name: string, error: ApiError): string {
  const d = error.details ?? {};
  if (error.code === "unsupported_media_type") {
    if (d.reason === "unsafe_svg") return t("media.errors.unsafeSvg", { name });
    if (d.reason === "disguised") return t("media.errors.disguised", { name, type: String(d.detected ?? "") });
    return t("media.errors.type", { name, type: String(d.detected ?? "") });
  }
  if (error.code === "payload_too_large")
    return t("media.errors.tooLarge", { name, max: formatBytes(MAX_UPLOAD_BYTES) });
  if (error.code === "plan_limit" && d.limit !== "storage") return planLimitText(t, d);
  if (error.code === "plan_limit") {
    if (Number(d.limitBytes ?? 0) === 0) return t("media.errors.noStorage", { name });
    return t("media.errors.storageLimit", {
      name,
      used: formatBytes(Number(d.usedBytes ?? 0)),
      limit: formatBytes(Number(d.limitBytes ?? 0)),
    });
  }
  if (error.code === "validation_failed") return t("media.errors.empty", { name });
  if (error.code === "network") return t("media.errors.network", { name });
  if (error.code === "forbidden" || error.code === "not_authenticated") return t("media.errors.forbidden", { name });
  return t("media.errors.generic", { name });
}

/** The address of a library image at thumbnail width (other files have no thumbnail). */
export const thumbnailOf = (item: Pick<MediaItem, "url" | "kind" | "mime">) =>
  item.kind !== "image"
    ? null
    : item.mime === "image/svg+xml" || item.mime === "image/bmp"
      ? item.url
      : `${item.url}?w=640`;
