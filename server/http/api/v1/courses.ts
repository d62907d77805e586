// Course authoring over REST: courses, their curriculum and co-instructors, and course categories.
// The instructor area only (create_courses, or manage_options with lms); an instructor reaches the
// courses they teach, managers every course. Units, quizzes and assignments are in course-items.ts.
import { createRoute, z } from "@hono/zod-openapi";
import { ZCertificateTemplate, ZCourseSettings, ZCourseUpdate, ZCurriculum } from "../../../../core/course-schemas";
import { authoring, courseCategories, curriculum } from "../../../modules/courses";
import { instructorCtx, requireInstructorArea } from "../../learning-context";
import { requireCap } from "../../middleware/guards";
import { errorResponses, jsonBody, newRouter, ok, ZPage, ZUuidParam } from "./router";

const ZCategoryRef = z.object({ id: z.string().uuid(), name: z.string(), slug: z.string() }).openapi("CourseCategory");
const ZCourseSummary = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    status: z.enum(["draft", "published"]),
    studentCount: z.number().int(),
    updatedAt: z.string(),
    publishedAt: z.string().nullable(),
  })
  .openapi("CourseSummary");
const ZCourse = ZCourseSummary.extend({
  excerpt: z.string(),
  description: z.string(),
  featuredImage: z.object({ image: z.string().nullable().optional() }),
  seats: z.number().int().nullable(),
  access: z.enum(["free", "private"]),
  settings: ZCourseSettings,
  certificate: ZCertificateTemplate.nullable(),
  courseDuration: z.object({ value: z.number(), parameter: z.number() }).nullable(),
  authorId: z.string(),
  authors: z.array(z.object({ userId: z.string(), name: z.string() })),
  categories: z.array(ZCategoryRef),
}).openapi("Course");

export const ZCreateCourse = z
  .object({
    title: z.string().trim().min(1).max(200).openapi({ example: "Watercolour basics" }),
    slug: z.string().max(80).nullable().optional().openapi({ description: "Made from the title when empty" }),
    categoryIds: z.array(z.string().uuid()).max(50).optional(),
  })
  .strict()
  .openapi("CreateCourse");
export type CreateCourse = z.infer<typeof ZCreateCourse>;

export const ZUpdateCourse = ZCourseUpdate.openapi("UpdateCourse");
export type UpdateCourse = z.infer<typeof ZUpdateCourse>;

const ZCourseQuery = ZPage.extend({
  status: z.enum(["draft", "published", "all"]).default("all"),
  q: z.string().max(200).optional(),
});
export const ZCurriculumBody = z.object({ items: ZCurriculum }).strict().openapi("CurriculumInput");
const ZCurriculumOut = z.object({ items: ZCurriculum }).openapi("Curriculum");
export const ZAddAuthor = z
  .object({ userId: z.string().min(1).max(100) })
  .strict()
  .openapi("AddCourseAuthor");
const ZAuthorParam = ZUuidParam.extend({
  userId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "userId", in: "path" } }),
});
export const ZCourseCategoryInput = z
  .object({ name: z.string().max(80), slug: z.string().max(80).nullable().optional() })
  .strict()
  .openapi("CreateCourseCategory");
const ZCourseCategoryPatch = z
  .object({ name: z.string().max(80).optional(), slug: z.string().max(80).optional() })
  .strict()
  .openapi("UpdateCourseCategory");

const guard = [requireInstructorArea()];
const managers = [requireInstructorArea(), requireCap("manage_options")];
const tags = ["Courses"];
const conflict = { 409: ok(z.object({ error: z.object({ code: z.string(), message: z.string() }) }), "Slug taken") };

const r = {
  list: createRoute({
    method: "get",
    path: "/courses",
    tags,
    summary: "Courses the member may edit",
    middleware: guard,
    request: { query: ZCourseQuery },
    responses: {
      200: ok(
        z.object({
          items: z.array(ZCourseSummary),
          total: z.number().int(),
          page: z.number().int(),
          perPage: z.number().int(),
        }),
        "A page of courses",
      ),
      ...errorResponses,
    },
  }),
  create: createRoute({
    method: "post",
    path: "/courses",
    tags,
    summary: "Create a draft course",
    middleware: guard,
    request: { body: jsonBody(ZCreateCourse) },
    responses: { 201: ok(ZCourse, "The new course"), ...conflict, ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/courses/{id}",
    tags,
    summary: "One course for its editor",
    middleware: guard,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZCourse, "The course"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: "/courses/{id}",
    tags,
    summary: "Change a course (also publish/unpublish)",
    middleware: guard,
    request: { params: ZUuidParam, body: jsonBody(ZUpdateCourse) },
    responses: { 200: ok(ZCourse, "The course"), ...conflict, ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/courses/{id}",
    tags,
    summary: "Delete a course",
    middleware: guard,
    request: { params: ZUuidParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
  getCurriculum: createRoute({
    method: "get",
    path: "/courses/{id}/curriculum",
    tags,
    summary: "The course's curriculum",
    middleware: guard,
    request: { params: ZUuidParam },
    responses: { 200: ok(ZCurriculumOut, "Ordered items"), ...errorResponses },
  }),
  putCurriculum: createRoute({
    method: "put",
    path: "/courses/{id}/curriculum",
    tags,
    summary: "Replace the curriculum (needs manage_curriculum)",
    description:
      "An item without an id but with a type and a title is new: that unit, quiz or assignment is created with the list, in the same transaction, and comes back with its id. A refused list creates nothing.",
    middleware: guard,
    request: { params: ZUuidParam, body: jsonBody(ZCurriculumBody) },
    responses: { 200: ok(ZCurriculumOut, "The stored items"), ...errorResponses },
  }),
  addAuthor: createRoute({
    method: "post",
    path: "/courses/{id}/authors",
    tags,
    summary: "Add a co-instructor",
    middleware: guard,
    request: { params: ZUuidParam, body: jsonBody(ZAddAuthor) },
    responses: { 200: ok(ZCourse, "The course"), ...errorResponses },
  }),
  removeAuthor: createRoute({
    method: "delete",
    path: "/courses/{id}/authors/{userId}",
    tags,
    summary: "Remove a co-instructor",
    middleware: guard,
    request: { params: ZAuthorParam },
    responses: { 200: ok(ZCourse, "The course"), ...errorResponses },
  }),
  listCats: createRoute({
    method: "get",
    path: "/course-categories",
    tags,
    summary: "Course categories",
    middleware: guard,
    responses: {
      200: ok(
        z.object({ items: z.array(ZCategoryRef.extend({ courses: z.number().int() })) }),
        "Every course category",
      ),
      ...errorResponses,
    },
  }),
  createCat: createRoute({
    method: "post",
    path: "/course-categories",
    tags,
    summary: "Add a course category",
    middleware: managers,
    request: { body: jsonBody(ZCourseCategoryInput) },
    responses: { 201: ok(ZCategoryRef, "The category"), ...conflict, ...errorResponses },
  }),
  updateCat: createRoute({
    method: "patch",
    path: "/course-categories/{id}",
    tags,
    summary: "Rename a course category",
    middleware: managers,
    request: { params: ZUuidParam, body: jsonBody(ZCourseCategoryPatch) },
    responses: { 200: ok(ZCategoryRef, "The category"), ...conflict, ...errorResponses },
  }),
  deleteCat: createRoute({
    method: "delete",
    path: "/course-categories/{id}",
    tags,
    summary: "Delete a course category (its courses stay)",
    middleware: managers,
    request: { params: ZUuidParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
};

export const courseRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const q = c.req.valid("query");
    const result = await authoring.list(instructorCtx(c), {
      status: q.status,
      q: q.q,
      page: q.page,
      perPage: q.per_page,
    });
    return c.json(result, 200);
  })
  .openapi(r.create, async (c) => c.json(await authoring.create(instructorCtx(c), c.req.valid("json")), 201))
  .openapi(r.get, async (c) => c.json(await authoring.get(instructorCtx(c), c.req.valid("param").id), 200))
  .openapi(r.update, async (c) =>
    c.json(await authoring.update(instructorCtx(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(r.remove, async (c) => {
    await authoring.remove(instructorCtx(c), c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(r.getCurriculum, async (c) =>
    c.json({ items: await curriculum.get(instructorCtx(c), c.req.valid("param").id) }, 200),
  )
  .openapi(r.putCurriculum, async (c) =>
    c.json({ items: await curriculum.put(instructorCtx(c), c.req.valid("param").id, c.req.valid("json").items) }, 200),
  )
  .openapi(r.addAuthor, async (c) =>
    c.json(await authoring.addAuthor(instructorCtx(c), c.req.valid("param").id, c.req.valid("json").userId), 200),
  )
  .openapi(r.removeAuthor, async (c) => {
    const p = c.req.valid("param");
    return c.json(await authoring.removeAuthor(instructorCtx(c), p.id, p.userId), 200);
  })
  .openapi(r.listCats, async (c) => {
    const ctx = instructorCtx(c);
    return c.json({ items: await courseCategories.list(ctx.db, ctx.accountId) }, 200);
  })
  .openapi(r.createCat, async (c) => {
    const ctx = instructorCtx(c);
    return c.json(await courseCategories.create(ctx.db, ctx.accountId, c.req.valid("json")), 201);
  })
  .openapi(r.updateCat, async (c) => {
    const ctx = instructorCtx(c);
    return c.json(
      await courseCategories.update(ctx.db, ctx.accountId, c.req.valid("param").id, c.req.valid("json")),
      200,
    );
  })
  .openapi(r.deleteCat, async (c) => {
    const ctx = instructorCtx(c);
    await courseCategories.remove(ctx.db, ctx.accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });
