export {
  AI_RUN,
  type AiActor,
  type AiContext,
  type AiTaskKind,
  type AiTaskView,
  aiFailure,
  aiTasksService as aiTasks,
  defineAiTask,
  minuteUnits,
  tokenUnits,
} from "./tasks";
import "./course-assistant";
export { type QuestionSource, QUIZ_QUESTIONS, quizQuestionSources } from "./quiz-questions";
export { TRANSCRIPT_TASK, type TranscriptResult } from "./transcripts";
