// Transcripts of the media library's audio and video (decision 0065): read and corrected by the
// site's managers and instructors. Making one is the "transcript" AI task (POST /ai/tasks).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError, notAuthenticated } from "../../../errors";
import { transcriptsService } from "../../../modules/transcripts";
import type { AppEnv } from "../../env";
import { requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const ZSegment = z
  .object({
    start: z.number().openapi({ description: "Seconds from the start" }),
    end: z.number().openapi({ description: "Seconds from the start; after start" }),
    text: z.string(),
  })
  .openapi("TranscriptSegment");

const ZTranscript = z
  .object({
    mediaId: z.string().uuid(),
    language: z.string(),
    segments: z.array(ZSegment),
    captionsUrl: z.string().openapi({ description: "The WebVTT captions, as public as the file itself" }),
    editedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Transcript");

const ZSave = z
  .object({
    language: z.string().optional().openapi({ description: "ISO 639-1, e.g. en; unchanged when left out" }),
    segments: z.array(ZSegment).openapi({ description: "Every line, in order, each starting before it ends" }),
  })
  .openapi("TranscriptSave");

const tags = ["Media"];

const r = {
  get: createRoute({
    method: "get",
    path: "/media/{id}/transcript",
    tags,
    summary: "A recording's transcript (null when it has none yet)",
    middleware: [requireSession()] as const,
    request: { params: ZUuidParam },
    responses: { 200: ok(z.object({ transcript: ZTranscript.nullable() }), "The transcript"), ...errorResponses },
  }),
  put: createRoute({
    method: "put",
    path: "/media/{id}/transcript",
    tags,
    summary: "Correct a recording's transcript (all its lines)",
    description:
      "Each line needs text and must start before it ends and no earlier than the line before it ends; the first line that does not is named in `details[0].field` (e.g. `segments.3.start`).",
    middleware: [requireSession()] as const,
    request: { params: ZUuidParam, body: jsonBody(ZSave) },
    responses: { 200: ok(ZTranscript, "The saved transcript"), ...errorResponses },
  }),
};

function actorOf(c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) throw notAuthenticated();
  if (!c.get("member")) throw new AppError("forbidden", "Only members of this site can edit its transcripts");
  return { userId: user.id };
}

export const transcriptRoutes = newRouter()
  .openapi(r.get, async (c) => {
    const transcript = await transcriptsService.get(
      c.get("platform").database.db,
      c.get("site"),
      actorOf(c),
      c.req.valid("param").id,
    );
    return c.json({ transcript }, 200);
  })
  .openapi(r.put, async (c) => {
    const saved = await transcriptsService.save(
      c.get("platform").database.db,
      c.get("site"),
      actorOf(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(saved, 200);
  });
