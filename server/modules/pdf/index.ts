// What every generated PDF (certificates, receipts) shares: the ink colours, text the standard
// fonts can draw (they cover Latin-1, so other characters become "?" rather than failing the
// download), and word wrapping to a width.
import { type PDFFont, rgb } from "pdf-lib";

export const INK = rgb(0.13, 0.15, 0.2);
export const MUTED = rgb(0.4, 0.43, 0.5);

/** `text` with every character the font cannot encode replaced by "?". */
export function encodable(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return "?";
      }
    })
    .join("");
}

/** Splits text into lines no wider than `width` at `size`. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
