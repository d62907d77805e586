// The WebSockets this web process holds, by site. Presence and notifications reach them through
// the bus, so a change made in any process (or by a job) reaches every open page of the site: the
// process that hears "presence changed for site X" re-reads X's presence and pushes it to its own
// sockets of X. Sockets are pinged every 25 s; one that misses a beat is closed, and the devices of
// the rest are written as still here.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { WebSocket } from "ws";
import type { Db } from "../db/client";
import { CHAT_TOPIC, type ChatEvent, messageService } from "../modules/chats";
import { NOTIFICATION_TOPIC } from "../modules/notifications";
import {
  type MemberProfile,
  PRESENCE_TOPIC,
  type PresenceDevice,
  type PresenceEntry,
  type PresenceList,
  presence,
  presenceFor,
} from "../modules/presence";
import { bus } from "./bus";
import { parseClientMessage, type ServerMessage } from "./protocol";

export const HEARTBEAT_MS = 25_000;
/** A browser announces itself once per socket; more often than this is a loop or abuse. */
const PRESENCE_MIN_INTERVAL_MS = 1000;

export type Connection = {
  ws: WebSocket;
  accountId: string;
  profile: MemberProfile;
  /** Managers see members' e-mail addresses in the presence list; other members see names only. */
  seesEmails: boolean;
  deviceId: string | null;
  device: PresenceDevice | null;
  alive: boolean;
  lastPresenceAt: number;
};

const OPEN = 1;

export class RealtimeHub {
  readonly processId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly sites = new Map<string, Set<Connection>>();
  /** Sites whose presence is being re-read; true = changed again meanwhile, read once more. */
  private readonly refreshing = new Map<string, boolean>();
  /**
   * Writes about one device run one after another: a reload closes the old socket and opens a new
   * one with the same device id, and the old socket's removal must not land after the new one's
   * upsert (the device would vanish until the next heartbeat).
   */
  private readonly lanes = new Map<string, Promise<unknown>>();
  private readonly stops: (() => void)[];
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private beating = false;

  constructor(
    private readonly db: Db,
    opts: { heartbeatMs?: number } = {},
  ) {
    this.stops = [
      bus.on(PRESENCE_TOPIC, (d) => this.onPresenceChanged(d as { accountId?: string })),
      bus.on(NOTIFICATION_TOPIC, (d) =>
        this.onNotification(d as { accountId?: string; userId?: string; userIds?: string[] }),
      ),
      bus.on(CHAT_TOPIC, (d) => void this.guard(this.onChat(d as ChatEvent))),
      bus.onResync(() => this.resync()),
    ];
    // A beat that is still writing when the next is due lets that one pass: on a slow database the
    // beats would otherwise queue up behind each other and every other query behind them.
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = true;
      void this.guard(this.heartbeat()).finally(() => {
        this.beating = false;
      });
    }, opts.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  add(ws: WebSocket, who: { accountId: string; profile: MemberProfile; seesEmails: boolean }): Connection {
    const conn: Connection = { ws, ...who, deviceId: null, device: null, alive: true, lastPresenceAt: 0 };
    let site = this.sites.get(who.accountId);
    if (!site) {
      site = new Set();
      this.sites.set(who.accountId, site);
    }
    site.add(conn);
    ws.on("pong", () => {
      conn.alive = true;
    });
    ws.once("close", () => this.remove(conn));
    return conn;
  }

  /** One text frame from the browser. */
  receive(conn: Connection, raw: unknown) {
    void this.guard(this.handle(conn, raw));
  }

  /** The socket closed: forget it and, when no other socket here holds its device, the device. */
  private remove(conn: Connection) {
    const site = this.sites.get(conn.accountId);
    site?.delete(conn);
    if (site && site.size === 0) this.sites.delete(conn.accountId);
    if (conn.deviceId && !this.closed) void this.guard(this.release(conn.accountId, conn.deviceId));
  }

  /** Runs `work` after every earlier write about the same device of the same site. */
  private inLane<T>(accountId: string, deviceId: string, work: () => Promise<T>): Promise<T> {
    return this.inOrder(`${accountId} ${deviceId}`, work);
  }

  /** Runs `work` after every earlier work of the same key. */
  private inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.lanes.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.lanes.set(key, run);
    void run
      .finally(() => {
        if (this.lanes.get(key) === run) this.lanes.delete(key);
      })
      .catch(() => undefined);
    return run;
  }

  /** Closes every socket and removes this process's devices; the web process is stopping. */
  async close() {
    this.closed = true;
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
    for (const site of this.sites.values()) for (const conn of site) conn.ws.terminate();
    this.sites.clear();
    await presence.removeProcess(this.db, this.processId).catch(() => undefined);
  }

  private async handle(conn: Connection, raw: unknown) {
    const parsed = parseClientMessage(typeof raw === "string" ? raw : "");
    if (!parsed.ok) return send(conn, { type: "error", code: "invalid_message", message: parsed.why });
    const now = Date.now();
    if (now - conn.lastPresenceAt < PRESENCE_MIN_INTERVAL_MS) {
      return send(conn, { type: "error", code: "rate_limited", message: "Presence is sent once per connection" });
    }
    conn.lastPresenceAt = now;
    const { device_id, ...device } = parsed.message.device;
    const previous = conn.deviceId;
    conn.deviceId = device_id;
    conn.device = device;
    if (previous && previous !== device_id) await this.release(conn.accountId, previous);
    // "always": the sender gets the list right after its message, even when it was listed already.
    const entry = entryOf(conn);
    const { taken } = await this.inLane(conn.accountId, device_id, () =>
      presence.upsert(this.db, conn.accountId, this.processId, [entry], { announce: "always" }),
    );
    if (taken.length) {
      conn.deviceId = null;
      send(conn, { type: "error", code: "device_taken", message: "This device id is in use by someone else" });
    }
  }

  /** Removes the device unless another socket here holds it by the time the removal runs. */
  private release(accountId: string, deviceId: string) {
    return this.inLane(accountId, deviceId, async () => {
      const stillHeld = [...(this.sites.get(accountId) ?? [])].some((c) => c.deviceId === deviceId);
      if (!stillHeld) await presence.remove(this.db, accountId, this.processId, deviceId);
    });
  }

  private async heartbeat() {
    for (const [accountId, site] of this.sites) {
      const entries: PresenceEntry[] = [];
      for (const conn of site) {
        if (!conn.alive) {
          conn.ws.terminate(); // its close event removes it
          continue;
        }
        if (conn.ws.readyState !== OPEN) continue; // closing: its close event is on the way
        conn.alive = false;
        conn.ws.ping();
        if (conn.deviceId) entries.push(entryOf(conn));
      }
      await presence.upsert(this.db, accountId, this.processId, entries, { announce: "when-new" });
    }
    await presence.sweep(this.db);
  }

  private onPresenceChanged({ accountId }: { accountId?: string }) {
    if (!accountId || !this.sites.has(accountId) || this.closed) return;
    if (this.refreshing.has(accountId)) {
      this.refreshing.set(accountId, true);
      return;
    }
    this.refreshing.set(accountId, false);
    void this.guard(this.refresh(accountId));
  }

  private async refresh(accountId: string) {
    try {
      do {
        this.refreshing.set(accountId, false);
        const list = await presence.list(this.db, accountId);
        for (const conn of this.sites.get(accountId) ?? []) send(conn, presenceMessage(list, conn.seesEmails));
      } while (this.refreshing.get(accountId));
    } finally {
      this.refreshing.delete(accountId);
    }
  }

  /**
   * The bus was away, so presence changes and notifications announced by other processes may have
   * been missed: every open page gets its site's list again and is told to re-read its notifications.
   */
  private resync() {
    if (this.closed) return;
    for (const [accountId, site] of this.sites) {
      this.onPresenceChanged({ accountId });
      for (const conn of site) send(conn, { type: "notification" });
    }
  }

  private onNotification({ accountId, userId, userIds }: { accountId?: string; userId?: string; userIds?: string[] }) {
    const who = new Set(Array.isArray(userIds) ? userIds : userId ? [userId] : []);
    if (!accountId || !who.size) return;
    for (const conn of this.sites.get(accountId) ?? []) {
      if (who.has(conn.profile.userId)) send(conn, { type: "notification" });
    }
  }

  /**
   * A message was sent, removed or read in a chat: the sockets of the members it names hear it. What
   * was too large for the bus is read once here: the chat's members (an event that names nobody is
   * for all of them), then the message (it came as an id). A chat's events reach the sockets in the
   * order they came, even when one of them waits for such a read.
   */
  private onChat(e: ChatEvent) {
    if (!e?.accountId || typeof e.chatId !== "string" || !this.sites.has(e.accountId)) return Promise.resolve();
    return this.inOrder(`chat ${e.accountId} ${e.chatId}`, () => this.deliverChat(e));
  }

  private async deliverChat(e: ChatEvent) {
    const site = this.sites.get(e.accountId);
    if (!site) return;
    const userIds = Array.isArray(e.userIds)
      ? e.userIds
      : await messageService.memberIds(this.db, e.accountId, e.chatId);
    const who = new Set(userIds);
    const conns = [...site].filter((c) => who.has(c.profile.userId));
    if (!conns.length) return;
    let message = e.message ?? null;
    if (!message && e.messageId && e.event !== "read")
      message = await messageService.one(this.db, e.accountId, e.messageId);
    // One serialisation for every socket.
    const frame = JSON.stringify({ type: "chat", event: e.event, chat_id: e.chatId, message } satisfies ServerMessage);
    for (const conn of conns) if (conn.ws.readyState === OPEN) conn.ws.send(frame);
  }

  /** Errors of background work are logged, never thrown into the socket library. */
  private async guard(work: Promise<unknown>) {
    try {
      await work;
    } catch (err) {
      if (!this.closed) console.error("[realtime]", err);
    }
  }
}

const entryOf = (conn: Connection): PresenceEntry => ({
  ...conn.profile,
  deviceId: conn.deviceId!,
  device: conn.device!,
});

function presenceMessage(list: PresenceList, seesEmails: boolean): ServerMessage {
  const { online, count } = presenceFor(list, { seesEmails });
  return { type: "presence", channel: "onlineUsers", online, count };
}

function send(conn: Connection, message: ServerMessage) {
  if (conn.ws.readyState === OPEN) conn.ws.send(JSON.stringify(message));
}
