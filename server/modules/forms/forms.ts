// A site's forms: their definition (fields and what a submission does) for the owner's builder, and
// the submissions they received. Every query names the site, so another site's ids are not found.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { checkFormDefinition, type FormField, type FormSettings } from "../../../core/form-rules";
import type { Db } from "../../db/client";
import { type FormStatus, formSubmissions, forms as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, requireUuid } from "../../errors";

export type FormView = {
  id: string;
  name: string;
  fields: FormField[];
  settings: FormSettings;
  status: FormStatus;
  submissions: number;
  createdAt: string;
  updatedAt: string;
};

/** A field as given: its id is made when missing. */
export type FieldInput = Omit<FormField, "id"> & { id?: string };
export type FormInput = { name: string; fields: FieldInput[]; settings?: Partial<FormSettings>; status?: FormStatus };
export type FormPatch = Partial<FormInput>;

export type SubmissionView = {
  id: string;
  formId: string;
  contactId: string | null;
  data: Record<string, string | boolean>;
  userAgent: string;
  createdAt: string;
};

type Row = typeof table.$inferSelect;

const view = (r: Row, submissions = 0): FormView => ({
  id: r.id,
  name: r.name,
  fields: r.fields,
  settings: r.settings,
  status: r.status,
  submissions,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Form")));

// Written out in full: inside a select drizzle leaves columns unqualified, which the subquery would
// read as its own.
const submissionCount = sql<number>`(select count(*) from form_submissions s
  where s.account_id = "forms"."account_id" and s.form_id = "forms"."id")`.mapWith(Number);

/** A field without an id gets one; the definition must pass the rules (422 naming the field). */
function cleanFields(fields: FieldInput[]): FormField[] {
  const out = fields.map((f) => ({
    ...f,
    id: f.id?.trim() || randomUUID(),
    label: f.label?.trim() ?? "",
    name: f.name?.trim() ?? "",
    options: f.type === "select" ? (f.options ?? []).map((o) => o.trim()).filter(Boolean) : undefined,
    defaultValue: f.type === "hidden" ? (f.defaultValue ?? "") : undefined,
  }));
  const problems = checkFormDefinition(out);
  if (problems.length) throw new AppError("validation_failed", problems[0].message, problems);
  return out;
}

function cleanSettings(s: Partial<FormSettings> | undefined, was?: FormSettings): FormSettings {
  const merged = { listIds: [], tags: [], ...was, ...s };
  for (const id of merged.listIds) requireUuid(id, "List", "settings.listIds");
  return {
    ...merged,
    listIds: [...new Set(merged.listIds)],
    tags: [...new Set(merged.tags.map((t) => t.trim()).filter(Boolean))],
  };
}

const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw fieldError("validation_failed", "name", "A form needs a name");
  return n;
};

export const forms = {
  async list(db: Db, accountId: string): Promise<FormView[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select({ form: table, submissions: submissionCount })
        .from(table)
        .where(eq(table.accountId, accountId))
        .orderBy(desc(table.createdAt), desc(table.id)),
    );
    return rows.map((r) => view(r.form, r.submissions));
  },

  async get(db: Db, accountId: string, id: string): Promise<FormView> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx.select({ form: table, submissions: submissionCount }).from(table).where(byId(accountId, id)),
    );
    if (!row) throw notFound("Form");
    return view(row.form, row.submissions);
  },

  /** An active form as visitors see it (the public address, the page block); null when there is none. */
  async published(db: Db, accountId: string, id: string): Promise<FormView | null> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(byId(accountId, id), eq(table.status, "active"))),
    );
    return row ? view(row) : null;
  },

  async create(db: Db, accountId: string, input: FormInput): Promise<FormView> {
    const values = {
      accountId,
      name: cleanName(input.name),
      fields: cleanFields(input.fields),
      settings: cleanSettings(input.settings),
      status: input.status ?? "active",
    };
    const [row] = await withTenant(db, accountId, (tx) => tx.insert(table).values(values).returning());
    return view(row);
  },

  async update(db: Db, accountId: string, id: string, patch: FormPatch): Promise<FormView> {
    return withTenant(db, accountId, async (tx) => {
      const [was] = await tx.select().from(table).where(byId(accountId, id)).for("update");
      if (!was) throw notFound("Form");
      const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
      if (patch.name !== undefined) set.name = cleanName(patch.name);
      if (patch.fields !== undefined) set.fields = cleanFields(patch.fields);
      if (patch.settings !== undefined) set.settings = cleanSettings(patch.settings, was.settings);
      if (patch.status !== undefined) set.status = patch.status;
      const [row] = await tx.update(table).set(set).where(byId(accountId, id)).returning();
      const [{ n }] = await tx
        .select({ n: count() })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.accountId, accountId), eq(formSubmissions.formId, row.id)));
      return view(row, Number(n));
    });
  },

  /** Removes the form and its submissions; the contacts they made stay. */
  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Form");
  },

  /** A form's submissions, newest first. */
  async submissions(
    db: Db,
    accountId: string,
    formId: string,
    page: { page: number; perPage: number } | "all",
  ): Promise<{ form: FormView; items: SubmissionView[]; total: number }> {
    const form = await forms.get(db, accountId, formId);
    const where = and(eq(formSubmissions.accountId, accountId), eq(formSubmissions.formId, form.id));
    return withTenant(db, accountId, async (tx) => {
      const q = tx
        .select()
        .from(formSubmissions)
        .where(where)
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
      const rows =
        page === "all" ? await q.limit(100_000) : await q.limit(page.perPage).offset((page.page - 1) * page.perPage);
      const items = rows.map((r) => ({
        id: r.id,
        formId: r.formId,
        contactId: r.contactId,
        data: r.data,
        userAgent: r.userAgent,
        createdAt: r.createdAt.toISOString(),
      }));
      return { form, items, total: form.submissions };
    });
  },
};
