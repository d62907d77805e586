// What an assignment takes (text, files or both) and the marks it is out of, with the defaults the
// editor shows, the student's screen offers and the server enforces: one rule, so an assignment
// whose author never touched the setting is text-only everywhere, as its editor says.
export const SUBMISSION_TYPES = ["text", "file", "both"] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const DEFAULT_SUBMISSION_TYPE: SubmissionType = "text";
export const DEFAULT_MAX_MARKS = 100;

type Settings = { submissionType?: SubmissionType | null; maxMarks?: number | null };

export const submissionTypeOf = (s: Settings | null | undefined): SubmissionType =>
  s?.submissionType ?? DEFAULT_SUBMISSION_TYPE;
export const maxMarksOf = (s: Settings | null | undefined): number => s?.maxMarks ?? DEFAULT_MAX_MARKS;
export const takesText = (type: SubmissionType) => type !== "file";
export const takesFiles = (type: SubmissionType) => type !== "text";

/** Why a hand-in cannot be taken, naming the field to show it on; null when it can. */
export type HandInProblem = { field: "content" | "files"; reason: "textOnly" | "filesOnly" | "empty" };

export function handInProblem(type: SubmissionType, hand: { text: boolean; files: number }): HandInProblem | null {
  if (hand.files > 0 && !takesFiles(type)) return { field: "files", reason: "textOnly" };
  if (hand.text && !takesText(type)) return { field: "content", reason: "filesOnly" };
  if (!hand.text && hand.files === 0) return { field: type === "file" ? "files" : "content", reason: "empty" };
  return null;
}
