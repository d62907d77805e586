// What the public may see of a site's members: names, profile slugs and pictures, never e-mail addresses.
import { and, asc, eq, ilike } from "drizzle-orm";
import { containsPattern } from "../../../core/search-query";
import type { Db } from "../../db/client";
import { members as membersTable } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";

/** The user id only addresses the member's public picture (/avatars/{userId}/avatar.jpg). */
export type DirectoryEntry = { userId: string; name: string; slug: string; since: string };

export const DIRECTORY_PAGE_SIZE = 24;

/** One page of the public directory, alphabetical. */
export async function directory(db: Db, accountId: string, page: number, perPage = DIRECTORY_PAGE_SIZE) {
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select({
        userId: membersTable.userId,
        name: membersTable.name,
        slug: membersTable.slug,
        since: membersTable.createdAt,
      })
      .from(membersTable)
      .where(eq(membersTable.accountId, accountId))
      .orderBy(asc(membersTable.name), asc(membersTable.slug))
      .limit(perPage)
      .offset((Math.max(1, page) - 1) * perPage);
    const total = await tx.$count(membersTable, eq(membersTable.accountId, accountId));
    return { items: rows.map((r) => ({ ...r, since: r.since.toISOString() })), total, perPage };
  });
}

/** One public profile by slug, or null. */
export async function profile(db: Db, accountId: string, slug: string): Promise<DirectoryEntry | null> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({
        userId: membersTable.userId,
        name: membersTable.name,
        slug: membersTable.slug,
        since: membersTable.createdAt,
      })
      .from(membersTable)
      .where(and(eq(membersTable.accountId, accountId), eq(membersTable.slug, slug))),
  );
  return row ? { ...row, since: row.since.toISOString() } : null;
}

/** Members whose name contains the term (case-insensitive), for the site search. */
/**
 * Members of the site whose name contains the term. Runs as the platform role with an explicit
 * account filter: under the tenant role's row-level security PostgreSQL may not use the trigram
 * index for ILIKE (not a leakproof operator), and would read every member (decision 0010).
 */
export async function searchByName(db: Db, accountId: string, term: string, limit: number) {
  const pattern = containsPattern(term);
  return withPlatform(db, (tx) =>
    tx
      .select({ name: membersTable.name, slug: membersTable.slug })
      .from(membersTable)
      .where(and(eq(membersTable.accountId, accountId), ilike(membersTable.name, pattern)))
      .orderBy(asc(membersTable.name))
      .limit(limit),
  );
}
