// One DNS label: 1-63 characters, letters/digits/hyphens, no hyphen at either end.
const LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[a-zA-Z]{2,63}$`);
const MAX_DOMAIN_LENGTH = 253;

/** A fully qualified host name such as `school.example.com` (no scheme, port or path). */
export function isValidDomain(value: string | null | undefined): boolean {
  if (typeof value !== "string" || value.length > MAX_DOMAIN_LENGTH) return false;
  return DOMAIN_PATTERN.test(value);
}

/**
 * Canonical form of a Host header or typed-in domain, so tenant lookup by domain does not
 * depend on case, a trailing root dot or the port the request came in on.
 */
export function normalizeHost(host: string): string {
  let result = host.trim().toLowerCase();
  if (result.startsWith("[")) {
    // IPv6 literal: its colons are part of the address, only what follows "]" is a port.
    const end = result.indexOf("]");
    return end === -1 ? result : result.slice(0, end + 1);
  }
  const colon = result.indexOf(":");
  if (colon !== -1) result = result.slice(0, colon);
  return result.replace(/\.+$/, "");
}
