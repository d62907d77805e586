// Forms (spec §2 /dashboard/manage/marketing/forms, decision 0039): a site's forms, what visitors
// submit through them (stored, listed, exported) and the contacts that submissions make through the
// audience; and popups that show a form to a visitor, with their counters.
export { type FormInput, type FormPatch, type FormView, forms, type SubmissionView } from "./forms";
export { submissionsCsv, submissionsFileName } from "./export";
export { ipHash, SUBMIT_LIMIT, SUBMIT_WINDOW_SECONDS, type SubmitMeta, type SubmitResult, submitForm } from "./submit";
export {
  type PopupEvent,
  type PopupInput,
  type PopupView,
  type PublicPopup,
  popups,
} from "./popups";
