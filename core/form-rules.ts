// Forms (decision 0039): what a form definition must be, and whether a submission fits it. Shared by
// the server (the authority) and the browser (which shows the same per-field messages before
// sending). Each failure names the field and the message a visitor reads: the form's own message for
// that field when the owner wrote one, else the `publicForms.*` message of the rule that failed.
import { isValidEmail } from "./email-rule";

export const FORM_FIELD_TYPES = [
  "text",
  "email",
  "number",
  "select",
  "checkbox",
  "textarea",
  "date",
  "hidden",
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type FormField = {
  id: string;
  type: FormFieldType;
  label: string;
  /** The key of the value in a submission: letters, digits and _, starting with a letter. */
  name: string;
  required: boolean;
  placeholder?: string;
  /** The choices of a select. */
  options?: string[];
  /** What the visitor reads when this field's value is refused. */
  message?: string;
  /** The value a hidden field sends. */
  defaultValue?: string;
};

export type FormSettings = {
  listIds: string[];
  tags: string[];
  successMessage?: string;
  redirectUrl?: string;
  doubleOptIn?: boolean;
};

export const MAX_FORM_FIELDS = 50;
export const MAX_VALUE_LENGTH = 5000;
/** The hidden input a person never fills; a value in it marks a robot. */
export const HONEYPOT_FIELD = "_hp";
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export type FieldProblem = { field: string; message: string };

/**
 * A definition's problems, in field order: at most 50 fields, each a known type with a label and a
 * valid name used once, options for a select; and one e-mail field, which makes the contact.
 */
export function checkFormDefinition(fields: readonly FormField[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.length > MAX_FORM_FIELDS)
    problems.push({ field: "fields", message: `A form has at most ${MAX_FORM_FIELDS} fields` });
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    const at = `fields.${i}`;
    if (!FORM_FIELD_TYPES.includes(f.type)) problems.push({ field: `${at}.type`, message: "Unknown field type" });
    if (!f.label?.trim() && f.type !== "hidden")
      problems.push({ field: `${at}.label`, message: "A field needs a label" });
    if (!FIELD_NAME_PATTERN.test(f.name ?? ""))
      problems.push({
        field: `${at}.name`,
        message: "A field name is 1-40 letters, digits or _, starting with a letter",
      });
    else if (seen.has(f.name.toLowerCase()))
      problems.push({ field: `${at}.name`, message: `Two fields are named "${f.name}"` });
    seen.add((f.name ?? "").toLowerCase());
    if (f.type === "select" && !(f.options ?? []).some((o) => o.trim()))
      problems.push({ field: `${at}.options`, message: "A select needs at least one option" });
  });
  const emails = fields.filter((f) => f.type === "email");
  if (emails.length === 0)
    problems.push({ field: "fields", message: "A form needs an e-mail field: it makes the contact" });
  else if (!emails[0].required)
    problems.push({
      field: `fields.${fields.indexOf(emails[0])}.required`,
      message: "The e-mail field must be required",
    });
  return problems;
}

/** Message keys (group publicForms) of the rules a value can fail. */
export type SubmissionRule = "required" | "email" | "number" | "option" | "date" | "tooLong";

export type SubmissionError = { field: string; rule: SubmissionRule; message: string };

export const DEFAULT_FIELD_MESSAGES: Record<SubmissionRule, string> = {
  required: "This field is required",
  email: "Enter a valid e-mail address",
  number: "Enter a number",
  option: "Choose one of the options",
  date: "Enter a date",
  tooLong: `At most ${MAX_VALUE_LENGTH} characters`,
};

export type SubmissionValues = Record<string, string | boolean>;
export type SubmissionCheck =
  | { ok: true; values: SubmissionValues; email: string; name: string }
  | { ok: false; errors: SubmissionError[] };

const TRUE_WORDS = new Set(["true", "on", "1", "yes"]);
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(v: string): boolean {
  if (!DATE_PATTERN.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Checks raw values (JSON or form-encoded, so strings or booleans) against the form's fields. Only
 * the form's own fields are kept; a hidden field always sends its default value. The e-mail is the
 * first e-mail field's value, lower-cased; the name is that of a field named `name`, if any.
 */
export function checkSubmission(fields: readonly FormField[], raw: Record<string, unknown>): SubmissionCheck {
  const errors: SubmissionError[] = [];
  const values: SubmissionValues = {};
  const fail = (f: FormField, rule: SubmissionRule) =>
    errors.push({ field: f.name, rule, message: f.message?.trim() || DEFAULT_FIELD_MESSAGES[rule] });
  for (const f of fields) {
    const given = raw[f.name];
    if (f.type === "hidden") {
      values[f.name] = f.defaultValue ?? "";
      continue;
    }
    if (f.type === "checkbox") {
      const on = given === true || (typeof given === "string" && TRUE_WORDS.has(given.toLowerCase()));
      if (f.required && !on) fail(f, "required");
      values[f.name] = on;
      continue;
    }
    const v = typeof given === "string" ? given.trim() : typeof given === "number" ? String(given) : "";
    if (!v) {
      if (f.required) fail(f, "required");
      values[f.name] = "";
      continue;
    }
    if (v.length > MAX_VALUE_LENGTH) {
      fail(f, "tooLong");
      continue;
    }
    if (f.type === "email" && !isValidEmail(v)) fail(f, "email");
    else if (f.type === "number" && !Number.isFinite(Number(v))) fail(f, "number");
    else if (f.type === "select" && !(f.options ?? []).includes(v)) fail(f, "option");
    else if (f.type === "date" && !isRealDate(v)) fail(f, "date");
    values[f.name] = f.type === "email" ? v.toLowerCase() : v;
  }
  if (errors.length) return { ok: false, errors };
  const emailField = fields.find((f) => f.type === "email");
  const email = emailField ? String(values[emailField.name] ?? "") : "";
  const nameField = fields.find((f) => f.name.toLowerCase() === "name" && f.type === "text");
  return { ok: true, values, email, name: nameField ? String(values[nameField.name] ?? "") : "" };
}

/** Whether a honeypot value was filled (a robot): such a submission is answered but not kept. */
export const honeypotFilled = (raw: Record<string, unknown>) => {
  const v = raw[HONEYPOT_FIELD];
  return typeof v === "string" ? v.trim() !== "" : Boolean(v);
};

/** A CSV cell that a spreadsheet will not run as a formula (= + - @ tab or CR first), quoted. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) || s.startsWith("'") ? `"${s.replace(/"/g, '""')}"` : s;
}
