// One POST to a receiver, with the guards a server calling owners' URLs needs: a 10-second limit on
// the whole exchange, no redirects followed, and in production a refusal to connect to a private
// or link-local address, checked on the address the name resolved to (so a public name that
// resolves to 169.254.169.254 or 10.x is refused, whatever the URL looked like when saved).
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { DELIVERY_TIMEOUT_MS, isPrivateAddress } from "../../../core/webhooks";

export type PostResult = { statusCode: number | null; error: string | null; durationMs: number };

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup, refusing private answers (Node asks for one address or, with autoSelectFamily, all). */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, options.all ? [] : "", 4);
    const list = addresses as LookupAddress[];
    const blocked = list.find((a) => isPrivateAddress(a.address));
    if (blocked || list.length === 0) {
      const refusal = Object.assign(new Error(`refused: ${hostname} resolves to a private address`), {
        code: "EPRIVATEADDRESS",
      });
      return callback(refusal, options.all ? [] : "", 4);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

export function postJson(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: {
    production: boolean;
    timeoutMs?: number;
    /** A caller's own address guard, used instead of the production one (automations guard everywhere). */
    lookup?: LookupFunction;
  },
): Promise<PostResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ statusCode, error: error?.slice(0, 500) ?? null, durationMs: took() });
    };
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return resolve({ statusCode: null, error: "invalid URL", durationMs: 0 });
    }
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      ...(opts.lookup
        ? { lookup: opts.lookup }
        : opts.production
          ? { lookup: guardedLookup as unknown as LookupFunction }
          : {}),
      agent: false,
    });
    const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on("response", (res) => {
      // The receiver's body is not kept: read and dropped, so the socket closes cleanly.
      res.resume();
      res.on("end", () => finish(res.statusCode ?? null, null));
      res.on("error", () => finish(res.statusCode ?? null, null));
    });
    req.on("error", (err) => finish(null, err.message || String(err)));
    req.end(body);
  });
}
