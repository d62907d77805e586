import { TICKET_CATEGORIES } from "../../../core/support-tickets";
import type { Db } from "../../db/client";
import { clientErrors, feedback } from "../../db/schema";
import { withTenant } from "../../db/tenant";

/** The feedback tab asks for one of these first (the ticket categories of spec §9). */
export const FEEDBACK_CATEGORIES = TICKET_CATEGORIES;

export const support = {
  async recordFeedback(db: Db, accountId: string, input: { subject: string; message: string; userId: string | null }) {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(feedback)
        .values({ accountId, ...input })
        .returning({ id: feedback.id }),
    );
    return row.id;
  },
  async logClientError(
    db: Db,
    accountId: string,
    input: { message: string; userId: string | null; url: string | null; userAgent: string | null },
  ) {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .insert(clientErrors)
        .values({ accountId, ...input })
        .returning({ id: clientErrors.id }),
    );
    return row.id;
  },
};
