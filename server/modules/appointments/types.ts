// Appointment types: what an instructor offers (duration, price through a shop product, buffers,
// notice, booking window, cut-off, video provider). An instructor changes their own; a manager any.
import { and, asc, eq, ne } from "drizzle-orm";
import { type AppointmentTypeInput, ZAppointmentTypeInput } from "../../../core/appointment-schemas";
import type { Db, Tx } from "../../db/client";
import { appointmentTypes, bookings, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { AppError, fieldError, notFound, validationError } from "../../errors";
import { type MeteredSite, requireAddonOf } from "../usage";
import { type Actor, type AppointmentTypeView, loadType, namesOf, typeView } from "./shared";

function parse(input: unknown): AppointmentTypeInput {
  const parsed = ZAppointmentTypeInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

async function checkInput(tx: Tx, site: MeteredSite, data: AppointmentTypeInput) {
  if (data.provider === "zoom") {
    // Zoom meetings need the addon and a connected Zoom account; no site can connect one yet.
    requireAddonOf(site, "zoom");
    throw fieldError(
      "validation_failed",
      "provider",
      "Zoom meetings need the site's Zoom account connected; use Jitsi until it is",
    );
  }
  if (data.productId) {
    const [p] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.accountId, site.accountId), eq(products.id, data.productId)));
    if (!p) throw fieldError("validation_failed", "productId", "No such product in this shop");
  }
}

const values = (d: AppointmentTypeInput) => ({
  title: d.title,
  description: d.description,
  durationMinutes: d.durationMinutes,
  productId: d.productId,
  bufferBeforeMinutes: d.bufferBeforeMinutes,
  bufferAfterMinutes: d.bufferAfterMinutes,
  minimumNoticeMinutes: d.minimumNoticeMinutes,
  bookingWindowDays: d.bookingWindowDays,
  cancelCutoffHours: d.cancelCutoffHours,
  provider: d.provider,
  active: d.active,
});

async function owned(tx: Tx, accountId: string, id: string, actor: Actor) {
  const row = await loadType(tx, accountId, id);
  if (!actor.manager && row.instructorId !== actor.userId) throw notFound("Appointment type");
  return row;
}

export const appointmentTypeService = {
  /** Types of the site, by title: all of them, one instructor's, or only the bookable ones. */
  async list(
    db: Db,
    accountId: string,
    filter: { instructorId?: string; activeOnly?: boolean } = {},
  ): Promise<AppointmentTypeView[]> {
    return withTenant(db, accountId, async (tx) => {
      const rows = await tx
        .select()
        .from(appointmentTypes)
        .where(
          and(
            eq(appointmentTypes.accountId, accountId),
            filter.instructorId ? eq(appointmentTypes.instructorId, filter.instructorId) : undefined,
            filter.activeOnly ? eq(appointmentTypes.active, true) : undefined,
          ),
        )
        .orderBy(asc(appointmentTypes.title), asc(appointmentTypes.id));
      const names = await namesOf(
        tx,
        accountId,
        rows.map((r) => r.instructorId),
      );
      return rows.map((r) => typeView(r, names));
    });
  },

  async get(db: Db, accountId: string, id: string): Promise<AppointmentTypeView> {
    return withTenant(db, accountId, async (tx) => {
      const row = await loadType(tx, accountId, id);
      return typeView(row, await namesOf(tx, accountId, [row.instructorId]));
    });
  },

  /** A new type offered by the actor (a manager may name another instructor of the site). */
  async create(db: Db, site: MeteredSite, actor: Actor, input: unknown, instructorId = actor.userId) {
    const data = parse(input);
    if (instructorId !== actor.userId && !actor.manager)
      throw new AppError("forbidden", "Only a manager creates types for another instructor");
    return withTenant(db, site.accountId, async (tx) => {
      await checkInput(tx, site, data);
      const names = await namesOf(tx, site.accountId, [instructorId]);
      if (!names.has(instructorId)) throw fieldError("validation_failed", "instructorId", "Not a member of this site");
      const [row] = await tx
        .insert(appointmentTypes)
        .values({ accountId: site.accountId, instructorId, ...values(data) })
        .returning();
      return typeView(row, names);
    });
  },

  /** Replaces the fields given; the merged type is checked as a whole. */
  async update(db: Db, site: MeteredSite, actor: Actor, id: string, patch: unknown) {
    return withTenant(db, site.accountId, async (tx) => {
      const row = await owned(tx, site.accountId, id, actor);
      const data = parse({ ...values(row), ...(typeof patch === "object" && patch ? patch : {}) });
      await checkInput(tx, site, data);
      const [saved] = await tx
        .update(appointmentTypes)
        .set({ ...values(data), updatedAt: new Date() })
        .where(and(eq(appointmentTypes.accountId, site.accountId), eq(appointmentTypes.id, row.id)))
        .returning();
      return typeView(saved, await namesOf(tx, site.accountId, [saved.instructorId]));
    });
  },

  /** Removes a type that has no bookings left to keep; otherwise switch it off (active: false). */
  async remove(db: Db, accountId: string, actor: Actor, id: string) {
    await withTenant(db, accountId, async (tx) => {
      const row = await owned(tx, accountId, id, actor);
      const [live] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.accountId, accountId), eq(bookings.typeId, row.id), ne(bookings.status, "cancelled")))
        .limit(1);
      if (live) throw new AppError("conflict", "This type has bookings; switch it off instead");
      await tx
        .delete(appointmentTypes)
        .where(and(eq(appointmentTypes.accountId, accountId), eq(appointmentTypes.id, row.id)));
    });
  },
};
