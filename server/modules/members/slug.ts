import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { members } from "../../db/schema";

/**
 * A readable, unique profile slug for a member of a site (used by /members/{slug}). Call it in the
 * transaction that inserts the member: it locks the site's slugs until that commits, so two people
 * of the same name joining at once are given different slugs rather than one of them losing the
 * insert to the unique index.
 */
export async function uniqueMemberSlug(tx: Tx, accountId: string, from: string): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member-slug:${accountId}`}, 0))`);
  const base =
    from
      .toLowerCase()
      .split("@")[0]
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "member";
  const taken = await tx
    .select({ slug: members.slug })
    .from(members)
    .where(and(eq(members.accountId, accountId), sql`${members.slug} like ${`${base}%`}`));
  const set = new Set(taken.map((t) => t.slug));
  if (!set.has(base)) return base;
  for (let i = 2; ; i++) if (!set.has(`${base}-${i}`)) return `${base}-${i}`;
}
