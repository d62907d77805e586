// Transcripts of the media library's audio and video (decision 0065): made by the "transcript" AI
// task, corrected by the site's authors, shown under the course player, served as WebVTT captions
// beside the file itself (/media/{id}/captions.vtt, as public as the file), and found by the site
// search. Who may make and correct them: the site's content managers (who run the media library)
// and its instructors (create_courses), who put the recordings in their units.
import { and, eq, notLike } from "drizzle-orm";
import type { AiFailureReason } from "../../../core/ai-failures";
import { hasCap } from "../../../core/roles";
import {
  captionsUrl,
  MAX_SEGMENT_TEXT,
  MAX_SEGMENTS,
  mediaIdOfVideo,
  segmentProblem,
  segmentProblemMessage,
  type TranscriptSegment,
  toWebVtt,
  transcriptText,
} from "../../../core/transcripts";
import { mediaKindOf } from "../../../core/upload-types";
import { isUuid } from "../../../core/uuid";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { media, members, roles, transcripts } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, validationError } from "../../errors";

export type TranscriptView = {
  mediaId: string;
  language: string;
  segments: TranscriptSegment[];
  captionsUrl: string;
  editedAt: string | null;
  createdAt: string;
};

/** Who asks: a signed-in member's user id, and the site's owner (who holds every capability). */
export type TranscriptActor = { userId: string };
export type TranscriptSite = { accountId: string; ownerUserId: string | null };

type Row = typeof transcripts.$inferSelect;
const view = (r: Row): TranscriptView => ({
  mediaId: r.mediaId,
  language: r.language,
  segments: r.segments,
  captionsUrl: captionsUrl(r.mediaId),
  editedAt: r.editedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Refuses (403) unless the person manages the site's content or teaches on it. */
export async function assertTranscriber(tx: Tx, site: TranscriptSite, actor: TranscriptActor): Promise<void> {
  if (site.ownerUserId && site.ownerUserId === actor.userId) return;
  const [row] = await tx
    .select({ caps: roles.caps })
    .from(members)
    .innerJoin(roles, and(eq(roles.accountId, members.accountId), eq(roles.roleId, members.roleId)))
    .where(and(eq(members.accountId, site.accountId), eq(members.userId, actor.userId)));
  if (row && (hasCap(row.caps, "manage_options") || hasCap(row.caps, "create_courses"))) return;
  throw new AppError("forbidden", "Only the site's managers and instructors can transcribe or edit transcripts");
}

/** Private files (students' hand-ins) are never transcribed nor served. */
const PRIVATE_PREFIX = "private/";

/** This site's library file (404 otherwise), refused with 422 unless it is audio or video. */
export async function audioOrVideo(tx: Tx, accountId: string, mediaId: string) {
  if (!isUuid(mediaId)) throw notFound("File");
  const [row] = await tx
    .select()
    .from(media)
    .where(and(eq(media.accountId, accountId), eq(media.id, mediaId), notLike(media.storageKey, `${PRIVATE_PREFIX}%`)));
  if (!row) throw notFound("File");
  const kind = mediaKindOf(row.mime);
  if (kind !== "audio" && kind !== "video") {
    const message = `${row.filename} is not audio or video, so it has no transcript`;
    throw new AppError("validation_failed", message, [
      { field: "mediaId", message, reason: "file_not_media" satisfies AiFailureReason, values: { file: row.filename } },
    ]);
  }
  return row;
}

/** Writes (or replaces) a media item's transcript; `editedBy` when a person wrote it. */
export async function writeTranscript(
  tx: Tx,
  accountId: string,
  mediaId: string,
  input: { language: string; segments: TranscriptSegment[]; editedBy?: string | null },
): Promise<TranscriptView> {
  const segments = input.segments.map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
  const values = {
    language: input.language,
    segments,
    text: transcriptText(segments),
    editedAt: input.editedBy ? new Date() : null,
    editedBy: input.editedBy ?? null,
  };
  const [row] = await tx
    .insert(transcripts)
    .values({ accountId, mediaId, ...values })
    .onConflictDoUpdate({ target: [transcripts.accountId, transcripts.mediaId], set: values })
    .returning();
  return view(row as Row);
}

const ZSegment = z.object({
  start: z.number().finite().min(0).max(86_400),
  end: z.number().finite().min(0).max(86_400),
  text: z.string().max(MAX_SEGMENT_TEXT),
});
export const ZTranscriptSave = z
  .object({
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, "a language code such as en or pt-BR")
      .optional(),
    segments: z.array(ZSegment).max(MAX_SEGMENTS),
  })
  .strict();
export type TranscriptSave = z.infer<typeof ZTranscriptSave>;

/** A saved transcript's segments, or the error naming the first line that is wrong (422). */
export function checkSegments(raw: unknown): TranscriptSave {
  const parsed = ZTranscriptSave.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const problem = segmentProblem(parsed.data.segments);
  if (problem) {
    throw new AppError("validation_failed", segmentProblemMessage(problem, parsed.data.segments), [
      { field: problem.field, message: segmentProblemMessage(problem, parsed.data.segments), reason: problem.reason },
    ]);
  }
  return parsed.data;
}

export const transcriptsService = {
  /** A media item's transcript for its editor (null when none yet). */
  async get(db: Db, site: TranscriptSite, actor: TranscriptActor, mediaId: string): Promise<TranscriptView | null> {
    return withTenant(db, site.accountId, async (tx) => {
      await audioOrVideo(tx, site.accountId, mediaId);
      await assertTranscriber(tx, site, actor);
      const [row] = await tx
        .select()
        .from(transcripts)
        .where(and(eq(transcripts.accountId, site.accountId), eq(transcripts.mediaId, mediaId)));
      return row ? view(row) : null;
    });
  },

  /** A person's correction: the whole list of lines, checked, replacing what was there. */
  async save(db: Db, site: TranscriptSite, actor: TranscriptActor, mediaId: string, raw: unknown) {
    return withTenant(db, site.accountId, async (tx) => {
      await audioOrVideo(tx, site.accountId, mediaId);
      await assertTranscriber(tx, site, actor);
      const input = checkSegments(raw);
      const [current] = await tx
        .select({ language: transcripts.language })
        .from(transcripts)
        .where(and(eq(transcripts.accountId, site.accountId), eq(transcripts.mediaId, mediaId)));
      return writeTranscript(tx, site.accountId, mediaId, {
        language: input.language ?? current?.language ?? "en",
        segments: input.segments,
        editedBy: actor.userId,
      });
    });
  },

  /** The captions of a library file (404 when it is not this site's, is private or has none). */
  async captions(db: Db, accountId: string, mediaId: string): Promise<{ vtt: string; etag: string }> {
    if (!isUuid(mediaId)) throw notFound("Captions");
    const row = await withTenant(db, accountId, async (tx) => {
      const [found] = await tx
        .select({ segments: transcripts.segments, editedAt: transcripts.editedAt, createdAt: transcripts.createdAt })
        .from(transcripts)
        .innerJoin(media, and(eq(media.accountId, transcripts.accountId), eq(media.id, transcripts.mediaId)))
        .where(
          and(
            eq(transcripts.accountId, accountId),
            eq(transcripts.mediaId, mediaId),
            notLike(media.storageKey, `${PRIVATE_PREFIX}%`),
          ),
        );
      return found;
    });
    if (!row) throw notFound("Captions");
    const version = (row.editedAt ?? row.createdAt).getTime().toString(36);
    return { vtt: toWebVtt(row.segments), etag: `"${mediaId}-vtt-${version}"` };
  },

  /** The transcript of what a unit's video plays, for the player (null for embeds and files without one). */
  async forVideo(
    tx: Tx,
    accountId: string,
    video: { kind: string; url: string; mediaId?: string } | null,
  ): Promise<{ language: string; segments: TranscriptSegment[]; captionsUrl: string } | null> {
    const mediaId = mediaIdOfVideo(video);
    if (!mediaId) return null;
    const [row] = await tx
      .select({ language: transcripts.language, segments: transcripts.segments })
      .from(transcripts)
      .where(and(eq(transcripts.accountId, accountId), eq(transcripts.mediaId, mediaId)));
    if (!row || row.segments.length === 0) return null;
    return { language: row.language, segments: row.segments, captionsUrl: captionsUrl(mediaId) };
  },
};
