// The site's touchpoints as the management screen and the REST API see them: the §9 groups with
// each touchpoint on or off. A change names touchpoints and their new state; it is merged into the
// stored option in one statement, so two managers switching different touchpoints at once both
// keep their change.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type TouchpointGroupState, touchpointGroups, ZTouchpointPatch } from "../../../core/touchpoints";
import type { Db } from "../../db/client";
import { options as optionsTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { validationError } from "../../errors";

const KEY = "touchpoints";

/** The change as the screen and the API send it: `{ touchpoints: { key: on } }`. */
export const ZTouchpointChange = z.object({ touchpoints: ZTouchpointPatch }).strict();

async function stored(db: Db, accountId: string): Promise<unknown> {
  const [row] = await withTenant(db, accountId, (tx) =>
    tx
      .select({ value: optionsTable.value })
      .from(optionsTable)
      .where(and(eq(optionsTable.accountId, accountId), eq(optionsTable.key, KEY))),
  );
  return row?.value ?? null;
}

export const touchpoints = {
  /** The groups with each touchpoint's state (a site without the option has everything on). */
  async read(db: Db, accountId: string): Promise<TouchpointGroupState[]> {
    return touchpointGroups(await stored(db, accountId));
  },

  /** Switches the named touchpoints; unknown names are refused (422, field `touchpoints.<name>`). */
  async update(db: Db, accountId: string, input: unknown): Promise<TouchpointGroupState[]> {
    const parsed = ZTouchpointChange.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const patch = parsed.data.touchpoints;
    const value = await withTenant(db, accountId, async (tx) => {
      const [row] = await tx
        .insert(optionsTable)
        .values({ accountId, key: KEY, value: patch })
        .onConflictDoUpdate({
          target: [optionsTable.accountId, optionsTable.key],
          // Merged in the database: a stored value that is not an object is replaced.
          set: {
            value: sql`case when jsonb_typeof(${optionsTable.value}) = 'object' then ${optionsTable.value} || excluded.value else excluded.value end`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ value: optionsTable.value });
      return row.value;
    });
    return touchpointGroups(value);
  },
};
