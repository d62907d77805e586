// Input schemas of course authoring, shared by the REST API, the loaders' actions and the editors'
// client-side checks, so both sides apply the same rules (the server stays the authority).
import { z } from "zod";
import { SUBMISSION_TYPES } from "./assignment-hand-in";
import { CURRICULUM_POST_TYPES, DRIP_STARTING_POINTS } from "./curriculum";
import { DURATION_UNITS } from "./course-duration";
import { videoEmbedUrl } from "./page-blocks";

/** A duration parameter: one of the course units, or 1 (seconds). */
export const ZDuration = z.object({
  value: z.number().min(0).max(1_000_000),
  parameter: z
    .number()
    .refine((p) => p === 1 || (DURATION_UNITS as readonly number[]).includes(p), "Unknown duration unit")
    .nullable()
    .optional(),
});

export const ZCourseSettings = z
  .object({
    unitLock: z.boolean().optional(),
    dripfeed: z.boolean().optional(),
    dripfeedDuration: ZDuration.nullable().optional(),
    dripFeedStartingPoint: z.enum(DRIP_STARTING_POINTS).optional(),
    dripFeedsection: z.boolean().optional(),
    dripFeedUnitDuration: z.boolean().optional(),
  })
  .strict();

export const ZCertificateTemplate = z
  .object({
    enabled: z.boolean(),
    title: z.string().max(200),
    body: z.string().max(5000),
    signature: z.string().max(200).optional(),
  })
  .strict();

export const ZCurriculumItem = z
  .object({
    id: z.string().uuid().optional(),
    post_type: z.enum(CURRICULUM_POST_TYPES),
    title: z.string().max(200).default(""),
    drip: ZDuration.nullable().optional(),
    preview: z.boolean().optional(),
    /** A new item's first text (rich HTML, sanitised when stored); refused on an item that exists. */
    content: z.string().max(100_000).optional(),
  })
  .strict();
export const ZCurriculum = z.array(ZCurriculumItem).max(500);

const prompt = z.string().trim().min(1, "A question needs a prompt").max(5000);
const marks = z.number().int().min(0).max(1000);
const id = z.string().min(1).max(64).optional();
const option = z.string().trim().min(1, "An option cannot be empty").max(1000);
const options = z.array(option).min(2, "Give at least two options").max(20);

/** Every question type of core/quiz.ts with its own rules; ids are made on the server when missing. */
export const ZQuestion = z.discriminatedUnion("type", [
  z
    .object({ id, type: z.literal("single"), prompt, marks, options, answer: z.number().int().min(0) })
    .refine((q) => q.answer < q.options.length, { message: "The answer must be one of the options", path: ["answer"] }),
  z
    .object({
      id,
      type: z.literal("multiple"),
      prompt,
      marks,
      options,
      answer: z.array(z.number().int().min(0)).min(1, "Mark at least one right option"),
    })
    .refine((q) => q.answer.every((a) => a < q.options.length) && new Set(q.answer).size === q.answer.length, {
      message: "Answers must be distinct options",
      path: ["answer"],
    }),
  z.object({ id, type: z.literal("truefalse"), prompt, marks, answer: z.boolean() }),
  z.object({
    id,
    type: z.literal("fillblank"),
    prompt,
    marks,
    answer: z.array(option).min(1, "Give at least one accepted answer").max(20),
  }),
  z
    .object({ id, type: z.literal("matching"), prompt, marks, left: options, right: options })
    .refine((q) => q.left.length === q.right.length, { message: "Both columns need as many items", path: ["right"] }),
  z.object({ id, type: z.literal("sorting"), prompt, marks, items: options }),
  z.object({
    id,
    type: z.literal("numeric"),
    prompt,
    marks,
    answer: z.number().finite(),
    tolerance: z.number().min(0).optional(),
  }),
  z.object({ id, type: z.literal("essay"), prompt, marks }),
]);
export type QuestionInput = z.infer<typeof ZQuestion>;

export const ZQuizSettings = z
  .object({
    attempts: z.number().int().min(0).max(1000).optional(),
    passMark: z.number().min(0).max(100).optional(),
    timeLimit: z.number().int().min(10).max(604_800).nullable().optional(),
    shuffle: z.boolean().optional(),
    retake: z.boolean().optional(),
  })
  .strict();

export const ZAssignmentSettings = z
  .object({
    maxMarks: z.number().int().min(1).max(10_000).optional(),
    submissionType: z.enum(SUBMISSION_TYPES).optional(),
  })
  .strict();

const httpsUrl = z
  .string()
  .max(2048)
  .refine((u) => /^https:\/\//i.test(u) || u.startsWith("/"), "Use an https or site address");

export const ZUnitVideo = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("upload"), url: httpsUrl, mediaId: z.string().uuid().optional() }).strict(),
  z
    .object({
      kind: z.literal("embed"),
      url: z
        .string()
        .max(2048)
        .refine((u) => u.startsWith("https://") && videoEmbedUrl(u) !== null, "Only YouTube or Vimeo https addresses"),
    })
    .strict(),
]);

export const ZUnitDownload = z
  .object({
    name: z.string().trim().min(1).max(200),
    url: httpsUrl,
    mediaId: z.string().uuid().optional(),
    size: z.number().int().min(0).optional(),
  })
  .strict();

const title = z.string().trim().min(1, "A title is required").max(200);
const content = z.string().max(500_000);

export const ZUnitInput = z
  .object({
    title,
    content: content.optional(),
    video: ZUnitVideo.nullable().optional(),
    downloads: z.array(ZUnitDownload).max(50).optional(),
    duration: z.number().int().min(0).max(1_000_000).nullable().optional(),
  })
  .strict();
export const ZUnitPatch = ZUnitInput.partial().strict();

export const ZQuizInput = z
  .object({
    title,
    content: content.optional(),
    questions: z.array(ZQuestion).max(200).optional(),
    settings: ZQuizSettings.optional(),
  })
  .strict();
export const ZQuizPatch = ZQuizInput.partial().strict();

export const ZAssignmentInput = z
  .object({ title, content: content.optional(), settings: ZAssignmentSettings.optional() })
  .strict();
export const ZAssignmentPatch = ZAssignmentInput.partial().strict();

export type UnitInput = z.infer<typeof ZUnitInput>;
export type QuizInput = z.infer<typeof ZQuizInput>;
export type AssignmentInput = z.infer<typeof ZAssignmentInput>;

/** A course's editable fields (PATCH /courses/{id} and the course editor). */
export const ZCourseUpdate = z
  .object({
    title: z.string().max(200).optional(),
    slug: z.string().max(80).optional(),
    excerpt: z.string().max(1000).optional(),
    description: z.string().max(500_000).optional(),
    featuredImage: z
      .object({ image: z.string().max(2048).nullable().optional() })
      .strict()
      .optional(),
    seats: z.number().int().min(0).max(1_000_000).nullable().optional(),
    access: z.enum(["free", "private"]).optional(),
    courseDuration: ZDuration.nullable().optional(),
    settings: ZCourseSettings.optional(),
    certificate: ZCertificateTemplate.nullable().optional(),
    status: z.enum(["draft", "published"]).optional(),
    categoryIds: z.array(z.string().uuid()).max(50).optional(),
  })
  .strict();
