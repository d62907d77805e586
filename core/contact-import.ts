// Importing contacts from a CSV file (decision 0043). The file's first row names the columns; each
// column is mapped to the e-mail, the name, the status, tags, one of the contact's own fields, or
// skipped. Checks, for every data row, in this order (a bad row gets one error, the first found):
//   1. the e-mail is there, at most 254 characters, passes the §5 format rule, and is not at a
//      refused (throw-away) domain;
//   2. the status, when given, is a known word (active / inactive and their synonyms);
//   3. no cell is too long (name 200, tag 60, field value 2000) and there are at most 50 tags and
//      50 fields.
// Rows with the same e-mail (regardless of case) become one contact: later non-empty values win,
// tags are united. Empty rows are skipped. Any bad row means nothing is imported.
import type { FieldValue } from "./contact-fields";
import { isValidEmail } from "./email-rule";

export const IMPORT_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 50_000,
  maxColumns: 100,
  email: 254,
  name: 200,
  tag: 60,
  tags: 50,
  fieldValue: 2000,
  fields: 50,
  fieldKey: 60,
  /** How many row errors are kept and shown; the total is always told. */
  errors: 1000,
} as const;

export const IMPORT_TARGETS = ["email", "name", "status", "tags", "field", "skip"] as const;
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
/** What one column of the file becomes; `field` names the contact's own field for target `field`. */
export type ColumnMapping = { target: ImportTarget; field?: string };

export type ImportContact = {
  email: string;
  name: string;
  /** 1 active, 0 inactive, null when the file does not say. */
  status: number | null;
  tags: string[];
  fields: Record<string, string | number | boolean>;
};

/** Why a row is refused; the screen shows the message of its key (contactImport.errors.*). */
export type RowErrorCode =
  | "email_missing"
  | "email_invalid"
  | "email_refused"
  | "status_unknown"
  | "too_long"
  | "too_many_tags"
  | "too_many_fields"
  | "field_invalid";
export type RowError = { row: number; column: string | null; code: RowErrorCode; message: string; value?: string };

export type PreparedImport = {
  contacts: ImportContact[];
  errors: RowError[];
  /** All bad rows, even past the errors kept. */
  errorCount: number;
  /** Data rows in the file (the header not counted). */
  rows: number;
  /** Empty rows, and rows merged into an earlier row of the same address. */
  skipped: number;
};

/** A mapping the importer cannot use, named by the column or `mapping`. */
export type MappingProblem = {
  column: string | null;
  code: "columns" | "email_unmapped" | "email_twice" | "status_twice" | "field_key" | "field_twice";
  message: string;
};

/** A field key: letters, digits and underscores, starting with a letter. */
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,59}$/;

const squash = (header: string) =>
  header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

const EMAIL_HEADERS = new Set([
  "email",
  "mail",
  "emailaddress",
  "mailaddress",
  "correo",
  "correoelectronico",
  "courriel",
  "adresseemail",
  "adressemail",
  "emailadresse",
  "endereco",
  "enderecodeemail",
  "البريدالالكتروني",
  "البريدالإلكتروني",
  "البريد",
]);
const NAME_HEADERS = new Set([
  "name",
  "fullname",
  "displayname",
  "firstname",
  "givenname",
  "lastname",
  "surname",
  "familyname",
  "nombre",
  "apellido",
  "apellidos",
  "nom",
  "prenom",
  "nomcomplet",
  "vorname",
  "nachname",
  "nome",
  "sobrenome",
  "الاسم",
]);
const STATUS_HEADERS = new Set(["status", "state", "estado", "statut", "subscribed", "subscription"]);
const TAG_HEADERS = new Set(["tags", "tag", "labels", "label", "etiquetas", "etiquettes", "schlagworte"]);
/** Columns of our own export that an import does not take back (lists are chosen in the options). */
const SKIP_HEADERS = new Set(["source", "lists", "list", "fields", "created", "createdat", "id", "updated"]);

/** A field key from a header: "Company name" → company_name; null when nothing is left. */
export function fieldKeyOf(header: string): string | null {
  const key = header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^[^a-z]+|_+$/g, "")
    .slice(0, IMPORT_LIMITS.fieldKey);
  return FIELD_KEY.test(key) ? key : null;
}

/** The best guess for each column from its header; the first e-mail-like column is the e-mail. */
export function guessMapping(headers: string[]): ColumnMapping[] {
  let email = false;
  let status = false;
  const keys = new Set<string>();
  return headers.map((h) => {
    const s = squash(h);
    if (!email && (EMAIL_HEADERS.has(s) || (/e?mail/.test(s) && s.length <= 14))) {
      email = true;
      return { target: "email" };
    }
    if (NAME_HEADERS.has(s)) return { target: "name" };
    if (!status && STATUS_HEADERS.has(s)) {
      status = true;
      return { target: "status" };
    }
    if (TAG_HEADERS.has(s)) return { target: "tags" };
    if (SKIP_HEADERS.has(s)) return { target: "skip" };
    const key = fieldKeyOf(h);
    if (!key || keys.has(key)) return { target: "skip" };
    keys.add(key);
    return { target: "field", field: key };
  });
}

/** Whether a mapping can be used: exactly one e-mail column, one status at most, field keys valid and distinct. */
export function checkMapping(headers: string[], mapping: ColumnMapping[]): MappingProblem[] {
  const problems: MappingProblem[] = [];
  if (mapping.length !== headers.length)
    return [{ column: null, code: "columns", message: "Map every column of the file (one entry per column)" }];
  const emails = mapping.filter((m) => m.target === "email").length;
  if (emails === 0)
    problems.push({ column: null, code: "email_unmapped", message: "Choose the column that holds the e-mail address" });
  if (emails > 1)
    problems.push({ column: null, code: "email_twice", message: "Only one column can be the e-mail address" });
  if (mapping.filter((m) => m.target === "status").length > 1)
    problems.push({ column: null, code: "status_twice", message: "Only one column can be the status" });
  const keys = new Set<string>();
  mapping.forEach((m, i) => {
    if (m.target !== "field") return;
    const column = headers[i] || `#${i + 1}`;
    if (!m.field || !FIELD_KEY.test(m.field))
      problems.push({
        column,
        code: "field_key",
        message: "A field key is lower-case letters, digits and _, starting with a letter",
      });
    else if (keys.has(m.field))
      problems.push({ column, code: "field_twice", message: `The field ${m.field} is mapped twice` });
    else keys.add(m.field);
  });
  return problems;
}

const ACTIVE = new Set(["1", "active", "subscribed", "yes", "true", "y", "aktiv", "activo", "actif", "ativo", "نشط"]);
const INACTIVE = new Set([
  "0",
  "inactive",
  "unsubscribed",
  "no",
  "false",
  "n",
  "cleaned",
  "inaktiv",
  "inactivo",
  "inactif",
  "inativo",
  "غيرنشط",
]);

/** 1 or 0 for a known status word, null for an empty cell, undefined when the word is unknown. */
export function statusOf(value: string): number | null | undefined {
  const v = value.trim().toLowerCase().replace(/\s+/g, "");
  if (!v) return null;
  if (ACTIVE.has(v)) return 1;
  if (INACTIVE.has(v)) return 0;
  return undefined;
}

/** Tags in one cell, separated by `;` or `,` (our export joins them with `;`). */
export const tagsOf = (cell: string) =>
  cell
    .split(/[;,]/)
    .map((t) => t.trim())
    .filter(Boolean);

type Check = { ok: true; contact: ImportContact } | { ok: false; error: Omit<RowError, "row"> };
/** A cell against the site's definition of its field: the typed value, or why it does not fit. */
export type FieldCheck = (
  key: string,
  value: string,
) => { ok: true; value: FieldValue } | { ok: false; message: string };

function readRow(
  cells: string[],
  headers: string[],
  mapping: ColumnMapping[],
  refusedDomain: (domain: string) => boolean,
  checkField: FieldCheck | undefined,
): Check {
  const col = (i: number) => headers[i] || `#${i + 1}`;
  const fail = (i: number | null, code: RowErrorCode, message: string, value?: string): Check => ({
    ok: false,
    error: { column: i === null ? null : col(i), code, message, ...(value !== undefined ? { value } : {}) },
  });
  const emailAt = mapping.findIndex((m) => m.target === "email");
  const email = (cells[emailAt] ?? "").trim().toLowerCase();
  if (!email) return fail(emailAt, "email_missing", "The e-mail address is missing");
  const shown = email.slice(0, 100);
  if (email.length > IMPORT_LIMITS.email || !isValidEmail(email))
    return fail(emailAt, "email_invalid", `"${shown}" is not a valid e-mail address`, shown);
  if (refusedDomain(email.slice(email.lastIndexOf("@") + 1)))
    return fail(emailAt, "email_refused", `"${shown}" is at a throw-away mail service`, shown);

  const names: string[] = [];
  const tags: string[] = [];
  const fields: ImportContact["fields"] = {};
  let status: number | null = null;
  for (let i = 0; i < mapping.length; i++) {
    const m = mapping[i];
    const value = (cells[i] ?? "").trim();
    if (m.target === "status") {
      const s = statusOf(value);
      if (s === undefined)
        return fail(i, "status_unknown", `"${value.slice(0, 40)}" is not a status (active or inactive)`, value);
      status = s;
    }
  }
  for (let i = 0; i < mapping.length; i++) {
    const m = mapping[i];
    const value = (cells[i] ?? "").trim();
    if (!value) continue;
    if (m.target === "name") {
      names.push(value);
    } else if (m.target === "tags") {
      for (const t of tagsOf(value)) {
        if (t.length > IMPORT_LIMITS.tag)
          return fail(i, "too_long", `A tag is longer than ${IMPORT_LIMITS.tag} characters`);
        if (!tags.includes(t)) tags.push(t);
      }
    } else if (m.target === "field" && m.field) {
      if (value.length > IMPORT_LIMITS.fieldValue)
        return fail(i, "too_long", `The value is longer than ${IMPORT_LIMITS.fieldValue} characters`);
      const checked = checkField ? checkField(m.field, value) : { ok: true as const, value };
      if (!checked.ok) return fail(i, "field_invalid", `${m.field}: ${checked.message}`, value.slice(0, 100));
      if (checked.value !== null) fields[m.field] = checked.value;
    }
  }
  const name = names.join(" ");
  if (name.length > IMPORT_LIMITS.name)
    return fail(
      mapping.findIndex((m) => m.target === "name"),
      "too_long",
      `The name is longer than ${IMPORT_LIMITS.name} characters`,
    );
  if (tags.length > IMPORT_LIMITS.tags) return fail(null, "too_many_tags", `More than ${IMPORT_LIMITS.tags} tags`);
  return { ok: true, contact: { email, name, status, tags, fields } };
}

/** Later non-empty values win; tags are united; fields merged key by key. */
export function mergeContacts(earlier: ImportContact, later: ImportContact): ImportContact {
  return {
    email: earlier.email,
    name: later.name || earlier.name,
    status: later.status ?? earlier.status,
    tags: [...new Set([...earlier.tags, ...later.tags])],
    fields: { ...earlier.fields, ...later.fields },
  };
}

/**
 * Reads the data rows (the header row excluded) with the mapping into contacts, merged by e-mail.
 * Row numbers count the header as row 1, as a spreadsheet shows them.
 */
export function prepareImport(
  headers: string[],
  dataRows: string[][],
  mapping: ColumnMapping[],
  opts: { refusedDomain?: (domain: string) => boolean; extraTags?: string[]; checkField?: FieldCheck } = {},
): PreparedImport {
  const refused = opts.refusedDomain ?? (() => false);
  const byEmail = new Map<string, ImportContact>();
  const errors: RowError[] = [];
  let errorCount = 0;
  let skipped = 0;
  dataRows.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === "")) {
      skipped++;
      return;
    }
    const read = readRow(cells, headers, mapping, refused, opts.checkField);
    if (!read.ok) {
      errorCount++;
      if (errors.length < IMPORT_LIMITS.errors) errors.push({ row: i + 2, ...read.error });
      return;
    }
    const earlier = byEmail.get(read.contact.email);
    if (earlier) skipped++;
    const merged = earlier ? mergeContacts(earlier, read.contact) : read.contact;
    if (Object.keys(merged.fields).length > IMPORT_LIMITS.fields) {
      errorCount++;
      if (errors.length < IMPORT_LIMITS.errors)
        errors.push({
          row: i + 2,
          column: null,
          code: "too_many_fields",
          message: `More than ${IMPORT_LIMITS.fields} fields`,
        });
      return;
    }
    byEmail.set(read.contact.email, merged);
  });
  const extra = (opts.extraTags ?? []).map((t) => t.trim()).filter(Boolean);
  const contacts = [...byEmail.values()].map((c) =>
    extra.length ? { ...c, tags: [...new Set([...c.tags, ...extra])] } : c,
  );
  return { contacts, errors, errorCount, rows: dataRows.length, skipped };
}
