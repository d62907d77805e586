// Request and response schemas of the learning REST routes (enrolments.ts); the OpenAPI document is
// generated from them.
import { z } from "@hono/zod-openapi";
import { DURATION_UNITS } from "../../../../core/course-duration";
import { ENROLMENT_STATUSES, ENROLMENT_STATUS_VALUES, isEnrolmentStatus } from "../../../../core/enrolment-status";

const STATUS_DESCRIPTION = `Enrolment status: ${Object.entries(ENROLMENT_STATUSES)
  .map(([n, name]) => `${n} ${name}`)
  .join(", ")} (1 and 2 are set by the player; an instructor may set any of them)`;

const ZPostType = z.enum(["section", "unit", "quiz", "assignments"]);

const enrolmentFields = {
  status: z.number().int().openapi({ description: STATUS_DESCRIPTION }),
  progress: z.number().int().min(0).max(100),
  startAt: z.number().int().nullable().openapi({ description: "Unix seconds of the first opening" }),
  expiry: z.string(),
  expired: z.boolean(),
};

export const ZEnrolResult = z
  .object({
    status: z.literal(1),
    created: z.boolean(),
    enrolment: z.object({
      courseId: z.string().uuid(),
      studentId: z.string(),
      status: z.number().int(),
      progress: z.number().int(),
      expiry: z.string(),
    }),
  })
  .openapi("EnrolResult");

export const ZMyCourse = z
  .object({
    courseId: z.string().uuid(),
    title: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    ...enrolmentFields,
  })
  .openapi("MyCourse");

export const ZOutline = z
  .object({
    course: z.object({ id: z.string().uuid(), title: z.string(), slug: z.string(), image: z.string().nullable() }),
    enrolment: z.object(enrolmentFields),
    items: z.array(
      z.object({
        id: z.string().nullable(),
        postType: ZPostType,
        title: z.string(),
        complete: z.boolean(),
        completedAt: z.number().int().nullable(),
        open: z.boolean(),
        reason: z.enum(["lock", "drip"]).nullable(),
        opensAt: z.number().int().nullable().openapi({ description: "Unix seconds when a drip item opens" }),
      }),
    ),
    certificateCode: z.string().nullable(),
  })
  .openapi("CourseOutline");

export const ZOpenedItem = z
  .object({
    id: z.string(),
    postType: ZPostType,
    title: z.string(),
    link: z.string().nullable().openapi({ description: "Where a quiz or assignment is taken" }),
    unit: z
      .object({
        title: z.string(),
        content: z.string(),
        video: z
          .object({ kind: z.enum(["upload", "embed"]), url: z.string() })
          .passthrough()
          .nullable(),
        downloads: z.array(z.object({ name: z.string(), url: z.string() }).passthrough()),
        duration: z.number().int().nullable(),
      })
      .nullable(),
  })
  .openapi("OpenedItem");

export const ZCompleteResult = z
  .object({ progress: z.number().int(), certificateCode: z.string().nullable(), enrolment: z.object(enrolmentFields) })
  .openapi("CompleteResult");

export const ZStudent = z
  .object({
    studentId: z.string(),
    name: z.string(),
    email: z.string(),
    avatar: z.string(),
    marks: z.number().int(),
    enrolledAt: z.string(),
    curriculumData: z.array(
      z.object({
        id: z.string(),
        post_type: ZPostType,
        complete: z.number().nullable().optional(),
        start: z.number().nullable().optional(),
      }),
    ),
    ...enrolmentFields,
  })
  .openapi("CourseStudent");

export const ZAddStudent = z
  .object({ email: z.string().email().max(320).optional(), userId: z.string().min(1).max(100).optional() })
  .strict()
  .refine((v) => Boolean(v.email || v.userId), { message: "Give an e-mail or a user id", path: ["email"] })
  .openapi("AddStudent");

export const ZExtension = z
  .object({
    value: z.number().int().min(1).max(100000),
    parameter: z
      .number()
      .int()
      .refine((p) => p === 1 || (DURATION_UNITS as readonly number[]).includes(p), "parameter is seconds per unit")
      .openapi({ description: "Seconds per unit: 60, 3600, 86400, 604800, 2592000 (or 1)" }),
  })
  .strict();

export const ZPatchStudent = z
  .object({
    status: z
      .number()
      .int()
      .refine(isEnrolmentStatus, { message: `status is one of ${ENROLMENT_STATUS_VALUES.join(", ")}` })
      .optional()
      .openapi({ description: STATUS_DESCRIPTION }),
    extend: ZExtension.optional(),
    marks: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .openapi({ description: "Course marks (0–100): evaluates the course" }),
  })
  .strict()
  .refine((v) => v.status !== undefined || v.extend !== undefined || v.marks !== undefined, {
    message: "Give status, extend or marks",
    path: ["status"],
  })
  .openapi("UpdateStudent");

const statsFields = {
  enrolled: z.number().int(),
  started: z.number().int(),
  completed: z.number().int(),
  averageProgress: z.number().int(),
  certificates: z.number().int(),
};
export const ZCourseStats = z
  .object({ courseId: z.string().uuid(), title: z.string(), ...statsFields })
  .openapi("CourseStats");
export const ZSiteStats = z
  .object({ items: z.array(ZCourseStats), totals: z.object({ courses: z.number().int(), ...statsFields }) })
  .openapi("SiteCourseStats");
