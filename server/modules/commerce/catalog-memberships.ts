// Memberships of the owner's catalogue (spec §3): courses and member-only pages sold together by the
// products that grant them. A change gates the site's pages at once.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { memberships, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";
import { checkRefs, validateTitle } from "./catalog-fields";
import { membershipPagesChanged } from "./member-access";

export type MembershipView = {
  id: string;
  title: string;
  description: string;
  courseIds: string[];
  pageIds: string[];
  createdAt: string;
  updatedAt: string;
};
export type MembershipInput = { title?: string; description?: string; courseIds?: string[]; pageIds?: string[] };

const membershipView = (r: typeof memberships.$inferSelect): MembershipView => ({
  id: r.id,
  title: r.title,
  description: r.description,
  courseIds: r.courseIds ?? [],
  pageIds: r.pageIds ?? [],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const byMembership = (accountId: string, id: string) =>
  and(eq(memberships.accountId, accountId), eq(memberships.id, id));

export async function listMemberships(db: Db, accountId: string, q: { page?: number; perPage?: number } = {}) {
  const page = Math.max(1, q.page ?? 1);
  const perPage = Math.min(100, Math.max(1, q.perPage ?? 20));
  return withTenant(db, accountId, async (tx) => {
    const rows = await tx
      .select()
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(desc(memberships.createdAt), desc(memberships.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    const count = await tx.$count(memberships, eq(memberships.accountId, accountId));
    return { memberships: rows.map(membershipView), count };
  });
}

async function loadMembership(tx: Tx, accountId: string, id: string) {
  const [row] = await tx.select().from(memberships).where(byMembership(accountId, id));
  if (!row) throw notFound("Membership");
  return row;
}

export const getMembership = (db: Db, accountId: string, id: string) =>
  withTenant(db, accountId, async (tx) => membershipView(await loadMembership(tx, accountId, id)));

// A membership's pages are gated the moment it changes: cached public copies of the site's pages go.
export async function createMembership(db: Db, accountId: string, input: MembershipInput) {
  const view = await withTenant(db, accountId, async (tx) => {
    const [row] = await tx
      .insert(memberships)
      .values({
        accountId,
        title: validateTitle(input.title),
        description: input.description ?? "",
        courseIds: await checkRefs(tx, accountId, "courseIds", "courses", input.courseIds ?? []),
        pageIds: await checkRefs(tx, accountId, "pageIds", "pages", input.pageIds ?? []),
      })
      .returning();
    return membershipView(row);
  });
  await membershipPagesChanged(accountId);
  return view;
}

export async function updateMembership(db: Db, accountId: string, id: string, input: MembershipInput) {
  const view = await withTenant(db, accountId, async (tx) => {
    await loadMembership(tx, accountId, id);
    const set: Partial<typeof memberships.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) set.title = validateTitle(input.title);
    if (input.description !== undefined) set.description = input.description;
    if (input.courseIds) set.courseIds = await checkRefs(tx, accountId, "courseIds", "courses", input.courseIds);
    if (input.pageIds) set.pageIds = await checkRefs(tx, accountId, "pageIds", "pages", input.pageIds);
    const [row] = await tx.update(memberships).set(set).where(byMembership(accountId, id)).returning();
    return membershipView(row);
  });
  await membershipPagesChanged(accountId);
  return view;
}

/** Products stop granting a deleted membership; members' past holds stay on record. */
export async function deleteMembership(db: Db, accountId: string, id: string) {
  await withTenant(db, accountId, async (tx) => {
    await loadMembership(tx, accountId, id);
    await tx.delete(memberships).where(byMembership(accountId, id));
    await tx
      .update(products)
      .set({ membershipIds: sql`${products.membershipIds} - ${id}::text` })
      .where(and(eq(products.accountId, accountId), sql`${products.membershipIds} ? ${id}::text`));
  });
  await membershipPagesChanged(accountId);
}
