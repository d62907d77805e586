import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { options as optionsTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError, notFound } from "../../errors";
import { DEFAULT_TOUCHPOINTS } from "../../../core/touchpoints";

const KEY = /^[a-z][a-z0-9_.-]{0,63}$/i;
const MAX_VALUE_BYTES = 64 * 1024;

export const options = {
  async get(db: Db, accountId: string, key: string): Promise<unknown> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ value: optionsTable.value })
        .from(optionsTable)
        .where(and(eq(optionsTable.accountId, accountId), eq(optionsTable.key, key))),
    );
    if (!row) throw notFound("Option");
    return row.value;
  },

  async set(db: Db, accountId: string, key: string, value: unknown): Promise<void> {
    if (!KEY.test(key)) throw fieldError("validation_failed", "key", "Option keys are 1-64 letters, digits, _ . -");
    if (value === undefined) throw fieldError("validation_failed", "value", "value is required");
    if (JSON.stringify(value).length > MAX_VALUE_BYTES) {
      throw fieldError("payload_too_large", "value", "An option value is at most 64 KB");
    }
    await withTenant(db, accountId, (tx) =>
      tx
        .insert(optionsTable)
        .values({ accountId, key, value })
        .onConflictDoUpdate({
          target: [optionsTable.accountId, optionsTable.key],
          set: { value, updatedAt: sql`now()` },
        }),
    );
  },

  async seedDefaults(db: Db, accountId: string) {
    await withTenant(db, accountId, (tx) =>
      tx
        .insert(optionsTable)
        .values({ accountId, key: "touchpoints", value: { ...DEFAULT_TOUCHPOINTS } })
        .onConflictDoNothing(),
    );
  },
};
