// An instructor's weekly hours and date overrides, in their own IANA zone (one row each).
import { and, eq } from "drizzle-orm";
import { type AvailabilityInput, ZAvailabilityInput } from "../../../core/appointment-schemas";
import type { DateOverride, WeeklyInterval } from "../../../core/slots";
import type { Db, Tx } from "../../db/client";
import { appointmentAvailability } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { validationError } from "../../errors";

export type AvailabilityView = { timeZone: string; weekly: WeeklyInterval[]; overrides: DateOverride[] };

export async function availabilityOf(tx: Tx, accountId: string, instructorId: string): Promise<AvailabilityView> {
  const [row] = await tx
    .select()
    .from(appointmentAvailability)
    .where(
      and(eq(appointmentAvailability.accountId, accountId), eq(appointmentAvailability.instructorId, instructorId)),
    );
  return row
    ? { timeZone: row.timeZone, weekly: row.weekly, overrides: row.overrides }
    : { timeZone: "UTC", weekly: [], overrides: [] };
}

export const availabilityService = {
  get: (db: Db, accountId: string, instructorId: string) =>
    withTenant(db, accountId, (tx) => availabilityOf(tx, accountId, instructorId)),

  async put(db: Db, accountId: string, instructorId: string, input: unknown): Promise<AvailabilityView> {
    const parsed = ZAvailabilityInput.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error);
    const data: AvailabilityInput = parsed.data;
    const weekly = data.weekly as WeeklyInterval[];
    const overrides = [...data.overrides].sort((a, b) => a.date.localeCompare(b.date));
    await withTenant(db, accountId, (tx) =>
      tx
        .insert(appointmentAvailability)
        .values({ accountId, instructorId, timeZone: data.timeZone, weekly, overrides })
        .onConflictDoUpdate({
          target: [appointmentAvailability.accountId, appointmentAvailability.instructorId],
          set: { timeZone: data.timeZone, weekly, overrides, updatedAt: new Date() },
        }),
    );
    return { timeZone: data.timeZone, weekly, overrides };
  },
};
