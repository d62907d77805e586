// A site's e-mail campaigns (spec §2, §7; decision 0041): written and edited while a draft or
// scheduled, their audience (lists and tags) counted before sending, scheduled or sent now, and
// once under way read back as stats and recipients. Delivery itself is the campaign-delivery module.
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  type CampaignAudience,
  type CampaignStatus,
  emailCampaignRecipients as recipientsTable,
  emailCampaigns as table,
  mailingContacts,
  mailingLists,
  type RecipientStatus,
} from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, requireUuid } from "../../errors";
import {
  audienceCountSql,
  type CampaignSite,
  pauseCampaign,
  queueCampaign,
  resumeCampaign,
  renderCampaign,
  sendTestEmail,
} from "../campaign-delivery";
import { sanitizeRichHtml } from "../html";
import { requirePlanFeatureOf } from "../usage";

export type CampaignInput = {
  name?: string;
  subject?: string;
  preheader?: string;
  fromName?: string;
  bodyHtml?: string;
  audience?: Partial<CampaignAudience>;
  scheduledAt?: string | null;
};

export type CampaignStats = {
  recipients: number;
  sent: number;
  failed: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
  /** Shares of the sent, 0–1 (0 while nothing is sent). */
  openRate: number;
  clickRate: number;
  unsubscribeRate: number;
};

export type CampaignView = {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  fromName: string;
  bodyHtml: string;
  audience: CampaignAudience;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  pauseReason: string | null;
  /** True while the campaign may be edited (a draft or scheduled). */
  editable: boolean;
  stats: CampaignStats;
  createdAt: string;
  updatedAt: string;
};

export type CampaignSummary = Omit<CampaignView, "bodyHtml">;

export type RecipientView = {
  contactId: string;
  email: string;
  name: string;
  status: RecipientStatus;
  error: string | null;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  unsubscribedAt: string | null;
};

export type RecipientQuery = {
  status?: RecipientStatus;
  opened?: boolean;
  clicked?: boolean;
  page?: number;
  perPage?: number;
};

const EDITABLE: readonly CampaignStatus[] = ["draft", "scheduled"];
const MAX_TAGS = 50;
const MAX_LISTS = 100;

type Row = typeof table.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : 0);

function statsOf(r: Row): CampaignStats {
  return {
    recipients: r.recipientsTotal,
    sent: r.sentCount,
    failed: r.failedCount,
    opened: r.openedCount,
    clicked: r.clickedCount,
    unsubscribed: r.unsubscribedCount,
    openRate: rate(r.openedCount, r.sentCount),
    clickRate: rate(r.clickedCount, r.sentCount),
    unsubscribeRate: rate(r.unsubscribedCount, r.sentCount),
  };
}

function view(r: Row): CampaignView {
  return {
    id: r.id,
    name: r.name,
    subject: r.subject,
    preheader: r.preheader,
    fromName: r.fromName,
    bodyHtml: r.bodyHtml,
    audience: { listIds: r.audience?.listIds ?? [], tags: r.audience?.tags ?? [] },
    status: r.status,
    scheduledAt: iso(r.scheduledAt),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    pauseReason: r.pauseReason,
    editable: EDITABLE.includes(r.status),
    stats: statsOf(r),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function summary(r: Row): CampaignSummary {
  const { bodyHtml: _body, ...rest } = view(r);
  return rest;
}

const byId = (accountId: string, id: string) =>
  and(eq(table.accountId, accountId), eq(table.id, requireUuid(id, "Campaign")));

function text(v: string | undefined, field: string, max: number): string | undefined {
  if (v === undefined) return undefined;
  const s = v.trim();
  if (s.length > max) throw fieldError("validation_failed", field, `${field} is longer than ${max} characters`);
  return s;
}

function cleanName(v: string | undefined): string | undefined {
  const n = text(v, "name", 200);
  if (n === undefined) return undefined;
  if (!n) throw fieldError("validation_failed", "name", "A campaign needs a name");
  return n;
}

/** The audience with its lists checked against the site's (an unknown list: 422 naming audience). */
async function cleanAudience(tx: Tx, accountId: string, a: Partial<CampaignAudience>): Promise<CampaignAudience> {
  const listIds = [...new Set(a.listIds ?? [])];
  const tags = [...new Set((a.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  if (listIds.length > MAX_LISTS) throw fieldError("validation_failed", "audience.listIds", "Too many lists");
  if (tags.length > MAX_TAGS) throw fieldError("validation_failed", "audience.tags", "Too many tags");
  for (const id of listIds) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
      throw fieldError("validation_failed", "audience.listIds", `The site has no list ${id}`);
    }
  }
  if (listIds.length) {
    const found = await tx
      .select({ id: mailingLists.id })
      .from(mailingLists)
      .where(and(eq(mailingLists.accountId, accountId), inArray(mailingLists.id, listIds)));
    const known = new Set(found.map((f) => f.id));
    const missing = listIds.find((id) => !known.has(id));
    if (missing) throw fieldError("validation_failed", "audience.listIds", `The site has no list ${missing}`);
  }
  return { listIds, tags };
}

function cleanSchedule(v: string | null | undefined): Date | null | undefined {
  if (v === undefined || v === null) return v;
  const at = new Date(v);
  if (Number.isNaN(at.getTime())) throw fieldError("validation_failed", "scheduledAt", "Not a date and time");
  if (at.getTime() <= Date.now()) {
    throw fieldError("validation_failed", "scheduledAt", "The time to send must be in the future");
  }
  return at;
}

const locked = (status: CampaignStatus) =>
  new AppError("conflict", `The campaign is ${status} and can no longer be changed; duplicate it to write a new one`);

/** The number of distinct contacts the audience reaches (campaign-delivery's one predicate). */
async function audienceCount(tx: Tx, accountId: string, a: CampaignAudience): Promise<number> {
  if (!a.listIds.length && !a.tags.length) return 0;
  const res = await tx.execute<{ n: number | string }>(audienceCountSql(accountId, a));
  return Number((res as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

async function load(tx: Tx, accountId: string, id: string): Promise<Row> {
  const [row] = await tx.select().from(table).where(byId(accountId, id));
  if (!row) throw notFound("Campaign");
  return row;
}

export function campaigns(db: Db, site: CampaignSite) {
  const accountId = site.accountId;
  const feature = () => requirePlanFeatureOf(site, "emails");
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => {
    feature();
    return withTenant(db, accountId, fn);
  };

  return {
    /** Newest first, each with its status and stats. */
    list: (): Promise<CampaignSummary[]> =>
      tenant(async (tx) =>
        (await tx.select().from(table).where(eq(table.accountId, accountId)).orderBy(desc(table.createdAt))).map(
          summary,
        ),
      ),

    get: (id: string): Promise<CampaignView> => tenant(async (tx) => view(await load(tx, accountId, id))),

    create: (input: CampaignInput, createdBy?: string | null): Promise<CampaignView> =>
      tenant(async (tx) => {
        const name = cleanName(input.name ?? "");
        const audience = await cleanAudience(tx, accountId, input.audience ?? {});
        const scheduledAt = cleanSchedule(input.scheduledAt);
        const [row] = await tx
          .insert(table)
          .values({
            accountId,
            name: name as string,
            subject: text(input.subject, "subject", 250) ?? "",
            preheader: text(input.preheader, "preheader", 250) ?? "",
            fromName: text(input.fromName, "fromName", 120) ?? "",
            bodyHtml: input.bodyHtml ? sanitizeRichHtml(input.bodyHtml) : "",
            audience,
            scheduledAt: scheduledAt ?? null,
            status: scheduledAt ? "scheduled" : "draft",
            createdBy: createdBy ?? null,
          })
          .returning();
        return view(row as Row);
      }),

    /** Changes a draft or scheduled campaign; any other status: 409. */
    update: (id: string, input: CampaignInput): Promise<CampaignView> =>
      tenant(async (tx) => {
        const current = await load(tx, accountId, id);
        if (!EDITABLE.includes(current.status)) throw locked(current.status);
        const set: Partial<typeof table.$inferInsert> = { updatedAt: new Date() };
        const name = cleanName(input.name);
        if (name !== undefined) set.name = name;
        const subject = text(input.subject, "subject", 250);
        if (subject !== undefined) set.subject = subject;
        const preheader = text(input.preheader, "preheader", 250);
        if (preheader !== undefined) set.preheader = preheader;
        const fromName = text(input.fromName, "fromName", 120);
        if (fromName !== undefined) set.fromName = fromName;
        if (input.bodyHtml !== undefined) set.bodyHtml = input.bodyHtml ? sanitizeRichHtml(input.bodyHtml) : "";
        if (input.audience !== undefined) {
          set.audience = await cleanAudience(tx, accountId, { ...current.audience, ...input.audience });
        }
        if (input.scheduledAt !== undefined) {
          const at = cleanSchedule(input.scheduledAt);
          set.scheduledAt = at ?? null;
          set.status = at ? "scheduled" : "draft";
        }
        const [row] = await tx
          .update(table)
          .set(set)
          .where(and(byId(accountId, id), inArray(table.status, [...EDITABLE])))
          .returning();
        if (!row) throw locked(current.status);
        return view(row);
      }),

    /** A new draft with the same content and audience, named "… (copy)". */
    duplicate: (id: string, createdBy?: string | null): Promise<CampaignView> =>
      tenant(async (tx) => {
        const c = await load(tx, accountId, id);
        const [row] = await tx
          .insert(table)
          .values({
            accountId,
            name: `${c.name} (copy)`.slice(0, 200),
            subject: c.subject,
            preheader: c.preheader,
            fromName: c.fromName,
            bodyHtml: c.bodyHtml,
            audience: c.audience,
            createdBy: createdBy ?? null,
          })
          .returning();
        return view(row as Row);
      }),

    /** Removes the campaign and its recipients; not while it is sending (409). */
    remove: (id: string): Promise<void> =>
      tenant(async (tx) => {
        const c = await load(tx, accountId, id);
        if (c.status === "sending") {
          throw new AppError("conflict", "The campaign is sending; wait for it to finish before deleting it");
        }
        await tx.delete(table).where(and(byId(accountId, id), sql`${table.status} <> 'sending'`));
      }),

    /** How many distinct active contacts the audience reaches now. */
    audienceSize: (audience: Partial<CampaignAudience>): Promise<{ recipients: number }> =>
      tenant(async (tx) => ({
        recipients: await audienceCount(tx, accountId, await cleanAudience(tx, accountId, audience)),
      })),

    /** The audience size of a saved campaign. */
    campaignAudienceSize: (id: string): Promise<{ recipients: number }> =>
      tenant(async (tx) => {
        const c = await load(tx, accountId, id);
        return { recipients: await audienceCount(tx, accountId, view(c).audience) };
      }),

    /** Sends at `at` (in the future, else 422); the campaign becomes scheduled. */
    schedule: (id: string, at: string): Promise<CampaignView> =>
      tenant(async (tx) => {
        const when = cleanSchedule(at);
        if (!when) throw fieldError("validation_failed", "scheduledAt", "Give the time to send");
        const c = await load(tx, accountId, id);
        if (!EDITABLE.includes(c.status)) throw locked(c.status);
        const [row] = await tx
          .update(table)
          .set({ status: "scheduled", scheduledAt: when, updatedAt: new Date() })
          .where(and(byId(accountId, id), inArray(table.status, [...EDITABLE])))
          .returning();
        if (!row) throw locked(c.status);
        return view(row);
      }),

    /** Back to a draft. Only a scheduled campaign can be unscheduled (409 otherwise). */
    unschedule: (id: string): Promise<CampaignView> =>
      tenant(async (tx) => {
        const c = await load(tx, accountId, id);
        if (c.status !== "scheduled") {
          throw new AppError("conflict", `The campaign is ${c.status}, not scheduled`);
        }
        const [row] = await tx
          .update(table)
          .set({ status: "draft", scheduledAt: null, updatedAt: new Date() })
          .where(and(byId(accountId, id), eq(table.status, "scheduled")))
          .returning();
        if (!row) throw locked(c.status);
        return view(row);
      }),

    /** Queues every recipient and starts sending (403 plan_limit when the month's e-mails would not suffice). */
    async send(id: string): Promise<{ recipients: number; campaign: CampaignView }> {
      const c = await tenant((tx) => load(tx, accountId, id));
      if (!EDITABLE.includes(c.status)) throw locked(c.status);
      if (!c.subject.trim()) throw fieldError("validation_failed", "subject", "Give the campaign a subject first");
      if (!c.bodyHtml.trim()) throw fieldError("validation_failed", "bodyHtml", "Write the campaign's message first");
      const { recipients } = await queueCampaign(db, site, c.id);
      const after = await withTenant(db, accountId, (tx) => load(tx, accountId, id));
      return { recipients, campaign: view(after) };
    },

    /** Stops sending after the batch in flight; the rest stay queued (409 unless sending). */
    async pause(id: string): Promise<CampaignView> {
      requireUuid(id, "Campaign");
      await pauseCampaign(db, site, id);
      return view(await withTenant(db, accountId, (tx) => load(tx, accountId, id)));
    },

    /** Sends a paused campaign on (403 plan_limit when the month's e-mails left do not cover the rest; 409 unless paused). */
    async resume(id: string): Promise<{ recipients: number; campaign: CampaignView }> {
      requireUuid(id, "Campaign");
      const { recipients } = await resumeCampaign(db, site, id);
      return { recipients, campaign: view(await withTenant(db, accountId, (tx) => load(tx, accountId, id))) };
    },

    /** Sends the campaign once to `to`, marked as a test. */
    async test(id: string, to: string): Promise<{ to: string }> {
      const c = await tenant((tx) => load(tx, accountId, id));
      const address = to.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
        throw fieldError("validation_failed", "to", "Give an e-mail address to send the test to");
      }
      await sendTestEmail(db, site, c.id, address);
      return { to: address };
    },

    /** The campaign as a sample contact would receive it. */
    preview: async (
      id: string,
      contact: { email: string; name: string },
    ): Promise<{ subject: string; html: string; text: string }> => {
      const c = await tenant((tx) => load(tx, accountId, id));
      return renderCampaign({ subject: c.subject, preheader: c.preheader, bodyHtml: c.bodyHtml }, contact);
    },

    /** One page of the campaign's recipients, filtered by status, opened or clicked. */
    recipients: (
      id: string,
      q: RecipientQuery = {},
    ): Promise<{ items: RecipientView[]; total: number; page: number; perPage: number }> =>
      tenant(async (tx) => {
        await load(tx, accountId, id);
        const page = Math.max(1, Math.floor(q.page ?? 1));
        const perPage = Math.min(100, Math.max(1, Math.floor(q.perPage ?? 25)));
        const where = and(
          eq(recipientsTable.accountId, accountId),
          eq(recipientsTable.campaignId, id),
          q.status ? eq(recipientsTable.status, q.status) : undefined,
          q.opened === undefined
            ? undefined
            : q.opened
              ? isNotNull(recipientsTable.openedAt)
              : isNull(recipientsTable.openedAt),
          q.clicked === undefined
            ? undefined
            : q.clicked
              ? isNotNull(recipientsTable.clickedAt)
              : isNull(recipientsTable.clickedAt),
        );
        const [total] = await tx.select({ n: count() }).from(recipientsTable).where(where);
        const rows = await tx
          .select({
            contactId: recipientsTable.contactId,
            email: recipientsTable.email,
            name: mailingContacts.name,
            status: recipientsTable.status,
            error: recipientsTable.error,
            sentAt: recipientsTable.sentAt,
            openedAt: recipientsTable.openedAt,
            clickedAt: recipientsTable.clickedAt,
            unsubscribedAt: recipientsTable.unsubscribedAt,
          })
          .from(recipientsTable)
          .leftJoin(
            mailingContacts,
            and(
              eq(mailingContacts.accountId, recipientsTable.accountId),
              eq(mailingContacts.id, recipientsTable.contactId),
            ),
          )
          .where(where)
          .orderBy(recipientsTable.email)
          .limit(perPage)
          .offset((page - 1) * perPage);
        return {
          items: rows.map((r) => ({
            ...r,
            name: r.name ?? "",
            sentAt: iso(r.sentAt),
            openedAt: iso(r.openedAt),
            clickedAt: iso(r.clickedAt),
            unsubscribedAt: iso(r.unsubscribedAt),
          })),
          total: Number(total?.n ?? 0),
          page,
          perPage,
        };
      }),
  };
}

export type Campaigns = ReturnType<typeof campaigns>;
