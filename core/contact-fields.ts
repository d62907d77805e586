// Typed custom fields on contacts (decision 0044): a site defines its fields (key, type, options of a
// select), and every value a contact is given must match its field's type. Values from a form arrive
// as text, so a number, a checkbox and an empty input are read from text too.

export const FIELD_TYPES = ["text", "number", "date", "select", "checkbox"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldValue = string | number | boolean | null;
export type FieldDefinition = { key: string; type: FieldType; options: string[] };

/** A field's key: lower-case letters, digits and underscores, starting with a letter. */
export const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
export const FIELD_TEXT_MAX = 2000;

export type FieldCheck =
  | { ok: true; values: Record<string, FieldValue> }
  | { ok: false; field: string; message: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 31 April). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

type One = { ok: true; value: FieldValue } | { ok: false; message: string };

/** One value against its field's type: the stored value, or why it is refused. Empty clears. */
export function checkFieldValue(def: FieldDefinition, raw: unknown): One {
  if (raw === null || raw === undefined || (raw === "" && def.type !== "text")) return { ok: true, value: null };
  switch (def.type) {
    case "text":
      if (typeof raw !== "string") return { ok: false, message: "Must be text" };
      return raw.length > FIELD_TEXT_MAX
        ? { ok: false, message: `At most ${FIELD_TEXT_MAX} characters` }
        : { ok: true, value: raw };
    case "number": {
      const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() ? Number(raw.trim()) : Number.NaN;
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: "Must be a number" };
    }
    case "date":
      return typeof raw === "string" && isIsoDate(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false, message: "Must be a date written YYYY-MM-DD" };
    case "select":
      return typeof raw === "string" && def.options.includes(raw)
        ? { ok: true, value: raw }
        : { ok: false, message: `Must be one of: ${def.options.join(", ")}` };
    case "checkbox":
      if (typeof raw === "boolean") return { ok: true, value: raw };
      if (raw === "true" || raw === "false") return { ok: true, value: raw === "true" };
      return { ok: false, message: "Must be true or false" };
  }
}

/**
 * A contact's values against the site's definitions, in the order given. A key with a definition
 * must match its type (empty or null clears it); a key without one is refused, unless it is being
 * removed (null) or left exactly as the contact already has it (`kept`), so values written before
 * their field was deleted stay visible and removable. The first refusal names `fields.<key>`.
 */
export function checkFieldValues(
  defs: FieldDefinition[],
  values: Record<string, unknown>,
  kept: Record<string, FieldValue> = {},
): FieldCheck {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const out: Record<string, FieldValue> = {};
  for (const [key, raw] of Object.entries(values)) {
    const def = byKey.get(key);
    if (!def) {
      if (raw === null || (key in kept && kept[key] === raw)) {
        out[key] = raw as FieldValue;
        continue;
      }
      return { ok: false, field: `fields.${key}`, message: "No field with this key is defined on the site" };
    }
    const one = checkFieldValue(def, raw);
    if (!one.ok) return { ok: false, field: `fields.${key}`, message: one.message };
    out[key] = one.value;
  }
  return { ok: true, values: out };
}

/** A select's options: trimmed, empty ones dropped, each once. */
export const cleanOptions = (options: string[]) => [...new Set(options.map((o) => o.trim()).filter(Boolean))];
