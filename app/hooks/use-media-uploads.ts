import { useCallback, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { UploadEntry } from "../components/upload-queue";
import { type MediaItem, uploadErrorText, uploadMedia } from "../lib/media-client";

let counter = 0;

/** Uploads files one after another, keeping each one's progress or refusal for the queue. */
export function useMediaUploads(onUploaded: (item: MediaItem) => void) {
  const { t } = useTranslation();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const patch = useCallback(
    (key: string, p: Partial<UploadEntry>) =>
      setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...p } : e))),
    [],
  );

  const upload = useCallback(
    async (files: File[]) => {
      const added = files.map((f) => ({ file: f, key: `u${++counter}` }));
      setEntries((list) => [
        ...list,
        ...added.map(({ file, key }) => ({ key, name: file.name, progress: 0, status: "uploading" as const })),
      ]);
      for (const { file, key } of added) {
        const r = await uploadMedia(file, (fraction) => patch(key, { progress: fraction }));
        if (r.ok) {
          patch(key, { progress: 1, status: "done" });
          onUploaded(r.value);
        } else {
          patch(key, { status: "error", error: uploadErrorText(t, file.name, r.error) });
        }
      }
    },
    [onUploaded, t, patch],
  );
  const clear = useCallback(() => setEntries((list) => list.filter((e) => e.status === "uploading")), []);
  return { entries, upload, clear, busy: entries.some((e) => e.status === "uploading") };
}
