// A site with a very large blog, for measuring what a big customer sees: `bigblog` with `count`
// published posts whose titles mix a few hundred words, written in one INSERT … SELECT so that
// 100,000 posts take seconds, not minutes. Started by SEED_LARGE_BLOG=<count> with SEED_DEMO.
import { sql } from "drizzle-orm";
import { PLAN_IDS } from "../../core/plans";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { withTenant } from "../db/tenant";
import { accounts } from "../modules/accounts";
import { buildSite, buildUser } from "./builders";

export const LARGE_BLOG_SLUG = "bigblog";
export const LARGE_BLOG_OWNER = "owner@bigblog.test";

const SUBJECTS = ["Python", "Design", "Marketing", "Photography", "Guitar", "Spanish", "Statistics", "Writing"];
const ANGLES = ["basics", "patterns", "for teams", "in practice", "mistakes to avoid", "a field guide", "deep dive"];

export async function seedLargeBlog(db: Db, auth: Auth, count: number): Promise<{ created: boolean }> {
  if (count <= 0 || (await accounts.bySlug(db, LARGE_BLOG_SLUG))) return { created: false };
  const owner = await buildUser(auth, { email: LARGE_BLOG_OWNER, name: "Bea Blogger" });
  const site = await buildSite(db, owner, { slug: LARGE_BLOG_SLUG, sitetitle: "Big Blog", plan: PLAN_IDS.lifetime });
  const subjects = `{${SUBJECTS.map((s) => `"${s}"`).join(",")}}`;
  const angles = `{${ANGLES.map((s) => `"${s}"`).join(",")}}`;
  await withTenant(db, site.accountId, (tx) =>
    tx.execute(sql`
      insert into posts (account_id, slug, title, excerpt, content, status, published_at, updated_at)
      select ${site.accountId}::uuid,
             'post-' || i,
             (${subjects}::text[])[1 + i % 8] || ' ' || (${angles}::text[])[1 + i % 7] || ', part ' || i,
             'Notes number ' || i || ' of a long-running series.',
             '<p>Post number ' || i || '. ' || repeat('Some words about the subject at hand. ', 40) || '</p>',
             'published',
             now() - (i || ' minutes')::interval,
             now() - (i || ' minutes')::interval
      from generate_series(1, ${count}::int) as i`),
  );
  // Fresh statistics, as autovacuum would gather them on PostgreSQL (PGlite has no autovacuum).
  await db.execute(sql`analyze posts`);
  return { created: true };
}
