// The shared shape of the unit, quiz and assignment editors: list what the member may edit, read,
// create (optionally appending to a course's curriculum, as the curriculum builder does), change
// and delete. Each editor supplies how its input becomes columns and how a row is shown.
import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { CurriculumItem } from "../../../core/curriculum";
import { containsPattern } from "../../../core/search-query";
import type { Tx } from "../../db/client";
import { courseAuthor, courseMeta, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { refreshCoursePages } from "./page-cache";
import type { LearningCtx } from "./context";
import {
  assertCurriculumEditor,
  assertInstructor,
  assertItemEditor,
  ITEM_TABLES,
  isCourseManager,
  type ItemKind,
} from "./guards";
import { lockCurriculum } from "./curriculum";
import { loadCourse, META_CURRICULUM, setCourseMeta } from "./read";

type AnyRow = { id: string; title: string; authorId: string; updatedAt: Date };

/** Ids listed in the curricula of the courses the member teaches. */
async function taughtItemIds(tx: Tx, ctx: LearningCtx): Promise<string[]> {
  const coAuthored = tx
    .select({ id: courseAuthor.courseId })
    .from(courseAuthor)
    .where(and(eq(courseAuthor.accountId, ctx.accountId), eq(courseAuthor.authorId, ctx.userId)));
  const taught = tx
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(eq(courses.accountId, ctx.accountId), or(eq(courses.authorId, ctx.userId), inArray(courses.id, coAuthored))),
    );
  const rows = await tx
    .select({ value: courseMeta.metaValue })
    .from(courseMeta)
    .where(
      and(
        eq(courseMeta.accountId, ctx.accountId),
        eq(courseMeta.metaKey, META_CURRICULUM),
        inArray(courseMeta.courseId, taught),
      ),
    );
  return rows.flatMap((r) => (r.value as CurriculumItem[]).flatMap((i) => (i.id ? [i.id] : [])));
}

/** Applies a change to every curriculum of the site that lists this item. */
async function rewriteCurricula(
  tx: Tx,
  accountId: string,
  itemId: string,
  change: (list: CurriculumItem[]) => CurriculumItem[],
) {
  const listing = await tx
    .select()
    .from(courseMeta)
    .where(
      and(
        eq(courseMeta.accountId, accountId),
        eq(courseMeta.metaKey, META_CURRICULUM),
        sql`${courseMeta.metaValue} @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
      ),
    )
    // One order for every writer, so two renames touching the same courses cannot deadlock.
    .orderBy(courseMeta.courseId)
    .for("update");
  for (const m of listing) {
    await setCourseMeta(tx, accountId, m.courseId, META_CURRICULUM, change(m.metaValue as CurriculumItem[]));
  }
}

export function itemStore<Row extends AnyRow, Input extends { title: string }, View>(opts: {
  kind: Exclude<ItemKind, never>;
  /** Columns from (a part of) the input; `existing` is the row being changed, if any. */
  columns: (input: Partial<Input>, existing?: Row) => Record<string, unknown>;
  view: (row: Row) => View;
}) {
  const table = ITEM_TABLES[opts.kind];
  const label = opts.kind === "unit" ? "Unit" : opts.kind === "quiz" ? "Quiz" : "Assignment";
  const load = async (tx: Tx, ctx: LearningCtx, id: string) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.accountId, ctx.accountId), eq(table.id, id)));
    if (!row) throw notFound(label);
    return row as unknown as Row;
  };

  return {
    /** Items the member may edit (all of the site's for managers), newest change first. */
    async list(ctx: LearningCtx, query: { q?: string } = {}) {
      assertInstructor(ctx);
      return withTenant(ctx.db, ctx.accountId, async (tx) => {
        const where: SQL[] = [eq(table.accountId, ctx.accountId)];
        if (query.q?.trim()) where.push(ilike(table.title, containsPattern(query.q.trim())));
        if (!isCourseManager(ctx)) {
          const ids = await taughtItemIds(tx, ctx);
          where.push(
            (ids.length
              ? or(eq(table.authorId, ctx.userId), inArray(table.id, ids))
              : eq(table.authorId, ctx.userId)) as SQL,
          );
        }
        const rows = await tx
          .select()
          .from(table)
          .where(and(...where))
          .orderBy(desc(table.updatedAt))
          .limit(500);
        return (rows as unknown as Row[]).map(opts.view);
      });
    },

    get(ctx: LearningCtx, id: string): Promise<View> {
      return withTenant(ctx.db, ctx.accountId, async (tx) => {
        await assertItemEditor(tx, ctx, opts.kind, id);
        return opts.view(await load(tx, ctx, id));
      });
    },

    /** A new item by the member; with courseId it is also appended to that course's curriculum. */
    async create(ctx: LearningCtx, input: Input, courseId?: string | null): Promise<View> {
      assertInstructor(ctx);
      const { row, slug } = await withTenant(ctx.db, ctx.accountId, async (tx) => {
        let record: Awaited<ReturnType<typeof loadCourse>> | null = null;
        if (courseId) {
          await assertCurriculumEditor(tx, ctx, courseId);
          // Read again under the lock: two items appended at once both stay in the list.
          await lockCurriculum(tx, ctx.accountId, courseId);
          record = await loadCourse(tx, ctx.accountId, courseId);
        }
        const [created] = await tx
          .insert(table)
          .values({
            ...opts.columns(input),
            accountId: ctx.accountId,
            authorId: ctx.userId,
            title: input.title.trim(),
          } as typeof table.$inferInsert)
          .returning();
        const row = created as unknown as Row;
        if (record && courseId) {
          const item: CurriculumItem = { id: row.id, post_type: opts.kind, title: row.title };
          await setCourseMeta(tx, ctx.accountId, courseId, META_CURRICULUM, [...record.curriculum, item]);
        }
        return { row, slug: record?.course.slug };
      });
      if (slug) await refreshCoursePages(ctx.accountId);
      return opts.view(row);
    },

    async update(ctx: LearningCtx, id: string, input: Partial<Input>): Promise<View> {
      const renamed = input.title !== undefined;
      const view = await withTenant(ctx.db, ctx.accountId, async (tx) => {
        await assertItemEditor(tx, ctx, opts.kind, id);
        const existing = await load(tx, ctx, id);
        const set = { ...opts.columns(input, existing), updatedAt: new Date() } as Record<string, unknown>;
        if (input.title !== undefined) set.title = input.title.trim();
        const [row] = await tx
          .update(table)
          .set(set)
          .where(and(eq(table.accountId, ctx.accountId), eq(table.id, id)))
          .returning();
        // Curricula carry the item's title for the outline; a rename reaches them too.
        if (renamed) {
          const title = (row as unknown as Row).title;
          await rewriteCurricula(tx, ctx.accountId, id, (list) => list.map((i) => (i.id === id ? { ...i, title } : i)));
        }
        return opts.view(row as unknown as Row);
      });
      if (renamed) await refreshCoursePages(ctx.accountId);
      return view;
    },

    /** Deletes the item; curricula that list it drop it. */
    async remove(ctx: LearningCtx, id: string): Promise<void> {
      await withTenant(ctx.db, ctx.accountId, async (tx) => {
        await assertItemEditor(tx, ctx, opts.kind, id);
        await tx.delete(table).where(and(eq(table.accountId, ctx.accountId), eq(table.id, id)));
        await rewriteCurricula(tx, ctx.accountId, id, (list) => list.filter((i) => i.id !== id));
      });
    },

    /** Replaces the content only (upload/text); the caller has checked nothing else. */
    async setContent(ctx: LearningCtx, id: string, content: string): Promise<void> {
      await withTenant(ctx.db, ctx.accountId, async (tx) => {
        await assertItemEditor(tx, ctx, opts.kind, id);
        await tx
          .update(table)
          .set({ content, updatedAt: new Date() })
          .where(and(eq(table.accountId, ctx.accountId), eq(table.id, id)));
      });
    },
  };
}
