// A person has one login on the whole platform. When its password changes, every session opened
// with it on another site ends as well: whoever knew the old password may be signed in anywhere.
// (On the site where it changed, the auth library itself ends the person's other sessions.)
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { sessionCache } from "./session-cache";

export async function endSessionsOnOtherSites(db: Db, userId: string, accountId: string): Promise<void> {
  // Cross-site on purpose: the person's own login, changed by the person with their current password.
  await withPlatform(db, (tx) =>
    tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.accountId, accountId))),
  );
  sessionCache.forgetUser(db, userId);
}
