// Units, quizzes and assignments over REST, as their instructors see them (quiz answers included,
// so students never reach these: the instructor area is required). `courseId` on create appends the
// new item to that course's curriculum, as the curriculum builder does.
import { createRoute, z } from "@hono/zod-openapi";
import {
  ZAssignmentInput,
  ZAssignmentPatch,
  ZAssignmentSettings,
  ZQuizInput,
  ZQuizPatch,
  ZQuizSettings,
  ZUnitDownload,
  ZUnitInput,
  ZUnitPatch,
  ZUnitVideo,
} from "../../../../core/course-schemas";
import { assignmentEditor, quizEditor, unitEditor } from "../../../modules/courses";
import { instructorCtx, requireInstructorArea } from "../../learning-context";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

const base = {
  id: z.string().uuid(),
  title: z.string(),
  content: z.string(),
  authorId: z.string(),
  updatedAt: z.string(),
};
const ZUnit = z
  .object({
    ...base,
    video: ZUnitVideo.nullable(),
    downloads: z.array(ZUnitDownload),
    duration: z.number().int().nullable(),
  })
  .openapi("Unit");
const ZQuiz = z
  .object({ ...base, questions: z.array(z.record(z.string(), z.unknown())), settings: ZQuizSettings })
  .openapi("Quiz");
const ZAssignment = z.object({ ...base, settings: ZAssignmentSettings }).openapi("Assignment");
const withCourse = {
  courseId: z.string().uuid().nullable().optional().openapi({ description: "Append to this course's curriculum" }),
};
export const ZCreateUnit = ZUnitInput.extend(withCourse).openapi("CreateUnit");
export const ZCreateQuiz = ZQuizInput.extend(withCourse).openapi("CreateQuiz");
export const ZCreateAssignment = ZAssignmentInput.extend(withCourse).openapi("CreateAssignment");
const ZListQuery = z.object({ q: z.string().max(200).optional() });

type Editor = typeof unitEditor | typeof quizEditor | typeof assignmentEditor;

function itemRouter(opts: {
  path: string;
  tag: string;
  name: string;
  view: z.ZodType;
  create: z.ZodType;
  patch: z.ZodType;
  editor: Editor;
}) {
  const tags = [opts.tag];
  const middleware = [requireInstructorArea()];
  const list = createRoute({
    method: "get",
    path: opts.path,
    tags,
    summary: `${opts.name}s the member may edit`,
    middleware,
    request: { query: ZListQuery },
    responses: { 200: ok(z.object({ items: z.array(opts.view) }), `${opts.name}s`), ...errorResponses },
  });
  const create = createRoute({
    method: "post",
    path: opts.path,
    tags,
    summary: `Create a ${opts.name.toLowerCase()}`,
    middleware,
    request: { body: jsonBody(opts.create) },
    responses: { 201: ok(opts.view, `The new ${opts.name.toLowerCase()}`), ...errorResponses },
  });
  const get = createRoute({
    method: "get",
    path: `${opts.path}/{id}`,
    tags,
    summary: `One ${opts.name.toLowerCase()}`,
    middleware,
    request: { params: ZUuidParam },
    responses: { 200: ok(opts.view, opts.name), ...errorResponses },
  });
  const update = createRoute({
    method: "patch",
    path: `${opts.path}/{id}`,
    tags,
    summary: `Change a ${opts.name.toLowerCase()}`,
    middleware,
    request: { params: ZUuidParam, body: jsonBody(opts.patch) },
    responses: { 200: ok(opts.view, opts.name), ...errorResponses },
  });
  const remove = createRoute({
    method: "delete",
    path: `${opts.path}/{id}`,
    tags,
    summary: `Delete a ${opts.name.toLowerCase()} (curricula drop it)`,
    middleware,
    request: { params: ZUuidParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  });
  // The editors share one shape; the input type differs per editor and is checked by the route schema.
  const editor = opts.editor as typeof unitEditor;
  return newRouter()
    .openapi(list, async (c) => c.json({ items: await editor.list(instructorCtx(c), c.req.valid("query")) }, 200))
    .openapi(create, async (c) => {
      const { courseId, ...input } = c.req.valid("json") as z.infer<typeof ZCreateUnit>;
      return c.json(await editor.create(instructorCtx(c), input, courseId), 201);
    })
    .openapi(get, async (c) => c.json(await editor.get(instructorCtx(c), c.req.valid("param").id), 200))
    .openapi(update, async (c) =>
      c.json(
        await editor.update(
          instructorCtx(c),
          c.req.valid("param").id,
          c.req.valid("json") as z.infer<typeof ZUnitPatch>,
        ),
        200,
      ),
    )
    .openapi(remove, async (c) => {
      await editor.remove(instructorCtx(c), c.req.valid("param").id);
      return c.body(null, 204);
    });
}

export const unitRoutes = itemRouter({
  path: "/units",
  tag: "Course units",
  name: "Unit",
  view: ZUnit,
  create: ZCreateUnit,
  patch: ZUnitPatch,
  editor: unitEditor,
});
export const quizRoutes = itemRouter({
  path: "/quizzes",
  tag: "Quizzes",
  name: "Quiz",
  view: ZQuiz,
  create: ZCreateQuiz,
  patch: ZQuizPatch,
  editor: quizEditor,
});
export const assignmentRoutes = itemRouter({
  path: "/assignments",
  tag: "Assignments",
  name: "Assignment",
  view: ZAssignment,
  create: ZCreateAssignment,
  patch: ZAssignmentPatch,
  editor: assignmentEditor,
});
