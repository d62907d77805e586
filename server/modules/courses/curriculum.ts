// A course's curriculum as the instructor edits it: the whole ordered list, read and replaced at
// once. Items must be this site's units, quizzes and assignments of the declared type; titles are
// taken from those rows, never from the client. An item with no id but a title is new: it is
// created in the transaction that stores the list, so a builder session that is never saved leaves
// nothing behind (docs/decisions/0018). A new item may bring its first text (`content`, sanitised as
// the item's editor sanitises it): the course assistant's accepted outline creates its units so.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CurriculumItem } from "../../../core/curriculum";
import type { Tx } from "../../db/client";
import { courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError } from "../../errors";
import { sanitizeRichHtml } from "../html";
import { refreshCoursePages } from "./page-cache";
import type { LearningCtx } from "./context";
import { assertCourseEditor, assertCurriculumEditor, assertInstructor, ITEM_TABLES, type ItemKind } from "./guards";
import { META_CURRICULUM, setCourseMeta } from "./read";

export type CurriculumInputItem = Omit<CurriculumItem, "title"> & { title?: string; content?: string };

async function titlesOf(tx: Tx, accountId: string, kind: ItemKind, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const table = ITEM_TABLES[kind];
  const rows = await tx
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Checks every entry and returns the list to store (titles from the rows); errors name `items.{i}`. */
export async function validateCurriculum(
  tx: Tx,
  accountId: string,
  items: readonly CurriculumInputItem[],
): Promise<CurriculumItem[]> {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (item.post_type === "section") {
      if (item.id) throw fieldError("validation_failed", `items.${i}.id`, "A section has no id");
      if (!item.title?.trim()) throw fieldError("validation_failed", `items.${i}.title`, "A section needs a title");
      if (item.content !== undefined)
        throw fieldError("validation_failed", `items.${i}.content`, "A section has no text");
      return;
    }
    if (!item.id) throw fieldError("validation_failed", `items.${i}.title`, "A new item needs a title");
    if (item.content !== undefined) {
      throw fieldError("validation_failed", `items.${i}.content`, "Only a new item can bring its text here");
    }
    if (seen.has(item.id)) throw fieldError("validation_failed", `items.${i}.id`, "This item is listed twice");
    seen.add(item.id);
  });
  const idsOf = (kind: ItemKind) => items.filter((i) => i.post_type === kind).map((i) => i.id as string);
  const titles = {
    unit: await titlesOf(tx, accountId, "unit", idsOf("unit")),
    quiz: await titlesOf(tx, accountId, "quiz", idsOf("quiz")),
    assignments: await titlesOf(tx, accountId, "assignments", idsOf("assignments")),
  };
  return items.map((item, i): CurriculumItem => {
    if (item.post_type === "section") return { post_type: "section", title: (item.title ?? "").trim().slice(0, 200) };
    const title = titles[item.post_type].get(item.id as string);
    if (title === undefined) {
      throw fieldError("validation_failed", `items.${i}.id`, `No ${item.post_type} with this id on this site`);
    }
    const out: CurriculumItem = { id: item.id, post_type: item.post_type, title };
    if (item.drip) out.drip = item.drip;
    if (item.post_type === "unit" && item.preview) out.preview = true;
    return out;
  });
}

/**
 * Creates the new items of a list (no id, a title) as the member's own, and returns the list with
 * their ids. Runs in the caller's transaction, so a list that fails validation creates nothing.
 */
async function createNewItems(
  tx: Tx,
  ctx: LearningCtx,
  items: readonly CurriculumInputItem[],
): Promise<CurriculumInputItem[]> {
  if (!items.some((i) => i.post_type !== "section" && !i.id)) return [...items];
  assertInstructor(ctx);
  const out: CurriculumInputItem[] = [];
  for (const [i, item] of items.entries()) {
    if (item.post_type === "section" || item.id) {
      out.push(item);
      continue;
    }
    const title = item.title?.trim() ?? "";
    if (!title) throw fieldError("validation_failed", `items.${i}.title`, "A new item needs a title");
    const table = ITEM_TABLES[item.post_type];
    const [row] = await tx
      .insert(table)
      .values({
        accountId: ctx.accountId,
        authorId: ctx.userId,
        title: title.slice(0, 200),
        ...(item.content && { content: sanitizeRichHtml(item.content) }),
      })
      .returning({ id: table.id });
    const { content: _content, ...rest } = item;
    out.push({ ...rest, id: row.id });
  }
  return out;
}

/**
 * Locks the course's curriculum for a change (the course row), so two saves, or a save and an item
 * appended through the API, queue instead of one list overwriting the other.
 */
export async function lockCurriculum(tx: Tx, accountId: string, courseId: string) {
  await tx.execute(
    sql`select 1 from ${courses} where ${courses.accountId} = ${accountId} and ${courses.id} = ${courseId} for no key update`,
  );
}

export const curriculum = {
  get(ctx: LearningCtx, courseId: string): Promise<CurriculumItem[]> {
    return withTenant(ctx.db, ctx.accountId, async (tx) => (await assertCourseEditor(tx, ctx, courseId)).curriculum);
  },

  /** Replaces the list; new items (no id, a title) are created with it, in one transaction. */
  async put(ctx: LearningCtx, courseId: string, items: readonly CurriculumInputItem[]): Promise<CurriculumItem[]> {
    const list = await withTenant(ctx.db, ctx.accountId, async (tx) => {
      await assertCurriculumEditor(tx, ctx, courseId);
      await lockCurriculum(tx, ctx.accountId, courseId);
      const list = await validateCurriculum(tx, ctx.accountId, await createNewItems(tx, ctx, items));
      await setCourseMeta(tx, ctx.accountId, courseId, META_CURRICULUM, list);
      return list;
    });
    await refreshCoursePages(ctx.accountId);
    return list;
  },
};
