// Units: rich text (sanitised), a video (an upload or a YouTube/Vimeo embed), downloads, a duration.
import type { UnitInput } from "../../../core/course-schemas";
import type { units as unitsTable, UnitDownload, UnitVideo } from "../../db/schema";
import { sanitizeRichHtml } from "../html";
import { itemStore } from "./item-store";

type UnitRow = typeof unitsTable.$inferSelect;
export type UnitView = {
  id: string;
  title: string;
  content: string;
  video: UnitVideo | null;
  downloads: UnitDownload[];
  duration: number | null;
  authorId: string;
  updatedAt: string;
};

export const unitEditor = itemStore<UnitRow, UnitInput, UnitView>({
  kind: "unit",
  columns: (input) => ({
    ...(input.content !== undefined && { content: sanitizeRichHtml(input.content) }),
    ...(input.video !== undefined && { video: input.video }),
    ...(input.downloads !== undefined && { downloads: input.downloads }),
    ...(input.duration !== undefined && { duration: input.duration }),
  }),
  view: (r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    video: r.video ?? null,
    downloads: r.downloads,
    duration: r.duration ?? null,
    authorId: r.authorId,
    updatedAt: r.updatedAt.toISOString(),
  }),
});
