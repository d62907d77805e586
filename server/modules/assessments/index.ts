// Assessments: taking quizzes (attempts, time limits, marking) and assignments (hand-ins with
// files), the instructors' submissions queues and evaluation, and quizzes assigned to members.
export { canAssignQuizzes, courseOfItem } from "./access";
export { type AssignedQuiz, assignedQuizzes } from "./assigned-quizzes";
export { assignmentSubmissionsService, submittedFile, type UploadedFile } from "./assignment-submissions";
export { type EvaluableItem, evaluableItems } from "./evaluable";
export { quizAttempts } from "./quiz-attempts";
export { quizEvaluation, type QueueFilter } from "./quiz-evaluation";
export type { AttemptResult, AttemptView } from "./quiz-view";
