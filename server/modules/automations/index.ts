// Automations (spec §3, §5, §9; decision 0047): the owner's When / Only if / Then definitions, the
// run log and the runs the owner starts; each run is a unit of work inserted once per cause and
// worked by its job.
export {
  type AutomationInput,
  type AutomationStats,
  type AutomationView,
  automations,
} from "./service";
export { automationRunLog, MAX_MANUAL_MEMBERS, type RunPage, type RunView } from "./run-log";
export { type CreatedRun, insertRuns, type NewRun, queueRuns, RUN_JOB } from "./runs";
export { type AutomationChoices, automationChoices, type Choice, searchMembers } from "./choices";
export { AUTOMATION_RUN_STATUSES, type AutomationRunStatus } from "../../db/schema";
// The engine: importing it registers the run job, the event subscriber and the sweep.
export { automationEngine } from "./engine";
export { takeRedirect } from "./redirects";
export { sweepLostRuns } from "./sweep";
