// Learning over REST for students and instructors: enrol, my enrolments, the player (outline, open,
// complete) and the instructor's student management and statistics. Course authoring
// (/courses/{id}, /courses/{id}/curriculum) lives with the course editor's router.
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../../errors";
import { player, selfEnrol, stats, students } from "../../../modules/enrolment";
import { learningCtx } from "../../learning-context";
import { requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage } from "./router";
import {
  ZAddStudent,
  ZCompleteResult,
  ZCourseStats,
  ZEnrolResult,
  ZMyCourse,
  ZOpenedItem,
  ZOutline,
  ZPatchStudent,
  ZSiteStats,
  ZStudent,
} from "./enrolment-schemas";

const guard = [requireSession(), requireFeature("lms")];
const uuid = (name: string) =>
  z
    .string()
    .uuid()
    .openapi({ param: { name, in: "path" } });
const ZCourseParam = z.object({ id: uuid("id") });
const ZItemParam = z.object({ id: uuid("id"), itemId: uuid("itemId") });
const ZStudentParam = z.object({
  id: uuid("id"),
  studentId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "studentId", in: "path" } }),
});
const tags = ["Learning"];

const enrol = createRoute({
  method: "post",
  path: "/courses/{id}/enrol",
  tags,
  summary: "Enrol the signed-in member in a free, published course",
  description:
    "Idempotent: enrolling twice returns the existing enrolment. An Idempotency-Key header is accepted; enrolment is idempotent by course and student whatever the key.",
  middleware: guard,
  request: {
    params: ZCourseParam,
    headers: z.object({ "idempotency-key": z.string().max(200).optional() }),
  },
  responses: {
    200: ok(ZEnrolResult, "Enrolled (or already enrolled)"),
    409: ok(
      z.object({ status: z.literal(0), error: z.literal("Seats Error"), errorCode: z.literal("seats") }),
      "No seat left",
    ),
    500: ok(z.object({ status: z.literal(0) }), "The enrolment could not be written"),
    ...errorResponses,
  },
});
const myEnrolments = createRoute({
  method: "get",
  path: "/enrolments",
  tags,
  summary: "The signed-in member's courses with progress, status and expiry",
  middleware: guard,
  responses: { 200: ok(z.object({ items: z.array(ZMyCourse) }), "My courses"), ...errorResponses },
});
const progress = createRoute({
  method: "get",
  path: "/courses/{id}/progress",
  tags,
  summary: "The course outline with each item's state for the signed-in student",
  middleware: guard,
  request: { params: ZCourseParam },
  responses: { 200: ok(ZOutline, "Outline"), ...errorResponses },
});
const openRoute = createRoute({
  method: "post",
  path: "/courses/{id}/items/{itemId}/open",
  tags,
  summary: "Open an item (403 item_locked with reason and opensAt while locked; 403 enrolment_expired)",
  middleware: guard,
  request: { params: ZItemParam },
  responses: { 200: ok(ZOpenedItem, "The unit, or the link to the quiz or assignment"), ...errorResponses },
});
const completeRoute = (method: "put" | "delete") =>
  createRoute({
    method,
    path: "/courses/{id}/items/{itemId}/complete",
    tags,
    summary: method === "put" ? "Mark a unit complete" : "Mark a unit incomplete",
    middleware: guard,
    request: { params: ZItemParam },
    responses: { 200: ok(ZCompleteResult, "New progress"), ...errorResponses },
  });
const listStudents = createRoute({
  method: "get",
  path: "/courses/{id}/students",
  tags,
  summary: "Students of a course (manage_students on a course you teach, or manage_options)",
  middleware: guard,
  request: { params: ZCourseParam, query: ZPage.extend({ q: z.string().max(200).optional() }) },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZStudent),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
        course: z.object({ id: z.string().uuid(), title: z.string() }),
      }),
      "A page of students",
    ),
    ...errorResponses,
  },
});
const addStudent = createRoute({
  method: "post",
  path: "/courses/{id}/students",
  tags,
  summary: "Enrol a member of the site by user id or e-mail",
  middleware: guard,
  request: { params: ZCourseParam, body: jsonBody(ZAddStudent) },
  responses: {
    200: ok(z.object({ created: z.boolean(), student: ZStudent }), "Enrolled"),
    409: ok(
      z.object({ status: z.literal(0), error: z.literal("Seats Error"), errorCode: z.literal("seats") }),
      "No seat left",
    ),
    ...errorResponses,
  },
});
const patchStudent = createRoute({
  method: "patch",
  path: "/courses/{id}/students/{studentId}",
  tags,
  summary: "Change a student's status, extend their expiry or give the course marks",
  middleware: guard,
  request: { params: ZStudentParam, body: jsonBody(ZPatchStudent) },
  responses: { 200: ok(ZStudent, "The student"), ...errorResponses },
});
const resetStudent = createRoute({
  method: "post",
  path: "/courses/{id}/students/{studentId}/reset",
  tags,
  summary: "Reset a student's progress and delete their submissions in this course",
  middleware: guard,
  request: { params: ZStudentParam },
  responses: { 200: ok(ZStudent, "The student"), ...errorResponses },
});
const removeStudent = createRoute({
  method: "delete",
  path: "/courses/{id}/students/{studentId}",
  tags,
  summary: "Remove a student from the course",
  middleware: guard,
  request: { params: ZStudentParam },
  responses: { 204: { description: "Removed" }, ...errorResponses },
});
const courseStats = createRoute({
  method: "get",
  path: "/courses/{id}/stats",
  tags,
  summary: "Statistics of one course (manage_stats)",
  middleware: guard,
  request: { params: ZCourseParam },
  responses: { 200: ok(ZCourseStats, "Statistics"), ...errorResponses },
});
const siteStats = createRoute({
  method: "get",
  path: "/instructor/stats",
  tags,
  summary: "Statistics of every course you may see, with totals (manage_stats)",
  middleware: guard,
  responses: { 200: ok(ZSiteStats, "Statistics"), ...errorResponses },
});

const SEATS_BODY = { status: 0, error: "Seats Error", errorCode: "seats" } as const;

export const enrolmentRoutes = newRouter()
  .openapi(enrol, async (c) => {
    const ctx = learningCtx(c);
    try {
      const { enrolment, created } = await selfEnrol(ctx, c.req.valid("param").id);
      return c.json(
        {
          status: 1 as const,
          created,
          enrolment: {
            courseId: enrolment.courseId,
            studentId: enrolment.studentId,
            status: enrolment.status,
            progress: enrolment.progress,
            expiry: enrolment.expiry.toISOString(),
          },
        },
        200,
      );
    } catch (err) {
      // Spec §8: a full course answers the Seats Error body; an unexpected write failure only {status:0}.
      if (err instanceof AppError && err.code === "seats") return c.json(SEATS_BODY, 409);
      if (err instanceof AppError) throw err;
      console.error("[enrol]", (err as Error).message);
      return c.json({ status: 0 as const }, 500);
    }
  })
  .openapi(myEnrolments, async (c) => c.json({ items: await player.myCourses(learningCtx(c)) }, 200))
  .openapi(progress, async (c) => c.json(await player.outline(learningCtx(c), c.req.valid("param").id), 200))
  .openapi(openRoute, async (c) => {
    const p = c.req.valid("param");
    return c.json(await player.open(learningCtx(c), p.id, p.itemId), 200);
  })
  .openapi(completeRoute("put"), async (c) => {
    const p = c.req.valid("param");
    return c.json(await player.setComplete(learningCtx(c), p.id, p.itemId, true), 200);
  })
  .openapi(completeRoute("delete"), async (c) => {
    const p = c.req.valid("param");
    return c.json(await player.setComplete(learningCtx(c), p.id, p.itemId, false), 200);
  })
  .openapi(listStudents, async (c) => {
    const q = c.req.valid("query");
    const result = await students.list(learningCtx(c), c.req.valid("param").id, {
      q: q.q,
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(result, 200);
  })
  .openapi(addStudent, async (c) => {
    try {
      return c.json(await students.add(learningCtx(c), c.req.valid("param").id, c.req.valid("json")), 200);
    } catch (err) {
      if (err instanceof AppError && err.code === "seats") return c.json(SEATS_BODY, 409);
      throw err;
    }
  })
  .openapi(patchStudent, async (c) => {
    const { id, studentId } = c.req.valid("param");
    const body = c.req.valid("json");
    const ctx = learningCtx(c);
    if (body.extend) await students.extend(ctx, id, studentId, body.extend);
    if (body.marks !== undefined) await students.setMarks(ctx, id, studentId, body.marks);
    if (body.status !== undefined) return c.json(await students.setStatus(ctx, id, studentId, body.status), 200);
    return c.json(await students.get(ctx, id, studentId), 200);
  })
  .openapi(resetStudent, async (c) => {
    const { id, studentId } = c.req.valid("param");
    return c.json(await students.reset(learningCtx(c), id, studentId), 200);
  })
  .openapi(removeStudent, async (c) => {
    const { id, studentId } = c.req.valid("param");
    await students.remove(learningCtx(c), id, studentId);
    return c.body(null, 204);
  })
  .openapi(courseStats, async (c) => c.json(await stats.course(learningCtx(c), c.req.valid("param").id), 200))
  .openapi(siteStats, async (c) => c.json(await stats.site(learningCtx(c)), 200));
