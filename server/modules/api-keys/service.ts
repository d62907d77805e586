import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys as table, members as membersTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import type { SiteAccount } from "../accounts/types";
import { members, type MemberContext } from "../members";

export type ApiKeyView = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const view = (r: typeof table.$inferSelect): ApiKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export const apiKeys = {
  async create(
    db: Db,
    accountId: string,
    memberId: string,
    name: string,
  ): Promise<{ key: string; apiKey: ApiKeyView }> {
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 80)
      throw fieldError("validation_failed", "name", "name is required (at most 80 characters)");
    const prefix = randomBytes(4).toString("hex");
    const key = `atr_${prefix}_${randomBytes(24).toString("base64url")}`;
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(table)
        .values({ accountId, name: trimmed, prefix, keyHash: sha(key), createdBy: memberId })
        .returning(),
    );
    return { key, apiKey: view(row) };
  },

  async list(db: Db, accountId: string) {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), isNull(table.revokedAt)))
        .orderBy(desc(table.createdAt)),
    );
    return rows.map(view);
  },

  async revoke(db: Db, accountId: string, id: string) {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .update(table)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(table.accountId, accountId), eq(table.id, id), isNull(table.revokedAt)))
        .returning({ id: table.id }),
    );
    if (!row) throw notFound("API key");
  },

  /** The member a Bearer key acts as, on this site; null for an unknown, revoked or foreign key. */
  async authenticate(
    db: Db,
    site: SiteAccount,
    key: string,
  ): Promise<{
    user: { id: string; name: string; email: string; emailVerified: boolean; twoFactorEnabled: boolean };
    member: MemberContext;
  } | null> {
    if (!/^atr_[0-9a-f]{8}_[A-Za-z0-9_-]{20,}$/.test(key)) return null;
    const [row] = await withTenant(db, site.accountId, (tx) =>
      tx
        .update(table)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(table.accountId, site.accountId), eq(table.keyHash, sha(key)), isNull(table.revokedAt)))
        .returning({ createdBy: table.createdBy }),
    );
    if (!row) return null;
    const [m] = await withTenant(db, site.accountId, (tx) =>
      tx
        .select({ userId: membersTable.userId })
        .from(membersTable)
        .where(and(eq(membersTable.accountId, site.accountId), eq(membersTable.id, row.createdBy))),
    );
    if (!m) return null;
    const member = await members.context(db, site, m.userId);
    if (!member) return null;
    return {
      user: {
        id: m.userId,
        name: member.member.name,
        email: member.member.email,
        emailVerified: true,
        twoFactorEnabled: false,
      },
      member,
    };
  },
};
