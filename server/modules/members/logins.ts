// A person's login is the platform's, not a site's: a site cannot search every login or change
// one (decision 0016). What a site's screens do with a login goes through the platform role here,
// scoped to the one person concerned.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { sessionCache } from "./session-cache";

/** A member renamed themself: their login carries the same name on every site. */
export async function renameLogin(db: Db, userId: string, name: string): Promise<void> {
  await withPlatform(db, (tx) => tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)));
  sessionCache.forgetUser(db, userId);
}
