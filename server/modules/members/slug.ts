import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { members } from "../../db/schema";

/** A readable, unique profile slug for a member of a site (used by /members/{slug}). */
export async function uniqueMemberSlug(tx: Tx, accountId: string, from: string): Promise<string> {
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
