// What the instructor screens call from loaders and actions: courses, curriculum, units, quizzes,
// assignments and course categories, for the signed-in member of this site. Access is decided
// here and in the courses module from the request's member, never from what the page sends.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, requireUuid } from "../../errors";
import type { AssignmentInput, QuizInput, UnitInput } from "../../../core/course-schemas";
import {
  assignmentEditor,
  authoring,
  type CourseListQuery,
  type CreateCourseInput,
  type CurriculumInputItem,
  courseCategories,
  curriculum,
  quizEditor,
  type UpdateCourseInput,
  unitEditor,
} from "../../modules/courses";

import { quizQuestionSources } from "../../modules/ai";
import { manage } from "../../modules/members";
import type { AppEnv } from "../env";
import { instructorCtx, mayUseInstructorArea, memberCaps } from "../learning-context";

/** How many members the co-instructor picker offers for one search. */
const CANDIDATES = 8;

export function instructorServices(c: Context<AppEnv>) {
  const ctx = () => instructorCtx(c);
  const canUse = mayUseInstructorArea(c);
  const isManager = canUse && hasCap(memberCaps(c), "manage_options");
  const manager = () => {
    const x = ctx();
    if (!isManager) throw new AppError("forbidden", "This needs the manage_options capability on this site");
    return x;
  };
  return {
    instructor: {
      /** Whether the signed-in member may use /dashboard/instructor at all. */
      canUse,
      /** Managers also see every course and the categories screen. */
      isManager,
      courses: {
        list: (q: CourseListQuery = {}) => authoring.list(ctx(), q),
        get: (id: string) => authoring.get(ctx(), requireUuid(id, "Course")),
        create: (input: CreateCourseInput) => authoring.create(ctx(), input),
        update: (id: string, input: UpdateCourseInput) => authoring.update(ctx(), requireUuid(id, "Course"), input),
        remove: (id: string) => authoring.remove(ctx(), requireUuid(id, "Course")),
        addAuthor: (id: string, userId: string) => authoring.addAuthor(ctx(), requireUuid(id, "Course"), userId),
        /**
         * Members who could be added as co-instructors (their role may teach), by part of a name
         * or e-mail address: the first few, for a search-as-you-type picker.
         */
        coInstructorCandidates: async (q: string) => {
          const x = ctx();
          const { items } = await manage.search(x.db, c.get("site"), { q, teachers: true, perPage: CANDIDATES });
          return items.map((m) => ({ userId: m.userId, name: m.name, email: m.email }));
        },
        removeAuthor: (id: string, userId: string) => authoring.removeAuthor(ctx(), requireUuid(id, "Course"), userId),
      },
      curriculum: {
        get: (courseId: string) => curriculum.get(ctx(), courseId),
        put: (courseId: string, items: CurriculumInputItem[]) =>
          curriculum.put(ctx(), requireUuid(courseId, "Course"), items),
      },
      units: {
        list: (q?: { q?: string }) => unitEditor.list(ctx(), q),
        get: (id: string) => unitEditor.get(ctx(), requireUuid(id, "Unit")),
        create: (input: UnitInput, courseId?: string | null) => unitEditor.create(ctx(), input, courseId),
        update: (id: string, input: Partial<UnitInput>) => unitEditor.update(ctx(), requireUuid(id, "Unit"), input),
        remove: (id: string) => unitEditor.remove(ctx(), requireUuid(id, "Unit")),
      },
      quizzes: {
        list: (q?: { q?: string }) => quizEditor.list(ctx(), q),
        get: (id: string) => quizEditor.get(ctx(), requireUuid(id, "Quiz")),
        create: (input: QuizInput, courseId?: string | null) => quizEditor.create(ctx(), input, courseId),
        update: (id: string, input: Partial<QuizInput>) => quizEditor.update(ctx(), requireUuid(id, "Quiz"), input),
        remove: (id: string) => quizEditor.remove(ctx(), requireUuid(id, "Quiz")),
        /** Units of the quiz's courses that the AI assistant may write its questions from. */
        questionSources: (id: string) => quizQuestionSources(ctx(), requireUuid(id, "Quiz")),
      },
      assignments: {
        list: (q?: { q?: string }) => assignmentEditor.list(ctx(), q),
        get: (id: string) => assignmentEditor.get(ctx(), requireUuid(id, "Assignment")),
        create: (input: AssignmentInput, courseId?: string | null) => assignmentEditor.create(ctx(), input, courseId),
        update: (id: string, input: Partial<AssignmentInput>) =>
          assignmentEditor.update(ctx(), requireUuid(id, "Assignment"), input),
        remove: (id: string) => assignmentEditor.remove(ctx(), requireUuid(id, "Assignment")),
      },
      categories: {
        list: () => {
          const x = ctx();
          return courseCategories.list(x.db, x.accountId);
        },
        create: (input: { name: string; slug?: string | null }) => {
          const x = manager();
          return courseCategories.create(x.db, x.accountId, input);
        },
        update: (id: string, input: { name?: string; slug?: string }) => {
          const x = manager();
          return courseCategories.update(x.db, x.accountId, requireUuid(id, "Category"), input);
        },
        remove: (id: string) => {
          const x = manager();
          return courseCategories.remove(x.db, x.accountId, requireUuid(id, "Category"));
        },
      },
    },
  };
}
