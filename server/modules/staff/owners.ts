// Account owners: every person who owns at least one site, with their sites' count (and, for the
// billing customers list, the plans those sites are on). One query a page.
import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { findPlan } from "../../../core/plans";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { escapeLike } from "../../db/like";

export type OwnerListItem = {
  id: string;
  name: string;
  email: string;
  joinedAt: string;
  sites: number;
  /** The plans of their sites, one label per plan, most sites first. */
  plans: string[];
};

export const staffOwners = {
  async list(
    db: Db,
    query: { q?: string | null; page: number; perPage: number },
  ): Promise<{ items: OwnerListItem[]; total: number }> {
    const where: (SQL | undefined)[] = [eq(accounts.isPlatform, false)];
    const q = query.q?.trim();
    if (q) {
      const like = `%${escapeLike(q)}%`;
      where.push(or(ilike(users.name, like), ilike(users.email, like)));
    }
    const rows = await withPlatform(db, (tx) =>
      tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          joinedAt: users.createdAt,
          sites: sql<number>`count(${accounts.accountId})::int`,
          plans: sql<(string | null)[]>`array_agg(${accounts.settings}->>'plan')`,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(users)
        .innerJoin(accounts, eq(accounts.ownerUserId, users.id))
        .where(and(...where))
        .groupBy(users.id)
        .orderBy(desc(users.createdAt), users.id)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    );
    const items = rows.map((r) => {
      const counts = new Map<string, number>();
      for (const id of r.plans ?? []) {
        const label = findPlan(id)?.label;
        if (label) counts.set(label, (counts.get(label) ?? 0) + 1);
      }
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        joinedAt: new Date(r.joinedAt).toISOString(),
        sites: Number(r.sites),
        plans: [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([label]) => label),
      };
    });
    return { items, total: Number(rows[0]?.total ?? 0) };
  },
};
