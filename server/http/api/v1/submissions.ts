// Quizzes over REST for students (attempts: start, autosave, submit) and instructors (the queue,
// evaluation, reset), plus quizzes assigned to members. Editing quizzes lives elsewhere.
import { createRoute, z } from "@hono/zod-openapi";
import { assignedQuizzes, quizAttempts, quizEvaluation } from "../../../modules/assessments";
import { learningCtx } from "../../learning-context";
import { requireFeature, requireSession } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZUuidParam } from "./router";

// Someone who is not a member finds nothing here (404, as for another site's ids), not a 403.
const actor = (c: Parameters<typeof learningCtx>[0]) => learningCtx(c, { anyone: true });
const guard = [requireSession(), requireFeature("lms")];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Conflict") };

const ZAnswer = z.union([
  z.number(),
  z.array(z.number()),
  z.boolean(),
  z.string().max(20000),
  z.array(z.string().max(2000)),
  z.null(),
]);
export const ZAnswers = z.record(z.string().max(100), ZAnswer).openapi("QuizAnswers");

const ZStudentQuestion = z
  .object({
    id: z.string(),
    type: z.enum(["single", "multiple", "truefalse", "fillblank", "matching", "sorting", "numeric", "essay"]),
    prompt: z.string(),
    marks: z.number(),
    options: z.array(z.string()).optional(),
    left: z.array(z.string()).optional(),
    right: z.array(z.string()).optional().openapi({ description: "Shuffled per attempt" }),
    items: z.array(z.string()).optional().openapi({ description: "Shuffled per attempt" }),
  })
  .openapi("StudentQuestion", { description: "A question without its answer" });

const ZResult = z
  .object({
    marks: z.number(),
    maxMarks: z.number(),
    percent: z.number(),
    passed: z.boolean(),
    awaitingEvaluation: z.boolean(),
    feedback: z.string().nullable(),
    questions: z.array(
      z.object({
        id: z.string(),
        correct: z.boolean().nullable(),
        marks: z.number(),
        maxMarks: z.number(),
        correctAnswer: ZAnswer,
      }),
    ),
  })
  .openapi("QuizResult");

const ZAttempt = z
  .object({
    id: z.string().uuid(),
    quizId: z.string().uuid(),
    courseId: z.string().uuid().nullable(),
    title: z.string(),
    attempt: z.number().int(),
    status: z.number().int().openapi({ description: "1 started, 2 awaiting evaluation, 3 evaluated" }),
    startedAt: z.string(),
    deadlineAt: z.string().nullable().openapi({ description: "After this the server takes no more answers" }),
    serverNow: z.string(),
    questions: z.array(ZStudentQuestion),
    answers: ZAnswers,
    result: ZResult.nullable(),
  })
  .openapi("QuizAttempt");

const ZStatusFilter = z.enum(["pending", "evaluated", "all"]).default("all");

const startAttempt = createRoute({
  method: "post",
  path: "/quizzes/{id}/attempts",
  tags: ["Quizzes"],
  summary: "Start an attempt (or get the open one); from a course the student is enrolled in, or an assigned quiz",
  middleware: guard,
  request: {
    params: ZUuidParam,
    body: jsonBody(z.object({ courseId: z.string().uuid().nullable().optional() }).strict(), false),
  },
  responses: { 200: ok(ZAttempt, "The attempt, questions without answers"), ...conflict, ...errorResponses },
});
const getAttempt = createRoute({
  method: "get",
  path: "/quiz-attempts/{id}",
  tags: ["Quizzes"],
  summary: "One of your attempts",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: { 200: ok(ZAttempt, "The attempt"), ...errorResponses },
});
const saveAnswers = createRoute({
  method: "put",
  path: "/quiz-attempts/{id}/answers",
  tags: ["Quizzes"],
  summary: "Save answers (autosave); 409 time_limit after the deadline",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(z.object({ answers: ZAnswers }).strict()) },
  responses: { 200: ok(ZAttempt, "The attempt with its saved answers"), ...conflict, ...errorResponses },
});
const submitAttempt = createRoute({
  method: "post",
  path: "/quiz-attempts/{id}/submit",
  tags: ["Quizzes"],
  summary: "Submit and mark; after the deadline only the saved answers count",
  middleware: guard,
  request: { params: ZUuidParam, body: jsonBody(z.object({ answers: ZAnswers.optional() }).strict(), false) },
  responses: { 200: ok(ZAttempt, "The marked attempt"), ...conflict, ...errorResponses },
});

const ZQueueItem = z.object({
  id: z.string().uuid(),
  studentId: z.string(),
  studentName: z.string(),
  courseId: z.string().uuid().nullable(),
  attempt: z.number().int(),
  status: z.number().int(),
  marks: z.number().nullable(),
  maxMarks: z.number().nullable(),
  submittedAt: z.string().nullable(),
});
const listSubmissions = createRoute({
  method: "get",
  path: "/quizzes/{id}/submissions",
  tags: ["Quizzes"],
  summary: "A quiz's submissions (manage_submissions; the course's instructors or managers)",
  middleware: guard,
  request: { params: ZUuidParam, query: z.object({ courseId: z.string().uuid().optional(), status: ZStatusFilter }) },
  responses: {
    200: ok(
      z.object({ quiz: z.object({ id: z.string(), title: z.string() }), items: z.array(ZQueueItem) }),
      "The queue",
    ),
    ...errorResponses,
  },
});
const getSubmission = createRoute({
  method: "get",
  path: "/quiz-submissions/{id}",
  tags: ["Quizzes"],
  summary: "One submission with the answers given and the correct ones",
  middleware: guard,
  request: { params: ZUuidParam },
  responses: {
    200: ok(z.record(z.string(), z.unknown()).openapi("QuizSubmission"), "The submission"),
    ...errorResponses,
  },
});
const evaluate = createRoute({
  method: "post",
  path: "/quiz-submissions/{id}/evaluate",
  tags: ["Quizzes"],
  summary: "Mark essay questions (0..their marks) and give feedback; status becomes 3",
  middleware: guard,
  request: {
    params: ZUuidParam,
    body: jsonBody(
      z
        .object({
          marks: z.record(z.string(), z.number().int()).default({}),
          feedback: z.string().max(5000).optional(),
        })
        .strict(),
    ),
  },
  responses: {
    200: ok(
      z.object({ id: z.string(), status: z.number(), marks: z.number(), result: ZResult.nullable() }),
      "Evaluated",
    ),
    ...conflict,
    ...errorResponses,
  },
});
const reset = createRoute({
  method: "post",
  path: "/quizzes/{id}/reset",
  tags: ["Quizzes"],
  summary: "Delete a student's attempts (of one course when given) and un-complete the item",
  middleware: guard,
  request: {
    params: ZUuidParam,
    body: jsonBody(
      z.object({ studentId: z.string().min(1).max(100), courseId: z.string().uuid().nullable().optional() }).strict(),
    ),
  },
  responses: { 200: ok(z.object({ deleted: z.number().int() }), "Attempts deleted"), ...errorResponses },
});

const ZUserParam = z.object({
  userId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "userId", in: "path" } }),
});
const ZAssigned = z
  .object({
    member: z.object({ userId: z.string(), name: z.string() }),
    canAssign: z.boolean(),
    items: z.array(
      z.object({
        quizId: z.string().uuid(),
        title: z.string(),
        questionCount: z.number().int(),
        attempts: z.number().int(),
        best: z
          .object({
            marks: z.number(),
            maxMarks: z.number(),
            percent: z.number(),
            passed: z.boolean(),
            status: z.number(),
          })
          .nullable(),
      }),
    ),
  })
  .openapi("AssignedQuizzes");
const listAssigned = createRoute({
  method: "get",
  path: "/members/{userId}/assigned-quizzes",
  tags: ["Quizzes"],
  summary: "A member's assigned quizzes with their best result (yours, or anyone's for instructors)",
  middleware: guard,
  request: { params: ZUserParam },
  responses: { 200: ok(ZAssigned, "Assigned quizzes"), ...errorResponses },
});
const assign = createRoute({
  method: "post",
  path: "/members/{userId}/assigned-quizzes",
  tags: ["Quizzes"],
  summary: "Assign a quiz to a member (instructors and managers)",
  middleware: guard,
  request: { params: ZUserParam, body: jsonBody(z.object({ quizId: z.string().uuid() }).strict()) },
  responses: { 201: ok(z.object({ quizId: z.string(), assigned: z.boolean() }), "Assigned"), ...errorResponses },
});
const unassign = createRoute({
  method: "delete",
  path: "/members/{userId}/assigned-quizzes/{quizId}",
  tags: ["Quizzes"],
  summary: "Unassign a quiz",
  middleware: guard,
  request: {
    params: ZUserParam.extend({
      quizId: z
        .string()
        .uuid()
        .openapi({ param: { name: "quizId", in: "path" } }),
    }),
  },
  responses: { 200: ok(z.object({ quizId: z.string(), assigned: z.boolean() }), "Unassigned"), ...errorResponses },
});

export const quizSubmissionRoutes = newRouter()
  .openapi(startAttempt, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { courseId?: string | null };
    return c.json(await quizAttempts.start(actor(c), c.req.valid("param").id, { courseId: body.courseId }), 200);
  })
  .openapi(getAttempt, async (c) => c.json(await quizAttempts.get(actor(c), c.req.valid("param").id), 200))
  .openapi(saveAnswers, async (c) =>
    c.json(await quizAttempts.saveAnswers(actor(c), c.req.valid("param").id, c.req.valid("json").answers), 200),
  )
  .openapi(submitAttempt, async (c) => {
    const body = (c.req.valid("json") ?? {}) as { answers?: z.infer<typeof ZAnswers> };
    return c.json(await quizAttempts.submit(actor(c), c.req.valid("param").id, body.answers), 200);
  })
  .openapi(listSubmissions, async (c) => {
    const q = c.req.valid("query");
    return c.json(await quizEvaluation.list(actor(c), c.req.valid("param").id, q), 200);
  })
  .openapi(getSubmission, async (c) => c.json(await quizEvaluation.get(actor(c), c.req.valid("param").id), 200))
  .openapi(evaluate, async (c) =>
    c.json(await quizEvaluation.evaluate(actor(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(reset, async (c) =>
    c.json(await quizEvaluation.reset(actor(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(listAssigned, async (c) => c.json(await assignedQuizzes.list(actor(c), c.req.valid("param").userId), 200))
  .openapi(assign, async (c) =>
    c.json(await assignedQuizzes.assign(actor(c), c.req.valid("param").userId, c.req.valid("json").quizId), 201),
  )
  .openapi(unassign, async (c) => {
    const p = c.req.valid("param");
    return c.json(await assignedQuizzes.unassign(actor(c), p.userId, p.quizId), 200);
  });
