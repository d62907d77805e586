// Who is online on a site (spec §3 Online-presence record). Each web process writes the devices of
// the sockets it holds; any process lists a whole site from the table. A row not refreshed within
// PRESENCE_STALE_SECONDS does not count and is swept. Changes are announced on the bus so every
// process can push the new list to its own sockets of that site.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { members, presence as table, type PresenceDevice, users } from "../../db/schema";
import { withPlatform, withTenant } from "../../db/tenant";
import { bus } from "../../realtime/bus";

export type { PresenceDevice } from "../../db/schema";

export const PRESENCE_TOPIC = "presence";
/** Sockets are pinged every 25 s; a device missing two beats is gone. */
export const PRESENCE_STALE_SECONDS = 70;

/** One online device, in the spec's field names (what the top bar and the chat list render). */
export type OnlineMember = {
  user_id: string;
  name: string;
  email: string;
  avatar: string | null;
  device_id: string;
  device: PresenceDevice;
  account_id: string;
};
export type PresenceList = { online: OnlineMember[]; count: number };

export type MemberProfile = { userId: string; name: string; email: string; avatar: string | null };
export type PresenceEntry = MemberProfile & { deviceId: string; device: PresenceDevice };

const fresh = sql`${table.seenAt} > now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`;
const stale = sql`${table.seenAt} <= now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`;

const announce = (accountId: string) => bus.publish(PRESENCE_TOPIC, { accountId });

/**
 * The list as one viewer may see it: the site's managers see members' e-mail addresses, other
 * members see names and avatars only (a student has no business collecting classmates' addresses).
 */
export function presenceFor(list: PresenceList, viewer: { seesEmails: boolean }): PresenceList {
  return viewer.seesEmails ? list : { ...list, online: list.online.map((o) => ({ ...o, email: "" })) };
}

export const presence = {
  /** Name and e-mail as this site knows the member, and their avatar; null when not a member. */
  async memberProfile(db: Db, accountId: string, userId: string): Promise<MemberProfile | null> {
    const [row] = await withTenant(db, accountId, (tx) =>
      tx
        .select({ userId: members.userId, name: members.name, email: members.email, avatar: users.image })
        .from(members)
        .innerJoin(users, eq(users.id, members.userId))
        .where(and(eq(members.accountId, accountId), eq(members.userId, userId))),
    );
    return row ?? null;
  },

  /**
   * Writes these devices as seen now by this process. A device id that a different person holds
   * live stays theirs (device ids come from browsers, so one cannot push another person out).
   * Announces a change when a device was not listed before; returns the devices refused.
   */
  async upsert(
    db: Db,
    accountId: string,
    processId: string,
    entries: PresenceEntry[],
    opts: { announce?: "always" | "when-new" } = {},
  ): Promise<{ taken: string[] }> {
    const unique = [...new Map(entries.map((e) => [e.deviceId, e])).values()];
    if (!unique.length) return { taken: [] };
    const written = await withTenant(db, accountId, (tx) =>
      tx
        .insert(table)
        .values(
          unique.map((e) => ({
            accountId,
            deviceId: e.deviceId,
            userId: e.userId,
            name: e.name,
            email: e.email,
            avatar: e.avatar,
            device: e.device,
            processId,
          })),
        )
        .onConflictDoUpdate({
          target: [table.accountId, table.deviceId],
          set: {
            userId: sql`excluded.user_id`,
            name: sql`excluded.name`,
            email: sql`excluded.email`,
            avatar: sql`excluded.avatar`,
            device: sql`excluded.device`,
            processId: sql`excluded.process_id`,
            seenAt: sql`now()`,
          },
          setWhere: sql`${table.userId} = excluded.user_id or ${stale}`,
        })
        // xmax = 0 only on a freshly inserted row: that device was not listed a moment ago.
        .returning({ deviceId: table.deviceId, inserted: sql<boolean>`(xmax = 0)` }),
    );
    const ok = new Set(written.map((w) => w.deviceId));
    const isNew = written.some((w) => w.inserted);
    if (opts.announce === "always" || isNew) await announce(accountId);
    return { taken: unique.filter((e) => !ok.has(e.deviceId)).map((e) => e.deviceId) };
  },

  /** The device's socket closed: its row goes, unless another process wrote it since. */
  async remove(db: Db, accountId: string, processId: string, deviceId: string): Promise<void> {
    const gone = await withTenant(db, accountId, (tx) =>
      tx
        .delete(table)
        .where(and(eq(table.accountId, accountId), eq(table.deviceId, deviceId), eq(table.processId, processId)))
        .returning({ deviceId: table.deviceId }),
    );
    if (gone.length) await announce(accountId);
  },

  /** Online devices of the site, by name; count is the number of distinct people. */
  async list(db: Db, accountId: string): Promise<PresenceList> {
    const rows = await withTenant(db, accountId, (tx) =>
      tx
        .select()
        .from(table)
        .where(and(eq(table.accountId, accountId), fresh))
        .orderBy(asc(table.name), asc(table.userId), asc(table.deviceId)),
    );
    const online = rows.map((r) => ({
      user_id: r.userId,
      name: r.name,
      email: r.email,
      avatar: r.avatar,
      device_id: r.deviceId,
      device: r.device,
      account_id: r.accountId,
    }));
    return { online, count: new Set(online.map((o) => o.user_id)).size };
  },

  /** Deletes rows nobody refreshed in time (a process that died) and tells their sites. */
  async sweep(db: Db): Promise<number> {
    const gone = await withPlatform(db, (tx) =>
      tx.delete(table).where(stale).returning({ accountId: table.accountId }),
    );
    for (const accountId of new Set(gone.map((g) => g.accountId))) await announce(accountId);
    return gone.length;
  },

  /** A process shutting down takes its devices with it. */
  async removeProcess(db: Db, processId: string): Promise<void> {
    const gone = await withPlatform(db, (tx) =>
      tx.delete(table).where(eq(table.processId, processId)).returning({ accountId: table.accountId }),
    );
    for (const accountId of new Set(gone.map((g) => g.accountId))) await announce(accountId);
  },
};
