// A member's own choices on a site: interface language and dashboard sidebar (spec §2 "per-user
// profile menu preference"). Only the member changes them, so the query is keyed by their user id.
import { and, eq } from "drizzle-orm";
import { type MemberPreferencesPatch, type MenuPreferenceItem, ZMemberPreferencesPatch } from "../../../core/account";
import type { Db } from "../../db/client";
import { members as membersTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound, validationError } from "../../errors";
import { sessionCache } from "./session-cache";

export type MemberPreferences = { language: string | null; menuPreference: MenuPreferenceItem[] | null };

/** Applies the fields present in the patch (null clears one) and returns both preferences. */
export async function setPreferences(
  db: Db,
  accountId: string,
  userId: string,
  patch: MemberPreferencesPatch | unknown,
): Promise<MemberPreferences> {
  const parsed = ZMemberPreferencesPatch.safeParse(patch);
  if (!parsed.success) throw validationError(parsed.error);
  const { language, menu } = parsed.data;
  const set: Partial<typeof membersTable.$inferInsert> = {};
  if (language !== undefined) set.language = language;
  if (menu !== undefined) set.menuPreference = menu;
  const where = and(eq(membersTable.accountId, accountId), eq(membersTable.userId, userId));
  const [row] = await withTenant(db, accountId, (tx) => {
    const columns = { language: membersTable.language, menuPreference: membersTable.menuPreference };
    return Object.keys(set).length
      ? tx.update(membersTable).set(set).where(where).returning(columns)
      : tx.select(columns).from(membersTable).where(where);
  });
  if (!row) throw notFound("Member");
  sessionCache.forgetUser(db, userId);
  return { language: row.language, menuPreference: row.menuPreference };
}
