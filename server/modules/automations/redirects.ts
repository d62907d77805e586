// redirect_user's other half: a signed-in member's pending redirect is taken (deleted) on their
// next page view of the site and answered as a redirect, so it happens once. Two page views at
// once meet on the delete: only one of them gets it.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { automationRedirects } from "../../db/schema";
import { withTenant } from "../../db/tenant";

/** The member's pending redirect, taken: the URL to send them to now, or null. */
export async function takeRedirect(db: Db, accountId: string, userId: string): Promise<string | null> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .delete(automationRedirects)
      .where(and(eq(automationRedirects.accountId, accountId), eq(automationRedirects.userId, userId)))
      .returning({ url: automationRedirects.url }),
  );
  return row?.url ?? null;
}
