// Transcripts of audio and video (decision 0065): timed segments as speech-to-text made them and a
// person corrected them. Shared by the server (saving, captions, search) and the browser (the
// editor and the transcript under the player): the rules a saved transcript keeps, the WebVTT
// captions made from it, and the way a unit's video names its media library file.
import { isUuid } from "./uuid";

export type TranscriptSegment = { start: number; end: number; text: string };

/**
 * The largest file sent for transcription: OpenAI-compatible speech-to-text accepts 25 MB a
 * request, and a bigger file is refused before anything is asked or counted.
 */
export const MAX_TRANSCRIBE_BYTES = 25 * 1024 * 1024;
/** At most this many segments (a ten-hour recording in six-second lines) and characters a line. */
export const MAX_SEGMENTS = 6000;
export const MAX_SEGMENT_TEXT = 1000;

/** Seconds as WebVTT's HH:MM:SS.mmm. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Seconds as a reader's timestamp under the player: M:SS, or H:MM:SS from an hour on. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** A cue's text: `&` and `<` escaped, `-->` broken (it would end the cue), no blank line inside. */
function cueText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

/** The segments as a WebVTT file, one numbered cue a segment (empty lines are left out). */
export function toWebVtt(segments: readonly TranscriptSegment[]): string {
  const cues: string[] = [];
  for (const seg of segments) {
    const text = cueText(seg.text);
    if (!text) continue;
    cues.push(`${cues.length + 1}\n${vttTime(seg.start)} --> ${vttTime(seg.end)}\n${text}`);
  }
  return `WEBVTT\n\n${cues.map((c) => `${c}\n\n`).join("")}`;
}

/** The plain text of a transcript, for search. */
export const transcriptText = (segments: readonly TranscriptSegment[]): string =>
  segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(" ");

export type SegmentProblem = { index: number; field: string; reason: "times" | "order" | "empty" | "long" };

/**
 * The first problem of a transcript a person saves, or null: every segment has text (at most
 * MAX_SEGMENT_TEXT characters), starts before it ends, at 0 or later, and no earlier than the
 * segment before it ends.
 */
export function segmentProblem(segments: readonly TranscriptSegment[]): SegmentProblem | null {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as TranscriptSegment;
    if (!s.text.trim()) return { index: i, field: `segments.${i}.text`, reason: "empty" };
    if (s.text.length > MAX_SEGMENT_TEXT) return { index: i, field: `segments.${i}.text`, reason: "long" };
    if (!(Number.isFinite(s.start) && Number.isFinite(s.end) && s.start >= 0 && s.start < s.end)) {
      return { index: i, field: `segments.${i}.end`, reason: "times" };
    }
    const prev = segments[i - 1];
    if (prev && s.start < prev.end - 0.0005) return { index: i, field: `segments.${i}.start`, reason: "order" };
  }
  return null;
}

/** The problem in words (the API's message; the editor shows its own translated one). */
export function segmentProblemMessage(p: SegmentProblem, segments: readonly TranscriptSegment[]): string {
  const n = p.index + 1;
  const s = segments[p.index];
  switch (p.reason) {
    case "empty":
      return `Line ${n} has no text; write it or remove the line`;
    case "long":
      return `Line ${n} is longer than ${MAX_SEGMENT_TEXT} characters`;
    case "times":
      return `Line ${n} must start before it ends (${vttTime(s?.start ?? 0)} to ${vttTime(s?.end ?? 0)})`;
    case "order":
      return `Line ${n} starts at ${vttTime(s?.start ?? 0)}, before line ${n - 1} ends`;
  }
}

/** The media library file a unit's uploaded video plays (its mediaId, or the id in its /media/ address). */
export function mediaIdOfVideo(video: { kind: string; url: string; mediaId?: string } | null | undefined) {
  if (video?.kind !== "upload") return null;
  if (video.mediaId && isUuid(video.mediaId)) return video.mediaId;
  const m = /^\/media\/([0-9a-fA-F-]{36})\//.exec(video.url);
  return m && isUuid(m[1]) ? (m[1] as string).toLowerCase() : null;
}

/** Where a media item's captions are served. */
export const captionsUrl = (mediaId: string) => `/media/${mediaId}/captions.vtt`;
