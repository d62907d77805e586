// The "transcript" AI task (decision 0065): speech-to-text of a media library recording, metered in
// minutes (the plan's `transcribe` limit; no plan feature needed). The file is read from storage
// and sent as it is; a file over MAX_TRANSCRIBE_BYTES is refused when asked, before anything is
// counted. The transcript replaces the file's previous one in the transaction that marks the task
// done, so a failed call writes nothing.
import { z } from "zod";
import { formatBytes } from "../../../core/upload-types";
import { MAX_TRANSCRIBE_BYTES, type TranscriptSegment } from "../../../core/transcripts";
import type { Tx } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { assertTranscriber, audioOrVideo, writeTranscript } from "../transcripts";
import { aiFailure, defineAiTask } from "./tasks";

export const TRANSCRIPT_TASK = "transcript";

const ZInput = z
  .object({
    mediaId: z.string().uuid("Choose a file from the media library"),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, "a two-letter language code such as en")
      .optional(),
  })
  .strict();
type Input = z.infer<typeof ZInput>;

export type TranscriptResult = { mediaId: string; language: string; segments: TranscriptSegment[]; minutes: number };

/** The size refusal, naming the file and both sizes (422; reason file_too_large, sizes in bytes). */
export function tooLargeError(filename: string, size: number): AppError {
  const message = `${filename} is ${formatBytes(size)}; files up to ${formatBytes(MAX_TRANSCRIBE_BYTES)} can be transcribed. Upload a shorter or more compressed recording.`;
  return aiFailure(
    "validation_failed",
    "file_too_large",
    message,
    { file: filename, size, maxBytes: MAX_TRANSCRIBE_BYTES },
    { field: "mediaId", details: { size, maxBytes: MAX_TRANSCRIBE_BYTES } },
  );
}

const fileGone = () =>
  aiFailure("not_found", "file_gone", "The recording is no longer in the media library. Nothing was changed.");

/** The recording, read again while the task runs: deleted since the request is the task's file_gone. */
async function recording(tx: Tx, accountId: string, mediaId: string) {
  try {
    return await audioOrVideo(tx, accountId, mediaId);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") throw fileGone();
    throw err;
  }
}

/** Drops empty lines and puts the provider's segments in order, each ending after it starts. */
export function cleanSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments
    .map((s) => ({
      start: Math.max(0, Math.round(s.start * 1000) / 1000),
      end: Math.round(s.end * 1000) / 1000,
      text: s.text.trim(),
    }))
    .filter((s) => s.text && Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start)
    .map((s, i, all) => {
      const next = all[i + 1];
      const end = Math.max(s.end, s.start + 0.001);
      return { ...s, end: next ? Math.min(end, Math.max(next.start, s.start + 0.001)) : end };
    });
}

defineAiTask<Input, TranscriptResult>({
  kind: TRANSCRIPT_TASK,
  feature: null,
  meter: "transcribe",
  input: ZInput,
  async authorize(tx, site, actor, input) {
    const row = await audioOrVideo(tx, site.accountId, input.mediaId);
    await assertTranscriber(tx, site, actor);
    if (row.size > MAX_TRANSCRIBE_BYTES) throw tooLargeError(row.filename, row.size);
  },
  async run(ctx) {
    const row = await withTenant(ctx.db, ctx.site.accountId, (tx) =>
      recording(tx, ctx.site.accountId, ctx.input.mediaId),
    );
    if (row.size > MAX_TRANSCRIBE_BYTES) throw tooLargeError(row.filename, row.size);
    const file = await ctx.storage.get(ctx.site.accountId, row.storageKey);
    if (!file) throw fileGone();
    await ctx.progress(20);
    // The library does not keep a recording's length; the provider measures it.
    const answer = await ctx.transcribe({
      audio: file.bytes,
      mime: row.mime,
      filename: row.filename,
      language: ctx.input.language,
    });
    await ctx.progress(90);
    return {
      mediaId: row.id,
      language: answer.language ?? ctx.input.language ?? "en",
      segments: cleanSegments(answer.segments),
      minutes: Math.ceil(answer.durationSeconds / 60),
    };
  },
  async apply(tx, ctx, result) {
    // The file may have been deleted while it was transcribed: then there is nothing to write to.
    await recording(tx, ctx.site.accountId, result.mediaId);
    await writeTranscript(tx, ctx.site.accountId, result.mediaId, {
      language: result.language,
      segments: result.segments,
    });
  },
});
