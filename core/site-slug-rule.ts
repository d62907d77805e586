/**
 * Slugs that would collide with the platform's own sub-domains or look official to members.
 * A site slug becomes `{slug}.{baseDomain}`, so these must never be handed to a tenant.
 */
export const RESERVED_SLUGS: readonly string[] = [
  "www",
  "api",
  "app",
  "admin",
  "dashboard",
  "docs",
  "mail",
  "static",
  "assets",
  "platform",
  "staff",
  "help",
  "support",
  "status",
  "blog",
];

export const SITE_SLUG_MIN_LENGTH = 3;
export const SITE_SLUG_MAX_LENGTH = 40;

// Lowercase letters, digits and hyphens, 3-40 long, starting and ending with a letter or
// digit: always a valid DNS label, so `{slug}.{baseDomain}` resolves.
const SITE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

export function isReservedSlug(value: string): boolean {
  return RESERVED_SLUGS.includes(value);
}

export function isValidSiteSlug(value: string | null | undefined): boolean {
  if (typeof value !== "string") return false;
  return SITE_SLUG_PATTERN.test(value) && !isReservedSlug(value);
}
