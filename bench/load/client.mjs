// The HTTP side of a simulated member: requests to 127.0.0.1 with the site's Host header, spread
// round-robin over the web processes, a cookie jar per member, redirects not followed (a 3xx is
// an answer like any other), and each request timed and recorded under the action's name.
import { Agent, request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

const REQUEST_TIMEOUT_MS = 30_000;
const IDLE_SOCKET_MS = 4_000;

/** Latencies, counts and errors per action. */
export class Recorder {
  constructor() {
    this.actions = new Map();
    this.errorSamples = new Map();
    this.recording = true;
  }

  stat(action) {
    let s = this.actions.get(action);
    if (!s) {
      s = { latencies: [], count: 0, errors: 0, retried: 0, statuses: {} };
      this.actions.set(action, s);
    }
    return s;
  }

  record(action, ms, status, error, retried = false) {
    if (!this.recording) return;
    const s = this.stat(action);
    s.count++;
    if (retried) s.retried++;
    s.latencies.push(ms);
    const key = status ? String(status) : "network";
    s.statuses[key] = (s.statuses[key] ?? 0) + 1;
    if (error) {
      s.errors++;
      // The first few distinct errors, by action and message, with how often each came back.
      const id = `${action}: ${error}`;
      const seen = this.errorSamples.get(id);
      if (seen) seen.count++;
      else if (this.errorSamples.size < 50) this.errorSamples.set(id, { action, error, count: 1 });
    }
  }
}

/**
 * One keep-alive agent per web process; `next()` hands them out in turn. An idle connection is
 * closed by the client after 4 s, before the server's own 5 s keep-alive timeout, so that a request
 * is never sent on a connection the server is closing at that moment.
 */
export function targets(ports) {
  const list = ports.map((port) => ({
    port,
    agent: new Agent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_SOCKET_MS }),
  }));
  let i = 0;
  return {
    next: () => list[i++ % list.length],
    destroy: () => {
      for (const t of list) t.agent.destroy();
    },
  };
}

export class Session {
  constructor({ host, scheme = "http", pool, recorder }) {
    this.host = host;
    this.origin = `${scheme}://${host}`;
    this.pool = pool;
    this.recorder = recorder;
    this.cookies = new Map();
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  keepCookies(setCookie) {
    for (const c of setCookie ?? []) {
      const [pair, ...attrs] = c.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=(0|-)/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Sends one request and records it as `action`. Resolves with { status, body, ok } and never
   * rejects: a network error is recorded and returned as status 0. Any status outside 2xx/3xx is
   * an error; `expect` may narrow that (a signed-in page answering a redirect to /login).
   */
  send(action, { method = "GET", path, json, headers = {}, expect = (status) => status >= 200 && status < 400 }) {
    const target = this.pool.next();
    const payload = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const all = {
      host: this.host,
      accept: path.startsWith("/api/") ? "application/json" : "text/html",
      "accept-encoding": "br, gzip",
      ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
      ...(method !== "GET" ? { origin: this.origin } : {}),
      ...headers,
    };
    const cookie = this.cookieHeader();
    if (cookie) all.cookie = cookie;
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    return new Promise((resolve) => {
      let settled = false;
      let retried = false;
      const done = (status, body, error) => {
        if (settled) return;
        settled = true;
        const ms = elapsed();
        this.recorder.record(action, ms, status, error, retried);
        resolve({ status, body, ok: !error, ms });
      };
      const attempt = () => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: target.port,
            method,
            path,
            headers: all,
            agent: target.agent,
            timeout: REQUEST_TIMEOUT_MS,
          },
          (res) => {
            const chunks = [];
            res.on("data", (c) => chunks.push(c));
            res.on("error", (err) => done(0, Buffer.alloc(0), `${method} ${path}: ${err.message}`));
            res.on("end", () => {
              this.keepCookies(res.headers["set-cookie"]);
              const status = res.statusCode ?? 0;
              const body = Buffer.concat(chunks);
              const why = res.headers.location ? `to ${res.headers.location}` : snippet(body, res.headers);
              done(status, body, expect(status) ? null : `${method} ${shortPath(path)} → ${status} ${why}`);
            });
          },
        );
        req.on("timeout", () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
        req.on("error", (err) => {
          // A kept-alive connection the server closed just as the request went out: a browser
          // sends the request again on a new connection, once (Node's documented pattern).
          if (req.reusedSocket && err.code === "ECONNRESET" && !retried) {
            retried = true;
            attempt();
            return;
          }
          done(0, Buffer.alloc(0), `${method} ${shortPath(path)}: ${err.message}`);
        });
        if (payload) req.write(payload);
        req.end();
      };
      attempt();
    });
  }
}

/** The path with ids and query values replaced, so that one error is one line however often it comes. */
function shortPath(path) {
  return path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ":id").replace(/=[^&]*/g, "=…");
}

/** The start of an error body, decompressed when it came compressed. */
function snippet(body, headers) {
  let text = body;
  try {
    if (headers["content-encoding"] === "br") text = brotliDecompressSync(body);
    else if (headers["content-encoding"] === "gzip") text = gunzipSync(body);
  } catch {
    return `(${body.length} bytes that would not decompress)`;
  }
  return text.toString("utf8").replace(/\s+/g, " ").slice(0, 160);
}
