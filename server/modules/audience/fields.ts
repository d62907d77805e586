// The site's typed custom fields on contacts (decision 0044): definitions (key, label, type, the
// options of a select) and the writes of values, each checked against its definition by the pure
// rule in core/contact-fields. A key is fixed once made; deleting a definition leaves the values
// contacts already carry, shown as read-only and removable.
import { and, asc, eq, sql } from "drizzle-orm";
import {
  checkFieldValues,
  cleanOptions,
  FIELD_KEY,
  type FieldDefinition,
  type FieldType,
  type FieldValue,
} from "../../../core/contact-fields";
import type { Db, Tx } from "../../db/client";
import { type MailingContactFields, mailingContacts, mailingFields as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";

export type FieldView = FieldDefinition & { id: string; label: string; createdAt: string };
export type FieldInput = { key: string; label: string; type: FieldType; options?: string[] };
export type FieldPatch = { label?: string; type?: FieldType; options?: string[] };

type Row = typeof table.$inferSelect;
const view = (r: Row): FieldView => ({
  id: r.id,
  key: r.key,
  label: r.label,
  type: r.type,
  options: r.options,
  createdAt: r.createdAt.toISOString(),
});

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Field")));

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === "23505" || (e as { cause?: { code?: string } })?.cause?.code === "23505";

function cleanLabel(label: string) {
  const l = label.trim();
  if (!l) throw fieldError("validation_failed", "label", "A field needs a label");
  if (l.length > 100) throw fieldError("validation_failed", "label", "At most 100 characters");
  return l;
}

/** A select needs at least one option; the other types keep none. */
function optionsFor(type: FieldType, options: string[] | undefined) {
  if (type !== "select") return [];
  const o = cleanOptions(options ?? []);
  if (!o.length) throw fieldError("validation_failed", "options", "A select needs at least one option");
  if (o.length > 50 || o.some((x) => x.length > 100))
    throw fieldError("validation_failed", "options", "At most 50 options of 100 characters each");
  return o;
}

/** The site's definitions, read inside the caller's tenant transaction. */
export async function fieldDefinitions(tx: Tx, accountId: string): Promise<FieldDefinition[]> {
  return tx
    .select({ key: table.key, type: table.type, options: table.options })
    .from(table)
    .where(eq(table.accountId, accountId));
}

/**
 * The contact's values checked against the site's definitions; `kept` holds what the contact has
 * now (a key without definition may stay as it is). Throws 422 naming `fields.<key>`.
 */
export async function checkedFields(
  tx: Tx,
  accountId: string,
  values: Record<string, unknown>,
  kept: MailingContactFields = {},
): Promise<Record<string, FieldValue>> {
  const check = checkFieldValues(await fieldDefinitions(tx, accountId), values, kept);
  if (!check.ok) throw fieldError("validation_failed", check.field, check.message);
  return check.values;
}

/** Values with their cleared keys (null) dropped: what a contact stores. */
export const storedFields = (values: Record<string, FieldValue>): MailingContactFields =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));

/**
 * Sets the given values on one contact, leaving its other fields as they are; null removes a key.
 * One statement, so two writes of different keys at once both land. Reusable by automations.
 */
export async function setFields(
  db: Db,
  accountId: string,
  contactId: string,
  values: Record<string, unknown>,
): Promise<MailingContactFields> {
  const id = requireUuid(contactId, "Contact");
  return withTenant(db, accountId, async (tx) => {
    const [current] = await tx
      .select({ fields: mailingContacts.fields })
      .from(mailingContacts)
      .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.id, id)));
    if (!current) throw notFound("Contact");
    const checked = await checkedFields(tx, accountId, values, current.fields);
    const removed = Object.keys(checked).filter((k) => checked[k] === null);
    const [row] = await tx
      .update(mailingContacts)
      .set({
        fields: sql`(${mailingContacts.fields} - array(select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb)))
          || ${JSON.stringify(storedFields(checked))}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.id, id)))
      .returning({ fields: mailingContacts.fields });
    return row.fields;
  });
}

export const mailingFields = {
  async list(db: Db, accountId: string): Promise<FieldView[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx.select().from(table).where(eq(table.accountId, accountId)).orderBy(asc(table.createdAt), asc(table.key)),
    );
    return rows.map(view);
  },

  async get(db: Db, accountId: string, id: string): Promise<FieldView> {
    const [row] = await withTenant(db, accountId, (tx) => tx.select().from(table).where(byId(accountId, id)));
    if (!row) throw notFound("Field");
    return view(row);
  },

  async create(db: Db, accountId: string, input: FieldInput): Promise<FieldView> {
    const key = input.key.trim();
    if (!FIELD_KEY.test(key))
      throw fieldError(
        "validation_failed",
        "key",
        "A key is 1 to 40 lower-case letters, digits or underscores, starting with a letter",
      );
    const values = {
      key,
      label: cleanLabel(input.label),
      type: input.type,
      options: optionsFor(input.type, input.options),
    };
    try {
      const [row] = await withTenant(db, accountId, (tx) =>
        tx
          .insert(table)
          .values({ accountId, ...values })
          .returning(),
      );
      return view(row);
    } catch (e) {
      if (isUniqueViolation(e))
        throw fieldError("validation_failed", "key", "The site already has a field with this key");
      throw e;
    }
  },

  /** Changes the label, type or options; the key stays. Values contacts carry are left as they are. */
  async update(db: Db, accountId: string, id: string, patch: FieldPatch): Promise<FieldView> {
    return withTenant(db, accountId, async (tx) => {
      const [current] = await tx.select().from(table).where(byId(accountId, id)).for("update");
      if (!current) throw notFound("Field");
      const type = patch.type ?? current.type;
      const [row] = await tx
        .update(table)
        .set({
          label: patch.label === undefined ? current.label : cleanLabel(patch.label),
          type,
          options: optionsFor(type, patch.options ?? current.options),
        })
        .where(byId(accountId, id))
        .returning();
      return view(row);
    });
  },

  /** Removes the definition; the values contacts carry stay (read-only, removable). */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Field");
  },
};
