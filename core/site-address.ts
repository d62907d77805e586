// §5 custom domain: a hostname-like value whose top-level ending is 2 to 6 letters, with
// letters and digits joined by hyphen, dot or space. Spaces are accepted because the spec
// says so; a domain that will not resolve simply never receives traffic.
const CUSTOM_DOMAIN_PATTERN = /^[a-zA-Z0-9]+(?:[-. ][a-zA-Z0-9]+)*\.[a-zA-Z]{2,6}$/;
const MAX_DOMAIN_LENGTH = 253;

export function isAcceptableCustomDomain(value: string | null | undefined): boolean {
  if (typeof value !== "string" || value.length > MAX_DOMAIN_LENGTH) return false;
  return CUSTOM_DOMAIN_PATTERN.test(value);
}

export interface SiteAddressSource {
  slug: string;
  domain?: string | null;
}

/**
 * The host a site is served on: its own domain when that passes the custom-domain rule,
 * otherwise its slug under the product's base domain.
 */
export function siteAddress(site: SiteAddressSource, baseDomain: string): string {
  const domain = site.domain?.trim();
  if (domain && isAcceptableCustomDomain(domain)) return domain.toLowerCase();
  return `${site.slug}.${baseDomain}`;
}
