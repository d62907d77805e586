// The trigger_webhook action: one signed POST of the run to the owner's URL. Unlike the site's
// webhook endpoints (which only guard in production), an automation's URL is refused in every
// environment when it is, or resolves to, a private, loopback, link-local or otherwise non-public
// address, checked both on a literal IP in the URL and on every address the name resolves to at
// connect time. Loopback can be allowed by AUTOMATION_WEBHOOK_ALLOW_LOOPBACK for a local receiver.
// The signature is the one site endpoints use (Atrium-Signature, HMAC-SHA256 over "t.body"), under
// the site's automation webhook secret, kept in the site option `automations.webhook_secret` and
// made on first use.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { options as optionsTable } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { newWebhookSecret, postJson, signatureHeader } from "../webhooks";

/** The site option holding the secret automation webhooks are signed with. */
export const WEBHOOK_SECRET_OPTION = "automations.webhook_secret";

/** Resolves a name to all its addresses (dns.lookup with all: true; injected by tests). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/**
 * Why the server must not call this IP, or null when it may: anything but a public unicast
 * address (IPv4 written as IPv6 is judged as the IPv4 it is). Loopback passes when allowed.
 */
export function addressRefusal(ip: string, allowLoopback: boolean): string | null {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return "not an IP address";
  const addr = ipaddr.process(bare);
  const range = addr.range();
  if (range === "unicast") return null;
  if (range === "loopback" && allowLoopback) return null;
  return `${range} address`;
}

/** Whether a URL's host is an IP literal (then no look-up happens: the literal itself is checked). */
const literalIp = (hostname: string) => {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) ? bare : null;
};

/**
 * Checks the URL's target before posting: its scheme, a literal IP, or every address its name
 * resolves to. Returns the refusal or null. The connect-time look-up checks again (rebinding).
 */
export async function targetRefusal(
  rawUrl: string,
  opts: { allowLoopback: boolean; resolve?: Resolve },
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return "invalid URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "only http and https URLs";
  const ip = literalIp(url.hostname);
  if (ip) {
    const why = addressRefusal(ip, opts.allowLoopback);
    return why ? `refused: ${ip} is a ${why}` : null;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await (opts.resolve ?? systemResolve)(url.hostname);
  } catch (err) {
    return `${url.hostname} does not resolve (${(err as NodeJS.ErrnoException).code ?? "error"})`;
  }
  if (addresses.length === 0) return `${url.hostname} does not resolve`;
  for (const a of addresses) {
    const why = addressRefusal(a.address, opts.allowLoopback);
    if (why) return `refused: ${url.hostname} resolves to ${a.address}, a ${why}`;
  }
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The connect-time look-up: the same refusal on the addresses the socket would really use. */
function guardedLookup(allowLoopback: boolean, resolve: Resolve): LookupFunction {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (list) => {
        const blocked = list.find((a) => addressRefusal(a.address, allowLoopback));
        if (blocked || list.length === 0) {
          const refusal = Object.assign(new Error(`refused: ${hostname} resolves to a non-public address`), {
            code: "EPRIVATEADDRESS",
          });
          return callback(refusal, options.all ? [] : "", 4);
        }
        if (options.all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      },
      (err) => callback(err, options.all ? [] : "", 4),
    );
  };
  return lookup as unknown as LookupFunction;
}

/** The site's automation webhook secret, made on first use (two runs at once keep the first one). */
export async function siteWebhookSecret(db: Db, accountId: string): Promise<string> {
  return withTenant(db, accountId, async (tx) => {
    await tx
      .insert(optionsTable)
      .values({ accountId, key: WEBHOOK_SECRET_OPTION, value: newWebhookSecret() })
      .onConflictDoNothing({ target: [optionsTable.accountId, optionsTable.key] });
    const [row] = await tx
      .select({ value: optionsTable.value })
      .from(optionsTable)
      .where(and(eq(optionsTable.accountId, accountId), eq(optionsTable.key, WEBHOOK_SECRET_OPTION)));
    return String(row.value);
  });
}

export type WebhookBody = {
  id: string;
  automation: { id: string; name: string };
  trigger: string;
  event: Record<string, unknown>;
  person: { userId: string | null; email: string | null };
  sent_at: string;
};

/**
 * Posts the body signed; resolves with a message for the run log on a 2xx and throws otherwise
 * (refused address, timeout, a redirect — never followed — or any other status).
 */
export async function postAutomationWebhook(
  url: string,
  body: WebhookBody,
  opts: { secret: string; allowLoopback: boolean; resolve?: Resolve; timeoutMs?: number },
): Promise<string> {
  const resolve = opts.resolve ?? systemResolve;
  const refusal = await targetRefusal(url, { allowLoopback: opts.allowLoopback, resolve });
  if (refusal) throw new Error(refusal);
  const json = JSON.stringify(body);
  const result = await postJson(
    url,
    json,
    {
      "content-type": "application/json",
      "user-agent": "Atrium-Automations/1",
      "atrium-signature": signatureHeader(opts.secret, Math.floor(Date.now() / 1000), json),
      "atrium-run-id": body.id,
    },
    { production: true, lookup: guardedLookup(opts.allowLoopback, resolve), timeoutMs: opts.timeoutMs },
  );
  if (result.error) throw new Error(`webhook failed: ${result.error}`);
  const status = result.statusCode ?? 0;
  if (status >= 300 && status < 400) throw new Error(`webhook answered a redirect (${status}), not followed`);
  if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
  return `webhook answered ${status}`;
}
