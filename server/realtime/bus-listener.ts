// The LISTEN side of the change bus: one dedicated connection per process. PostgreSQL may end it
// at any time (a failover, a restart, an administrator); it is then opened again at once and
// with backoff, and because NOTIFY is not queued for a listener that is away, whatever was
// announced meanwhile is lost: `recovered` tells the caches to drop what they may hold stale.
import pg from "pg";
import { poolOptions } from "../db/connection-loss";
import type { Log } from "../log";

export type ListenerOptions = {
  url: string;
  channel: string;
  log: Log;
  onMessage(payload: string): void;
  /** The connection is back after a loss: messages may have been missed. */
  onRecovered(): void;
  /** First retry after this long, doubling up to `maxDelayMs` (each with jitter). */
  firstDelayMs?: number;
  maxDelayMs?: number;
};

export class BusListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private lostAt = 0;
  private lastFailureLogged = 0;

  constructor(private readonly opts: ListenerOptions) {}

  /** Whether the LISTEN connection is up, so every announced change is heard. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Opens the first connection; fails when the database cannot be reached at start. */
  start(): Promise<void> {
    return this.open();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private async open() {
    const { url, channel } = this.opts;
    const client = new pg.Client({ ...poolOptions(url, `atrium bus listener ${process.pid}`) });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client));
    client.on("notification", (n) => {
      if (n.payload) this.opts.onMessage(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /** Only the live connection counts: a failed attempt and the second event of a loss are ignored. */
  private lost(client: pg.Client, err?: Error) {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.lostAt = Date.now();
    this.opts.log.warn(
      `[bus] lost the LISTEN connection (${err?.message ?? "closed"}); changes made by other processes are not heard until it is back`,
    );
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry() {
    const first = this.opts.firstDelayMs ?? 100;
    const max = this.opts.maxDelayMs ?? 5_000;
    const delay = Math.min(max, first * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts++;
    this.timer = setTimeout(() => void this.reconnect(), delay);
    this.timer.unref();
  }

  private async reconnect() {
    this.timer = null;
    if (this.stopped) return;
    try {
      await this.open();
    } catch (err) {
      if (Date.now() - this.lastFailureLogged > 30_000) {
        this.lastFailureLogged = Date.now();
        this.opts.log.warn(`[bus] reconnecting the LISTEN connection failed (${(err as Error).message}); retrying`);
      }
      this.retry();
      return;
    }
    if (!this.client) return;
    const seconds = ((Date.now() - this.lostAt) / 1000).toFixed(1);
    this.opts.log.info(
      `[bus] LISTEN connection back after ${seconds} s (${this.attempts} attempt${this.attempts === 1 ? "" : "s"}); dropping cached sites and pages that may have missed changes`,
    );
    this.attempts = 0;
    this.opts.onRecovered();
  }
}
