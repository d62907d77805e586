// Checks shared by the catalogue's products and memberships: a title, and ids that must be rows of
// this site.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { courses, memberships, pages, products } from "../../db/schema";
import { fieldError } from "../../errors";
import { isUuid } from "../../../core/uuid";

const unique = (ids: string[]) => [...new Set(ids)];

export function validateTitle(title: string | undefined): string {
  const clean = (title ?? "").trim();
  if (!clean) throw fieldError("validation_failed", "title", "A title is required");
  if (clean.length > 200) throw fieldError("validation_failed", "title", "Keep the title to 200 characters");
  return clean;
}

/** Ids that are not rows of this site name the field they came from. */
export async function checkRefs(
  tx: Tx,
  accountId: string,
  field: string,
  table: "courses" | "memberships" | "pages" | "products",
  ids: string[],
) {
  const wanted = unique(ids);
  if (!wanted.length) return wanted;
  if (wanted.some((id) => !isUuid(id))) throw fieldError("validation_failed", field, `Unknown ${table}`);
  const t = { courses, memberships, pages, products }[table];
  const rows = await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.accountId, accountId), inArray(t.id, wanted)));
  if (rows.length !== wanted.length) throw fieldError("validation_failed", field, `Unknown ${table} on this site`);
  return wanted;
}
