// What the quiz, assignment and submissions screens call from loaders and actions. Who is acting is
// taken from the request (never from the page); the services decide what that member may do.
import type { Context } from "hono";
import type { Answers } from "../../../core/quiz";
import {
  assignedQuizzes,
  assignmentSubmissionsService,
  courseOfItem,
  evaluableItems,
  type QueueFilter,
  quizAttempts,
  quizEvaluation,
  type UploadedFile,
} from "../../modules/assessments";

import { requireUuid } from "../../errors";
import { storageFor } from "../../modules/storage";
import type { AppEnv } from "../env";
import { learningCtx } from "../learning-context";

export function assessmentServices(c: Context<AppEnv>) {
  const ctx = () => learningCtx(c, { anyone: true });
  const storage = () => storageFor(c.get("platform").cfg);
  return {
    assessments: {
      quizIntro: (quizId: string, courseId: string | null) => quizAttempts.intro(ctx(), quizId, courseId),
      startAttempt: (quizId: string, courseId: string | null) => quizAttempts.start(ctx(), quizId, { courseId }),
      attempt: (id: string) => quizAttempts.get(ctx(), id),
      saveAnswers: (id: string, answers: Answers) => quizAttempts.saveAnswers(ctx(), id, answers),
      submitAttempt: (id: string, answers?: Answers) => quizAttempts.submit(ctx(), id, answers),
      quizQueue: (quizId: string, status: QueueFilter) => quizEvaluation.list(ctx(), quizId, { status }),
      quizSubmission: (id: string) => quizEvaluation.get(ctx(), id),
      evaluateQuiz: (id: string, input: { marks: Record<string, number>; feedback?: string }) =>
        quizEvaluation.evaluate(ctx(), requireUuid(id, "Submission"), input),
      resetQuiz: (quizId: string, input: { studentId: string; courseId?: string | null }) =>
        quizEvaluation.reset(ctx(), requireUuid(quizId, "Quiz"), input),
      assigned: (userId: string) => assignedQuizzes.list(ctx(), userId),
      assign: (userId: string, quizId: string) => assignedQuizzes.assign(ctx(), userId, requireUuid(quizId, "Quiz")),
      unassign: (userId: string, quizId: string) =>
        assignedQuizzes.unassign(ctx(), userId, requireUuid(quizId, "Quiz")),
      myAssignment: (id: string, courseId: string) => assignmentSubmissionsService.mine(ctx(), id, courseId),
      submitAssignment: (id: string, input: { courseId: string; content?: string; files: UploadedFile[] }) =>
        assignmentSubmissionsService.submit(ctx(), storage(), c.get("site"), id, input),
      assignmentQueue: (id: string, status: QueueFilter) => assignmentSubmissionsService.list(ctx(), id, { status }),
      evaluateAssignment: (id: string, input: { marks: number; feedback?: string }) =>
        assignmentSubmissionsService.evaluate(ctx(), requireUuid(id, "Submission"), input),
      resetAssignment: (id: string, studentId: string) =>
        assignmentSubmissionsService.reset(ctx(), storage(), requireUuid(id, "Assignment"), { studentId }),
      evaluable: (kind: "quiz" | "assignment") => evaluableItems(ctx(), kind),
      courseOfItem: (itemId: string) => courseOfItem(ctx(), itemId),
    },
  };
}
