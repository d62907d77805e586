// The people a member may start a chat with: this site's members found by name, never the member
// themselves nor anyone on either side of a block. Only managers of the site see (and search by)
// e-mail addresses; everyone else sees names alone.
import { and, asc, eq, ilike, notInArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatBlocks, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { ChatActor } from "./chats";
import { escapeLike } from "../../db/like";

export type ChatContact = { user_id: string; name: string; email?: string };
export const PEOPLE_PAGE_MAX = 50;

export const peopleService = {
  /** A page of the members the actor may message, by name; `page` starts at 1. */
  async search(
    db: Db,
    actor: ChatActor & { isManager: boolean },
    opts: { q?: string; page?: number; per_page?: number } = {},
  ): Promise<{ items: ChatContact[]; next_page: number | null }> {
    const perPage = Math.min(PEOPLE_PAGE_MAX, Math.max(1, Math.floor(opts.per_page ?? 20)));
    const page = Math.max(1, Math.floor(opts.page ?? 1));
    const q = (opts.q ?? "").trim().slice(0, 100);
    return withTenant(db, actor.accountId, async (tx) => {
      const blocks = await tx
        .select({ blockerId: chatBlocks.blockerId, blockedId: chatBlocks.blockedId })
        .from(chatBlocks)
        .where(
          and(
            eq(chatBlocks.accountId, actor.accountId),
            or(eq(chatBlocks.blockerId, actor.userId), eq(chatBlocks.blockedId, actor.userId)),
          ),
        );
      const hidden = [actor.userId, ...blocks.map((b) => (b.blockerId === actor.userId ? b.blockedId : b.blockerId))];
      const filters: SQL[] = [eq(members.accountId, actor.accountId), notInArray(members.userId, hidden)];
      if (q) {
        const like = `%${escapeLike(q)}%`;
        filters.push(
          actor.isManager ? or(ilike(members.name, like), ilike(members.email, like))! : ilike(members.name, like),
        );
      }
      const rows = await tx
        .select({ userId: members.userId, name: members.name, email: members.email })
        .from(members)
        .where(and(...filters))
        .orderBy(asc(members.name), asc(members.userId))
        .limit(perPage + 1)
        .offset((page - 1) * perPage);
      const items = rows
        .slice(0, perPage)
        .map(
          (r): ChatContact =>
            actor.isManager ? { user_id: r.userId, name: r.name, email: r.email } : { user_id: r.userId, name: r.name },
        );
      return { items, next_page: rows.length > perPage ? page + 1 : null };
    });
  },
};
