// Which host a request names, from one source only. Browsers name it in the Host header; behind a
// trusted reverse proxy (TRUST_PROXY) it is the X-Forwarded-Host the proxy wrote. An absolute-form
// request target (`GET http://b.example/ HTTP/1.1`) names a host as well, and the HTTP server
// builds the request URL from it: if it is not the Host header's, the request is refused, so the
// site, the session, the auth library and the rendered page can never each see a different host.

export type HostDecision = { ok: true; host: string } | { ok: false; reason: string };

// Labels, an optional trailing dot, an optional port; never a user, path or second host ("a@b", "a/b").
const HOST_SYNTAX = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

/** The host in the form `new URL(…).host` gives it: lower case, without the scheme's default port. */
function normalise(raw: string, protocol: string): string | null {
  const host = raw.trim().toLowerCase();
  if (!HOST_SYNTAX.test(host)) return null;
  const port = DEFAULT_PORT[protocol];
  return port && host.endsWith(`:${port}`) ? host.slice(0, -(port.length + 1)) : host;
}

/**
 * The host this request is for. In-process requests (tests) carry no Host header: their URL is
 * the only source there is.
 */
export function requestHost(url: string, headers: Headers, trustProxy: boolean): HostDecision {
  const target = new URL(url);
  const hostHeader = headers.get("host");
  let host = target.host;
  if (hostHeader !== null) {
    const named = normalise(hostHeader, target.protocol);
    if (!named) return { ok: false, reason: "The Host header is not a host name" };
    if (named !== target.host)
      return { ok: false, reason: "The request target names another host than the Host header" };
    host = named;
  }
  if (trustProxy) {
    // The proxy appends to what the client sent, so only the last entry is the proxy's own.
    const forwarded = headers.get("x-forwarded-host")?.split(",").at(-1);
    if (forwarded !== undefined) {
      const named = normalise(forwarded, target.protocol);
      if (!named) return { ok: false, reason: "The X-Forwarded-Host header is not a host name" };
      host = named;
    }
  }
  return { ok: true, host };
}
