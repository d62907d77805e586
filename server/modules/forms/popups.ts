// A site's popups: content with an optional embedded form, a trigger, the pages they show on and how
// often a visitor sees them; impressions, closes and conversions counted by atomic increments.
import { and, desc, eq, sql } from "drizzle-orm";
import { type PopupFrequency, type PopupPages, type PopupTrigger, popupAppliesTo } from "../../../core/popup-rules";
import type { Db } from "../../db/client";
import { type FormStatus, forms, popups as table } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound, requireUuid } from "../../errors";
import { sanitizeRichHtml } from "../html";

export type PopupView = {
  id: string;
  name: string;
  content: string;
  formId: string | null;
  trigger: PopupTrigger;
  pages: PopupPages;
  frequency: PopupFrequency;
  status: FormStatus;
  impressions: number;
  closes: number;
  conversions: number;
  createdAt: string;
  updatedAt: string;
};
export type PopupInput = {
  name: string;
  content?: string;
  formId?: string | null;
  trigger?: PopupTrigger;
  pages?: PopupPages;
  frequency?: PopupFrequency;
  status?: FormStatus;
};
/** What a visitor's page needs to arm and show a popup. */
export type PublicPopup = Pick<PopupView, "id" | "content" | "formId" | "trigger" | "frequency"> & { name: string };
export type PopupEvent = "impression" | "close" | "conversion";

type Row = typeof table.$inferSelect;

const view = (r: Row): PopupView => ({
  id: r.id,
  name: r.name,
  content: r.content,
  formId: r.formId,
  trigger: r.trigger,
  pages: r.pages,
  frequency: r.frequency,
  status: r.status,
  impressions: r.impressions,
  closes: r.closes,
  conversions: r.conversions,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Popup")));

const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw fieldError("validation_failed", "name", "A popup needs a name");
  return n;
};

/** The embedded form must be one of the site's forms. */
async function checkForm(db: Db, accountId: string, formId: string | null | undefined) {
  if (!formId) return null;
  const id = requireUuid(formId, "Form", "formId");
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.accountId, accountId), eq(forms.id, id))),
  );
  if (!row) throw fieldError("validation_failed", "formId", "The site has no such form");
  return id;
}

const cleanPages = (p: PopupPages): PopupPages => ({
  mode: p.mode,
  paths: [...new Set(p.paths.map((x) => x.trim()).filter(Boolean))],
});

export const popups = {
  async list(db: Db, accountId: string): Promise<PopupView[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx.select().from(table).where(eq(table.accountId, accountId)).orderBy(desc(table.createdAt), desc(table.id)),
    );
    return rows.map(view);
  },

  async get(db: Db, accountId: string, id: string): Promise<PopupView> {
    const [row] = await withTenant(db, accountId, (tx) => tx.select().from(table).where(byId(accountId, id)));
    if (!row) throw notFound("Popup");
    return view(row);
  },

  async create(db: Db, accountId: string, input: PopupInput): Promise<PopupView> {
    const values = {
      accountId,
      name: cleanName(input.name),
      content: sanitizeRichHtml(input.content ?? ""),
      formId: await checkForm(db, accountId, input.formId),
      ...(input.trigger ? { trigger: input.trigger } : {}),
      ...(input.pages ? { pages: cleanPages(input.pages) } : {}),
      ...(input.frequency ? { frequency: input.frequency } : {}),
      status: input.status ?? "active",
    };
    const [row] = await withTenant(db, accountId, (tx) => tx.insert(table).values(values).returning());
    return view(row);
  },

  async update(db: Db, accountId: string, id: string, patch: Partial<PopupInput>): Promise<PopupView> {
    const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
    if (patch.name !== undefined) set.name = cleanName(patch.name);
    if (patch.content !== undefined) set.content = sanitizeRichHtml(patch.content);
    if (patch.formId !== undefined) set.formId = await checkForm(db, accountId, patch.formId);
    if (patch.trigger !== undefined) set.trigger = patch.trigger;
    if (patch.pages !== undefined) set.pages = cleanPages(patch.pages);
    if (patch.frequency !== undefined) set.frequency = patch.frequency;
    if (patch.status !== undefined) set.status = patch.status;
    const [row] = await withTenant(db, accountId, (tx) =>
      tx.update(table).set(set).where(byId(accountId, id)).returning(),
    );
    if (!row) throw notFound("Popup");
    return view(row);
  },

  async remove(db: Db, accountId: string, id: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx.delete(table).where(byId(accountId, id)).returning({ id: table.id }),
    );
    if (!gone.length) throw notFound("Popup");
  },

  /** The active popups for a page of the site, with only what the visitor's page needs. */
  async forPath(db: Db, accountId: string, path: string): Promise<PublicPopup[]> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), eq(table.status, "active")))
        .orderBy(desc(table.createdAt)),
    );
    return rows
      .filter((r) => popupAppliesTo(r.pages, path))
      .map((r) => ({
        id: r.id,
        name: r.name,
        content: r.content,
        formId: r.formId,
        trigger: r.trigger,
        frequency: r.frequency,
      }));
  },

  /** Counts one impression, close or conversion of an active popup, by an atomic increment. */
  async record(db: Db, accountId: string, id: string, type: PopupEvent): Promise<void> {
    const column = type === "impression" ? table.impressions : type === "close" ? table.closes : table.conversions;
    const key = type === "impression" ? "impressions" : type === "close" ? "closes" : "conversions";
    const moved = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ [key]: sql`${column} + 1` })
        .where(and(byId(accountId, id), eq(table.status, "active")))
        .returning({ id: table.id }),
    );
    if (!moved.length) throw notFound("Popup");
  },
};
