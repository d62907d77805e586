// The marketing home's figures: how large the audience is and what the last campaign did.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { emailCampaigns, mailingContacts, mailingLists } from "../../db/schema";
import { withTenant } from "../../db/tenant";

export type AudienceSummary = {
  contacts: number;
  activeContacts: number;
  newThisMonth: number;
  lists: number;
  campaigns: number;
  lastSent: { id: string; name: string; sent: number; opened: number; clicked: number; at: string } | null;
};

export function audienceSummary(db: Db, accountId: string): Promise<AudienceSummary> {
  return withTenant(db, accountId, async (tx) => {
    const [people] = await tx
      .select({
        contacts: count(),
        active: sql<number>`count(*) filter (where ${mailingContacts.status} = 1)`.mapWith(Number),
        fresh: sql<number>`count(*) filter (where ${mailingContacts.createdAt} >= date_trunc('month', now()))`.mapWith(
          Number,
        ),
      })
      .from(mailingContacts);
    const [lists] = await tx.select({ n: count() }).from(mailingLists);
    const [campaigns] = await tx.select({ n: count() }).from(emailCampaigns);
    const [last] = await tx
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.status, "sent")))
      .orderBy(desc(emailCampaigns.finishedAt))
      .limit(1);
    return {
      contacts: people?.contacts ?? 0,
      activeContacts: people?.active ?? 0,
      newThisMonth: people?.fresh ?? 0,
      lists: lists?.n ?? 0,
      campaigns: campaigns?.n ?? 0,
      lastSent: last
        ? {
            id: last.id,
            name: last.name,
            sent: last.sentCount,
            opened: last.openedCount,
            clicked: last.clickedCount,
            at: (last.finishedAt ?? last.updatedAt).toISOString(),
          }
        : null,
    };
  });
}
