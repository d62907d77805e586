// Assignments over REST: a student's hand-in (text and/or files, multipart) inside a course, and
// the instructors' queue, evaluation and reset. Editing assignments lives elsewhere.
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { SUBMISSION_TYPES } from "../../../../core/assignment-hand-in";
import { MAX_UPLOAD_BYTES } from "../../../../core/upload-types";
import { AppError } from "../../../errors";
import { assignmentSubmissionsService as service, submittedFile } from "../../../modules/assessments";
import { storageFor } from "../../../modules/storage";
import { learningCtx } from "../../learning-context";
import { requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZError, ZUuidParam } from "./router";

// Someone who is not a member finds nothing here (404, as for another site's ids), not a 403.
const actor = (c: Parameters<typeof learningCtx>[0]) => learningCtx(c, { anyone: true });
const guard = [requireSession(), requireFeature("lms")];
const MAX_FILES = 10;

const ZFile = z.object({ mediaId: z.string(), name: z.string(), url: z.string(), mime: z.string(), size: z.number() });
const ZSubmission = z
  .object({
    id: z.string().uuid(),
    assignmentId: z.string().uuid(),
    courseId: z.string().uuid().nullable(),
    studentId: z.string(),
    status: z.number().int().openapi({ description: "2 awaiting evaluation, 3 evaluated" }),
    marks: z.number().int().nullable(),
    content: z.string(),
    files: z.array(ZFile),
    feedback: z.string().nullable(),
    complete: z.boolean().openapi({ description: "Status 3 or higher and marks given" }),
    submittedAt: z.string(),
    evaluatedAt: z.string().nullable(),
  })
  .openapi("AssignmentSubmission");
const ZAssignmentInfo = z.object({
  id: z.string().uuid(),
  title: z.string(),
  content: z.string(),
  maxMarks: z.number().int(),
  submissionType: z.enum(SUBMISSION_TYPES),
});

const ZFileField = z
  .union([z.instanceof(File), z.array(z.instanceof(File)).max(MAX_FILES)])
  .optional()
  .openapi({ type: "array", items: { type: "string", format: "binary" } });
const ZHandIn = z
  .object({
    courseId: z.string().uuid(),
    content: z.string().max(100_000).optional(),
    files: ZFileField,
    "files[]": ZFileField,
  })
  .openapi("AssignmentHandIn");

const getMine = createRoute({
  method: "get",
  path: "/assignments/{id}/submission",
  tags: ["Assignments"],
  summary: "The assignment and your hand-in, inside a course you are enrolled in",
  middleware: guard,
  request: { params: ZUuidParam, query: z.object({ courseId: z.string().uuid() }) },
  responses: {
    200: ok(z.object({ assignment: ZAssignmentInfo, submission: ZSubmission.nullable() }), "Yours"),
    ...errorResponses,
  },
});
const handIn = createRoute({
  method: "post",
  path: "/assignments/{id}/submission",
  tags: ["Assignments"],
  summary: "Hand in (replaces your previous hand-in until it is evaluated)",
  description:
    "Files are checked like media uploads: the type comes from the content, and they count toward the site's storage.",
  middleware: [
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + 1024 * 1024,
      onError: () => {
        throw new AppError("payload_too_large", "A hand-in can be at most 100 MB");
      },
    }),
    ...guard,
  ],
  request: { params: ZUuidParam, body: { required: true, content: { "multipart/form-data": { schema: ZHandIn } } } },
  responses: {
    201: ok(ZSubmission, "Handed in"),
    409: ok(ZError, "Already evaluated"),
    413: ok(ZError, "Too large"),
    415: ok(ZError, "A file type that is not accepted (details.detected names it)"),
    ...errorResponses,
  },
});
const ZQueueQuery = z.object({ status: z.enum(["pending", "evaluated", "all"]).default("all") });
const listSubmissions = createRoute({
  method: "get",
  path: "/assignments/{id}/submissions",
  tags: ["Assignments"],
  summary: "An assignment's hand-ins (manage_submissions; the course's instructors or managers)",
  middleware: guard,
  request: { params: ZUuidParam, query: ZQueueQuery },
  responses: {
    200: ok(
      z.object({ assignment: ZAssignmentInfo, items: z.array(ZSubmission.extend({ studentName: z.string() })) }),
      "The queue",
    ),
    ...errorResponses,
  },
});
const evaluate = createRoute({
  method: "post",
  path: "/assignment-submissions/{id}/evaluate",
  tags: ["Assignments"],
  summary: "Give marks (0..maxMarks) and feedback; status becomes 3 and the item completes",
  middleware: guard,
  request: {
    params: ZUuidParam,
    body: jsonBody(z.object({ marks: z.number().int(), feedback: z.string().max(5000).optional() }).strict()),
  },
  responses: { 200: ok(ZSubmission, "Evaluated"), ...errorResponses },
});
const reset = createRoute({
  method: "post",
  path: "/assignments/{id}/reset",
  tags: ["Assignments"],
  summary: "Delete a student's hand-in and un-complete the item",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(z.object({ studentId: z.string().min(1).max(100) }).strict()) },
  responses: { 200: ok(z.object({ deleted: z.number().int() }), "Deleted"), ...errorResponses },
});

const readFile = createRoute({
  method: "get",
  path: "/assignment-files/{id}",
  tags: ["Assignments"],
  summary: "A handed-in file",
  description:
    "Only the student who handed it in and the assignment's evaluators can read it; for anyone else it does not exist (404). Files handed in are never in the media library or at a public address.",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: {
    200: {
      content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
      description: "The file",
    },
    ...errorResponses,
  },
});

const asList = (v: File | File[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export const assignmentSubmissionRoutes = newRouter()
  .openapi(getMine, async (c) =>
    c.json(await service.mine(actor(c), c.req.valid("param").id, c.req.valid("query").courseId), 200),
  )
  .openapi(handIn, async (c) => {
    const form = c.req.valid("form");
    const files = [...asList(form.files), ...asList(form["files[]"])].filter((f) => f.size > 0 || f.name);
    if (files.length > MAX_FILES) {
      throw new AppError("validation_failed", `At most ${MAX_FILES} files`, [
        { field: "files", message: `At most ${MAX_FILES} files` },
      ]);
    }
    const uploads = await Promise.all(
      files.map(async (f) => ({ filename: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const saved = await service.submit(
      actor(c),
      storageFor(c.get("platform").cfg),
      c.get("site"),
      c.req.valid("param").id,
      {
        courseId: form.courseId,
        content: form.content,
        files: uploads,
      },
    );
    return c.json(saved, 201);
  })
  .openapi(readFile, async (c) => {
    const f = await submittedFile(actor(c), storageFor(c.get("platform").cfg), c.req.valid("param").id);
    return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": f.contentType,
      "Content-Disposition": `attachment; filename="${f.filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  })
  .openapi(listSubmissions, async (c) =>
    c.json(await service.list(actor(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .openapi(evaluate, async (c) =>
    c.json(await service.evaluate(actor(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(reset, async (c) =>
    c.json(
      await service.reset(actor(c), storageFor(c.get("platform").cfg), c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
