// A webhook receiver on 127.0.0.1 for tests: it keeps every request (headers and raw body) and
// answers with the statuses it is given in turn (200 once they run out).
import { createServer, type IncomingHttpHeaders } from "node:http";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order. */
  answer(...statuses: number[]): void;
  /** Waits until `count` requests have arrived (or fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = "/hooks"): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(statuses.shift() ?? 200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...s) => void statuses.push(...s),
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} of ${count} requests`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
