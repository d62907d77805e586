// The origins a site owner allows their scripts and embeds to load from (the site's
// Content-Security-Policy allow-list). An entry is exactly an origin — scheme, host, optional port —
// or a wildcard for every subdomain of a host (`https://*.example.com`): nothing that could carry a
// path, a keyword or a second directive into the policy.

const ORIGIN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?\/?$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const DEFAULT_PORT: Record<string, string> = { "http:": "80", "https:": "443" };

export const MAX_SOURCE_ORIGINS = 30;

/**
 * The normalised origin (`https://cdn.example.com`, `https://*.example.com`, `http://127.0.0.1:8080`),
 * or null when the text is anything else: another scheme, a path, a query, a bare `*`, a keyword.
 * International host names become their ASCII (punycode) form, as browsers compare them.
 */
export function parseSourceOrigin(text: string): string | null {
  const raw = text.trim().toLowerCase();
  // The URL parser forgives too much (backslashes, stray slashes, user info); the text itself must
  // have an origin's shape before it is normalised.
  const shape = /^(https?):\/\/(\*\.)?([^\s/\\:?#@*'";,]+)(?::(\d{1,5}))?\/?$/.exec(raw);
  if (!shape || raw.length > 255) return null;
  const [, scheme, wildcard, host, port] = shape;
  let url: URL;
  try {
    url = new URL(`${scheme}://${host}${port ? `:${port}` : ""}`);
  } catch {
    return null;
  }
  const ascii = url.hostname;
  if (!ascii.split(".").every((label) => LABEL.test(label))) return null;
  if (wildcard && !ascii.includes(".")) return null;
  return `${url.protocol}//${wildcard ?? ""}${ascii}${url.port ? `:${url.port}` : ""}`;
}

/** Does the allowed origin cover this absolute URL? (CSP's host-source match, for origins.) */
export function originCovers(allowed: string, target: URL): boolean {
  const m = ORIGIN.exec(allowed);
  if (!m) return false;
  const [, scheme, wildcard, host, port] = m;
  // An http:// source also covers the same host over https (CSP level 3), never the reverse.
  if (target.protocol !== `${scheme}:` && !(scheme === "http" && target.protocol === "https:")) return false;
  const targetHost = target.hostname;
  if (wildcard ? !targetHost.endsWith(`.${host}`) : targetHost !== host) return false;
  const targetPort = target.port || DEFAULT_PORT[target.protocol];
  const allowedPort = port ?? DEFAULT_PORT[`${scheme}:`];
  return targetPort === allowedPort || (!port && scheme === "http" && targetPort === "443");
}

/** Each line of a text area as an origin; the lines that are not origins come back as they were. */
export function parseOriginLines(text: string): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const origin = parseSourceOrigin(line);
    if (origin === null) invalid.push(line.trim());
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid };
}
