// A form's submissions as CSV for a spreadsheet: one column per field of the form as it is now (in
// its order), then the date and the contact. Every cell is neutralised against formulas.
import { csvCell } from "../../../core/form-rules";
import type { FormView, SubmissionView } from "./forms";

export function submissionsCsv(form: FormView, items: SubmissionView[]): string {
  const names = form.fields.map((f) => f.name);
  const head = [...form.fields.map((f) => f.label || f.name), "submitted_at", "contact_id"];
  const lines = [head, ...items.map((s) => [...names.map((n) => s.data[n] ?? ""), s.createdAt, s.contactId ?? ""])];
  return `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** The download's file name, safe in a Content-Disposition header. */
export const submissionsFileName = (form: Pick<FormView, "name" | "id">) =>
  `form-${
    form.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || form.id
  }-submissions.csv`;
