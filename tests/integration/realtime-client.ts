// A browser's side of /api/realtime for tests: opens the socket on a site's host with a cookie and
// an Origin, keeps every frame it receives, and waits for the one a test expects.
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import { TEST_BASE, type TestPlatform } from "../support/platform";

// biome-ignore lint/suspicious/noExplicitAny: frames are JSON read field by field in assertions
export type Frame = Record<string, any>;

export type RealtimeClient = {
  ws: WebSocket;
  frames: Frame[];
  deviceId: string;
  sendPresence(deviceId?: string): void;
  /**
   * The first matching frame among those received from index `since` on (default: all, so a frame
   * that arrived before the call counts), or still to come; fails after 5 s.
   */
  next(match: (f: Frame) => boolean, opts?: { since?: number }): Promise<Frame>;
  close(): Promise<void>;
};

export const DEVICE = {
  browser: "Chrome",
  platform: "Linux",
  screenWidth: 1280,
  screenHeight: 800,
  deviceType: "desktop",
};

/** Opens the socket; resolves once open, or rejects with the HTTP status the server refused with. */
export function connect(
  t: Pick<TestPlatform, "port">,
  slug: string,
  opts: { cookie?: string; origin?: string | null } = {},
): Promise<RealtimeClient> {
  const host = `${slug}.${TEST_BASE}`;
  const headers: Record<string, string> = { host };
  if (opts.cookie) headers.cookie = opts.cookie;
  const origin = opts.origin === undefined ? `http://${host}` : opts.origin;
  const ws = new WebSocket(`ws://127.0.0.1:${t.port}/api/realtime`, { headers, ...(origin ? { origin } : {}) });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (data) => {
    frames.push(JSON.parse(String(data)));
    for (const w of waiters) w();
  });
  const client: RealtimeClient = {
    ws,
    frames,
    deviceId: randomUUID(),
    sendPresence(deviceId = client.deviceId) {
      ws.send(JSON.stringify({ type: "presence", device: { device_id: deviceId, ...DEVICE } }));
    },
    next(match, { since = 0 } = {}) {
      const ms = 5000;
      return new Promise((resolve, reject) => {
        let seen = since;
        const check = () => {
          for (; seen < frames.length; seen++) {
            if (match(frames[seen])) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(frames[seen]);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        if (ws.readyState === WebSocket.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("unexpected-response", (_req, res) =>
      reject(Object.assign(new Error("refused"), { status: res.statusCode })),
    );
    ws.once("error", reject);
  });
}

/** The HTTP status with which the server refused the upgrade. */
export async function refusal(promise: Promise<RealtimeClient>): Promise<number> {
  try {
    const c = await promise;
    await c.close();
    return 101;
  } catch (err) {
    return (err as { status?: number }).status ?? 0;
  }
}

/** A presence frame listing exactly these people (by user id). */
export const listsExactly = (userIds: string[]) => (f: Frame) =>
  f.type === "presence" &&
  JSON.stringify([...new Set(f.online.map((o: Frame) => o.user_id))].sort()) === JSON.stringify([...userIds].sort());
