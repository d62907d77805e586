// The staff audit log: who did what to which site, and when; newest first, filtered by site and action.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, auditLog } from "../../db/schema";
import { withPlatform } from "../../db/tenant";

export { AUDIT_ACTIONS } from "../../../core/audit-actions";

export type AuditEntry = {
  id: string;
  actorEmail: string;
  action: string;
  siteId: string | null;
  siteSlug: string | null;
  siteTitle: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};

export const staffAudit = {
  async list(
    db: Db,
    query: { siteId?: string | null; action?: string | null; page: number; perPage: number },
  ): Promise<{ items: AuditEntry[]; total: number }> {
    const where: SQL[] = [];
    if (query.siteId) where.push(eq(auditLog.siteId, query.siteId));
    if (query.action) where.push(eq(auditLog.action, query.action));
    return withPlatform(db, async (tx) => {
      const rows = await tx
        .select({
          id: auditLog.id,
          actorEmail: auditLog.actorEmail,
          action: auditLog.action,
          siteId: auditLog.siteId,
          siteSlug: accounts.slug,
          siteTitle: sql<string | null>`${accounts.settings}->>'sitetitle'`,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
          total: sql<number>`count(*) over ()::int`,
        })
        .from(auditLog)
        .leftJoin(accounts, eq(accounts.accountId, auditLog.siteId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return {
        items: rows.map(({ total: _total, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: Number(rows[0]?.total ?? 0),
      };
    });
  },
};
