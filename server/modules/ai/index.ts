export {
  AI_RUN,
  type AiActor,
  type AiContext,
  type AiTaskKind,
  type AiTaskView,
  aiTasksService as aiTasks,
  defineAiTask,
  minuteUnits,
  tokenUnits,
} from "./tasks";
export { TRANSCRIPT_TASK, type TranscriptResult } from "./transcripts";
