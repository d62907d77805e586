// CSV imports of contacts (decision 0043). The file is read and checked when it is uploaded: a bad
// row (or a bad mapping, or a list of another site) refuses the whole file and nothing is stored.
// A good file is stored with the contacts to write and a background job writes them all in one
// transaction, 1000 at a time: new addresses are created (and counted in `emailverifications`),
// known ones merged without being reactivated. The job reports its progress on the import's row.
import { and, eq, sql } from "drizzle-orm";
import {
  type ColumnMapping,
  checkMapping,
  IMPORT_LIMITS,
  type ImportContact,
  prepareImport,
} from "../../../core/contact-import";
import { checkFieldValue } from "../../../core/contact-fields";
import { parseCsv } from "../../../core/csv";
import type { Db, Tx } from "../../db/client";
import {
  type ContactImportCounts,
  type ContactImportError,
  contactImports as table,
  mailingContactEvents,
  mailingContacts,
  mailingListContact,
  mailingLists,
} from "../../db/schema";
import { runsBesideTransactions, withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, requireUuid } from "../../errors";
import { type JobRun, jobs } from "../../jobs/queue";
import { type MeteredSite, usage } from "../usage";
import { isDisposableDomain } from "./disposable";
import { fieldDefinitions } from "./fields";

export const CONTACT_IMPORT = "contact-import";
/** Contacts written per statement inside the one transaction. */
const CHUNK = 1000;

export type ImportInput = {
  fileName?: string;
  csv: string;
  mapping: ColumnMapping[];
  listId?: string | null;
  tags?: string[];
};

export type ImportView = {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  fileName: string;
  listId: string | null;
  tags: string[];
  rows: number;
  total: number;
  processed: number;
  counts: ContactImportCounts;
  failure: { code: string; message: string } | null;
  createdAt: string;
  finishedAt: string | null;
};

type Row = typeof table.$inferSelect;

const view = (r: Row): ImportView => ({
  id: r.id,
  status: r.status,
  fileName: r.fileName,
  listId: r.listId,
  tags: r.tags,
  rows: r.rows,
  total: r.total,
  processed: r.processed,
  counts: r.counts,
  failure: r.failure ?? null,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** The refusal of a file with bad rows: one entry per bad row (the first 1000), nothing imported. */
function rowsRefused(errors: ContactImportError[], errorCount: number): AppError {
  const message =
    errorCount === 1
      ? "1 row has an error; nothing was imported"
      : `${errorCount} rows have errors; nothing was imported`;
  return new AppError(
    "validation_failed",
    message,
    errors.map((e) => ({ field: "csv", ...e })),
  );
}

/** How many of these addresses the site does not have yet (each costs one verification). */
async function countNew(tx: Tx, accountId: string, emails: string[]): Promise<number> {
  const res = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb) as e(email)
    where not exists (select 1 from ${mailingContacts} c where c.account_id = ${accountId} and c.email = e.email)`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

export const contactImports = {
  /** Checks the file and stores the import, queued; refuses the whole file when any row is bad. */
  async start(db: Db, site: MeteredSite, input: ImportInput, userId: string | null): Promise<ImportView> {
    const accountId = site.accountId;
    if (new TextEncoder().encode(input.csv).length > IMPORT_LIMITS.maxBytes)
      throw fieldError("payload_too_large", "csv", "The file is larger than 5 MB");
    const parsed = parseCsv(input.csv);
    if (parsed.unclosedQuoteRow !== null)
      throw fieldError(
        "validation_failed",
        "csv",
        `Row ${parsed.unclosedQuoteRow}: a quoted cell is never closed (check the quotes)`,
      );
    const [headers = [], ...data] = parsed.rows;
    if (headers.every((h) => !h.trim()))
      throw fieldError("validation_failed", "csv", "The file is empty: its first row names the columns");
    if (headers.length > IMPORT_LIMITS.maxColumns)
      throw fieldError("validation_failed", "csv", `The file has more than ${IMPORT_LIMITS.maxColumns} columns`);
    if (data.length > IMPORT_LIMITS.maxRows)
      throw fieldError("validation_failed", "csv", `The file has more than ${IMPORT_LIMITS.maxRows} rows`);
    const problems = checkMapping(headers, input.mapping);
    if (problems.length) throw fieldError("validation_failed", "mapping", problems[0].message);
    const listId = input.listId ? requireUuid(input.listId, "List", "listId") : null;
    // Field columns go to fields the site defines, each value checked against its type.
    const defs = new Map(
      (await withTenant(db, accountId, (tx) => fieldDefinitions(tx, accountId))).map((d) => [d.key, d]),
    );
    const undefinedField = input.mapping.find((m) => m.target === "field" && m.field && !defs.has(m.field));
    if (undefinedField)
      throw fieldError(
        "validation_failed",
        "mapping",
        `No field "${undefinedField.field}" is defined on this site: create it under Fields first`,
      );
    const prepared = prepareImport(headers, data, input.mapping, {
      refusedDomain: isDisposableDomain,
      extraTags: input.tags,
      checkField: (key, value) => {
        const def = defs.get(key);
        return def ? checkFieldValue(def, value) : { ok: false, message: "No field with this key is defined" };
      },
    });
    if (prepared.errorCount) throw rowsRefused(prepared.errors, prepared.errorCount);
    if (!prepared.contacts.length) throw fieldError("validation_failed", "csv", "The file has no contacts to import");
    // Sorted, so two imports touching the same addresses take their row locks in one order.
    const rows = prepared.contacts.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));

    const row = await withTenant(db, accountId, async (tx) => {
      if (listId) {
        const [list] = await tx
          .select({ id: mailingLists.id })
          .from(mailingLists)
          .where(and(eq(mailingLists.accountId, accountId), eq(mailingLists.id, listId)));
        if (!list) throw notFound("List");
      }
      // Refused before anything is written when the month's verifications cannot cover the new
      // addresses; the job counts them for good, in its own transaction.
      const fresh = await countNew(
        tx,
        accountId,
        rows.map((c) => c.email),
      );
      await usage.checkMeter(tx, site, "emailverifications", fresh);
      const [created] = await tx
        .insert(table)
        .values({
          accountId,
          fileName: (input.fileName ?? "").slice(0, 200),
          listId,
          tags: [...new Set((input.tags ?? []).map((t) => t.trim()).filter(Boolean))],
          rows: prepared.rows,
          total: rows.length,
          counts: { created: 0, updated: 0, unchanged: 0, skipped: prepared.skipped },
          contacts: rows,
          createdBy: userId,
        })
        .returning();
      return created;
    });
    const data_ = { accountId, importId: row.id, plan: site.settings.plan, isPlatform: Boolean(site.isPlatform) };
    const queued = await jobs.send(db, CONTACT_IMPORT, data_);
    // Without a queue in this process (a script), the import runs here.
    if (!queued) await runImport(db, data_, { id: "", retryCount: 0, retryLimit: 0 });
    return queued ? view(row) : contactImports.get(db, accountId, row.id);
  },

  async get(db: Db, accountId: string, id: string): Promise<ImportView> {
    const importId = requireUuid(id, "Import");
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.id, importId))),
    );
    if (!row) throw notFound("Import");
    return view(row);
  },
};

type JobData = { accountId: string; importId: string; plan: string | null; isPlatform: boolean };

/** Writes one chunk: created and changed contacts come back; the rest were already as the file says. */
async function writeChunk(tx: Tx, accountId: string, importId: string, chunk: ImportContact[]) {
  const payload = JSON.stringify(chunk);
  const settings = JSON.stringify({ source: "import", form_id: null });
  const res = await tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into ${mailingContacts} as c (account_id, email, name, status, settings, tags, fields)
    select ${accountId}::uuid, r.email, r.name, coalesce(r.status, 1), ${settings}::jsonb,
           coalesce(r.tags, '{}'::text[]), coalesce(r.fields, '{}'::jsonb)
      from jsonb_to_recordset(${payload}::jsonb) as r(email text, name text, status int, tags text[], fields jsonb)
    on conflict (account_id, email) do update set
      name = case when c.name = '' then excluded.name else c.name end,
      -- an import may switch a contact off, never back on (an unsubscribe stands)
      status = least(c.status, excluded.status),
      tags = c.tags || array(select t from unnest(excluded.tags) as t where not (t = any(c.tags))),
      fields = c.fields || excluded.fields,
      updated_at = now()
    where (c.name = '' and excluded.name <> '') or excluded.status < c.status
       or not (excluded.tags <@ c.tags) or not (c.fields @> excluded.fields)
    returning c.id, (c.xmax = 0) as inserted`);
  const written = (res as unknown as { rows: { id: string; inserted: boolean }[] }).rows;
  const created = written.filter((w) => w.inserted);
  if (created.length)
    await tx.insert(mailingContactEvents).values(
      created.map((w) => ({
        accountId,
        contactId: w.id,
        kind: "imported",
        data: { source: "import", importId },
      })),
    );
  return {
    created: created.length,
    updated: written.length - created.length,
    unchanged: chunk.length - written.length,
  };
}

async function addToList(tx: Tx, accountId: string, listId: string, emails: string[]) {
  await tx.execute(sql`
    insert into ${mailingListContact} (account_id, list_id, contact_id)
    select ${accountId}::uuid, ${listId}::uuid, c.id from ${mailingContacts} c
     where c.account_id = ${accountId}
       and c.email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))
    on conflict do nothing`);
}

async function finish(db: Db, accountId: string, importId: string, set: Partial<typeof table.$inferInsert>) {
  await withTenant(db, accountId, (tx) =>
    tx
      .update(table)
      .set({ ...set, contacts: null, finishedAt: new Date() })
      .where(and(eq(table.accountId, accountId), eq(table.id, importId))),
  );
}

/** The job: writes the whole import in one transaction, or none of it. */
export async function runImport(db: Db, data: JobData, job: JobRun): Promise<void> {
  const { accountId, importId } = data;
  const site: MeteredSite = { accountId, isPlatform: data.isPlatform, settings: { plan: data.plan } };
  const [claimed] = await withTenant(db, accountId, (tx) =>
    tx
      .update(table)
      .set({ status: "running", processed: 0 })
      .where(and(eq(table.accountId, accountId), eq(table.id, importId), sql`${table.status} in ('queued', 'running')`))
      .returning(),
  );
  if (!claimed?.contacts) return;
  const contacts = claimed.contacts as ImportContact[];
  const aside = runsBesideTransactions(db);
  let reported: Promise<unknown> = Promise.resolve();
  try {
    await withTenant(db, accountId, async (tx) => {
      // One import of a site at a time: the next one counts its new addresses after this commits.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-import:${accountId}`}))`);
      const list = claimed.listId
        ? await tx
            .select({ id: mailingLists.id })
            .from(mailingLists)
            .where(and(eq(mailingLists.accountId, accountId), eq(mailingLists.id, claimed.listId)))
        : [];
      if (claimed.listId && !list.length) throw notFound("List");
      const fresh = await countNew(
        tx,
        accountId,
        contacts.map((c) => c.email),
      );
      await usage.use(tx, site, "emailverifications", fresh);
      const total = { created: 0, updated: 0, unchanged: 0, skipped: claimed.counts.skipped };
      for (let i = 0; i < contacts.length; i += CHUNK) {
        const chunk = contacts.slice(i, i + CHUNK);
        const done = await writeChunk(tx, accountId, importId, chunk);
        total.created += done.created;
        total.updated += done.updated;
        total.unchanged += done.unchanged;
        if (claimed.listId)
          await addToList(
            tx,
            accountId,
            claimed.listId,
            chunk.map((c) => c.email),
          );
        // Progress is written beside the transaction (it must be seen before the commit); on a
        // single connection it would wait for the commit, so it is left out there.
        const processed = i + chunk.length;
        if (aside && processed < contacts.length)
          reported = withTenant(db, accountId, (t2) =>
            t2
              .update(table)
              .set({ processed })
              .where(
                and(eq(table.accountId, accountId), eq(table.id, importId), sql`${table.processed} < ${processed}`),
              ),
          ).catch(() => undefined);
      }
      await tx
        .update(table)
        .set({ status: "done", processed: contacts.length, counts: total, contacts: null, finishedAt: new Date() })
        .where(and(eq(table.accountId, accountId), eq(table.id, importId)));
    });
    await reported;
  } catch (err) {
    await reported;
    if (err instanceof AppError) {
      await finish(db, accountId, importId, { status: "failed", failure: { code: err.code, message: err.message } });
      return;
    }
    if (job.retryCount >= job.retryLimit)
      await finish(db, accountId, importId, {
        status: "failed",
        failure: { code: "internal", message: "The import could not be written; nothing was imported" },
      });
    throw err;
  }
}

jobs.define(CONTACT_IMPORT, (db, data, job) => runImport(db, data as unknown as JobData, job), {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
});
