// Courses: the course record and its meta (curriculum, duration), authors, categories and the
// units, quizzes and assignments a curriculum lists. Enrolment, assessments and certificates build
// on the read helpers here; authoring (instructor editing) is in authoring, curriculum and the editors.
export * from "./context";
export * from "./read";
export { authoring } from "./authoring";
export type {
  CourseListQuery,
  CourseSort,
  CourseSummary,
  CourseView,
  CreateCourseInput,
  UpdateCourseInput,
} from "./authoring";
export { COURSE_CATEGORY, courseCategories, courseCategoriesOf } from "./categories";
export { curriculum, validateCurriculum } from "./curriculum";
export type { CurriculumInputItem } from "./curriculum";
export {
  assertCourseEditor,
  assertCurriculumEditor,
  assertInstructor,
  assertItemEditor,
  isCourseManager,
  type EditorCtx,
} from "./guards";
export { unitEditor } from "./units";
export type { UnitView } from "./units";
export { quizEditor } from "./quiz-editor";
export type { QuizView } from "./quiz-editor";
export { assignmentEditor } from "./assignment-editor";
export type { AssignmentView } from "./assignment-editor";
export { UPLOAD_TEXT_MAX_BYTES, uploadText } from "./upload-text";
export { refreshCoursePages } from "./page-cache";
