// POST /api/upload/text (spec §7): a text file becomes the content of a unit, quiz or assignment,
// named by its path units/{id}.txt, quiz/{id}.txt or assignments/{id}.txt.
import { fieldError } from "../../errors";
import { sanitizeRichHtml } from "../html";
import { assignmentEditor } from "./assignment-editor";
import type { LearningCtx } from "./context";
import { quizEditor } from "./quiz-editor";
import { unitEditor } from "./units";

export const UPLOAD_TEXT_MAX_BYTES = 1024 * 1024;
const PATH = /^(units|quiz|assignments)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.txt$/i;

export function parseTextPath(path: string): { folder: "units" | "quiz" | "assignments"; id: string } {
  const m = PATH.exec(path);
  if (!m) {
    throw fieldError("validation_failed", "info.path", "Use units/{id}.txt, quiz/{id}.txt or assignments/{id}.txt");
  }
  return { folder: m[1].toLowerCase() as "units" | "quiz" | "assignments", id: m[2].toLowerCase() };
}

/** A document that starts with markup is taken as HTML; otherwise blank lines make paragraphs. Both are sanitised. */
export function textToContent(text: string): string {
  if (/^\s*</.test(text)) return sanitizeRichHtml(text);
  const html = text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
  return sanitizeRichHtml(html);
}

export async function uploadText(ctx: LearningCtx, path: string, text: string) {
  const { folder, id } = parseTextPath(path);
  const editor = folder === "units" ? unitEditor : folder === "quiz" ? quizEditor : assignmentEditor;
  await editor.setContent(ctx, id, textToContent(text));
  return { path, id, bytes: Buffer.byteLength(text, "utf8") };
}
