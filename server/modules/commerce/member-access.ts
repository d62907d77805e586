// Who holds which membership, and member-only pages (spec §3 memberships): a page listed in any
// membership's pageIds is shown to the site's managers and to members holding one of those
// memberships now (active, and for life or until a time still ahead); anyone else is told which
// products give access. Such pages are personal, so they are never kept in the page cache.
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { memberMemberships, memberships, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, notFound, requireUuid } from "../../errors";
import { enrolStudent } from "../enrolment";
import { type Emitted, events } from "../events";
import { pageCache } from "../page-cache";

/** The memberships this member holds now. */
export async function activeMembershipIds(tx: Tx, accountId: string, userId: string, now = new Date()) {
  const rows = await tx
    .select({ id: memberMemberships.membershipId })
    .from(memberMemberships)
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.userId, userId),
        eq(memberMemberships.status, "active"),
        or(isNull(memberMemberships.endsAt), gt(memberMemberships.endsAt, now)),
      ),
    );
  return rows.map((r) => r.id);
}

/** Whether the member holds the membership now. */
export async function holdsMembership(db: Db, accountId: string, userId: string, membershipId: string) {
  return withTenant(db, accountId, async (tx) =>
    (await activeMembershipIds(tx, accountId, userId)).includes(membershipId),
  );
}

/** Every page id some membership keeps for its members (the sitemap leaves them out). */
export async function gatedPageIds(tx: Tx, accountId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ pageIds: memberships.pageIds })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), sql`jsonb_array_length(${memberships.pageIds}) > 0`));
  return new Set(rows.flatMap((r) => r.pageIds));
}

export type PageGate =
  | { gated: false }
  | { gated: true; allowed: true }
  | { gated: true; allowed: false; products: { title: string; slug: string }[] };

/**
 * Whether a viewer may read a page: not gated; gated and allowed (a manager, or a holder of one of
 * its memberships); or gated and not allowed, with the published products that would give access.
 */
export async function pageGate(
  db: Db,
  accountId: string,
  pageId: string,
  viewer: { userId: string | null; isManager: boolean },
  now = new Date(),
): Promise<PageGate> {
  return withTenant(db, accountId, async (tx) => {
    const gating = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(eq(memberships.accountId, accountId), sql`${memberships.pageIds} @> ${JSON.stringify([pageId])}::jsonb`),
      );
    if (gating.length === 0) return { gated: false };
    if (viewer.isManager) return { gated: true, allowed: true };
    const ids = gating.map((m) => m.id);
    if (viewer.userId) {
      const held = await tx
        .select({ id: memberMemberships.membershipId })
        .from(memberMemberships)
        .where(
          and(
            eq(memberMemberships.accountId, accountId),
            eq(memberMemberships.userId, viewer.userId),
            inArray(memberMemberships.membershipId, ids),
            eq(memberMemberships.status, "active"),
            or(isNull(memberMemberships.endsAt), gt(memberMemberships.endsAt, now)),
          ),
        )
        .limit(1);
      if (held.length) return { gated: true, allowed: true };
    }
    const selling = await tx
      .select({ title: products.title, slug: products.slug, membershipIds: products.membershipIds })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          eq(products.status, "published"),
          sql`jsonb_array_length(${products.membershipIds}) > 0`,
        ),
      )
      .orderBy(products.title);
    const wanted = new Set(ids);
    return {
      gated: true,
      allowed: false,
      products: selling
        .filter((p) => p.membershipIds.some((m) => wanted.has(m)))
        .map(({ title, slug }) => ({ title, slug })),
    };
  });
}

/**
 * Call after a membership's pages change: a page that just became member-only may sit in the page
 * cache from when it was public, so the site's generic pages are dropped from it.
 */
export function membershipPagesChanged(accountId: string) {
  return pageCache.invalidatePaths(accountId, ["/", "/{pageSlug}"]);
}

/**
 * Gives a member a membership for life, outside any order (automations, the owner): active again if
 * it had ended. Emits membership_subscribed only when the member did not hold it already. Answers
 * whether it was newly granted. A membership of another site is 404.
 */
export async function grantMembership(
  tx: Tx,
  accountId: string,
  userId: string,
  membershipId: string,
  out: Emitted,
  actorId: string | null = null,
): Promise<boolean> {
  const [m] = await tx
    .select({ id: memberships.id, courseIds: memberships.courseIds })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.id, requireUuid(membershipId, "Membership"))));
  if (!m) throw notFound("Membership");
  const held = (await activeMembershipIds(tx, accountId, userId)).includes(m.id);
  if (held) return false;
  const now = new Date();
  await tx
    .insert(memberMemberships)
    .values({ accountId, membershipId: m.id, userId, status: "active", startsAt: now, endsAt: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [memberMemberships.accountId, memberMemberships.membershipId, memberMemberships.userId],
      set: { status: "active", orderId: null, subscriptionId: null, startsAt: now, endsAt: null, updatedAt: now },
    });
  out.push(await events.emit(tx, accountId, "membership_subscribed", { membershipId: m.id, userId }, actorId));
  // The membership's courses, as a purchase of it enrols them (fulfilment.ts).
  for (const courseId of m.courseIds) {
    try {
      // A savepoint: a course that cannot take the student (full, deleted) does not undo the grant.
      await tx.transaction((sp) =>
        enrolStudent(sp, accountId, { courseId, studentId: userId, by: "system", now }, out),
      );
    } catch (err) {
      console.error(
        `[memberships] ${m.id}: course ${courseId} not granted (${err instanceof AppError ? err.code : "internal"})`,
      );
    }
  }
  return true;
}

/** Ends a member's membership now; false when they did not hold it. Emits membership_ended. */
export async function revokeMembership(
  tx: Tx,
  accountId: string,
  userId: string,
  membershipId: string,
  out: Emitted,
  actorId: string | null = null,
): Promise<boolean> {
  const id = requireUuid(membershipId, "Membership");
  const now = new Date();
  const ended = await tx
    .update(memberMemberships)
    .set({ status: "revoked", endsAt: now, updatedAt: now })
    .where(
      and(
        eq(memberMemberships.accountId, accountId),
        eq(memberMemberships.userId, userId),
        eq(memberMemberships.membershipId, id),
        eq(memberMemberships.status, "active"),
        or(isNull(memberMemberships.endsAt), gt(memberMemberships.endsAt, now)),
      ),
    )
    .returning({ membershipId: memberMemberships.membershipId });
  if (!ended.length) return false;
  out.push(await events.emit(tx, accountId, "membership_ended", { membershipId: id, userId }, actorId));
  return true;
}
