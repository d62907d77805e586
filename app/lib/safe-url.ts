// Links and images a site owner typed in (menus, footer, logo) are shown to every visitor, so only
// web, mail and phone links and same-site paths are used; anything else (javascript:, data:…) is dropped.

const LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#|\?)/i;
const IMAGE = /^(https?:\/\/|\/(?!\/))/i;

/** The URL if it is safe to put in href, else null. Bare words ("about") are read as site paths. */
export function safeHref(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (LINK.test(value)) return value;
  if (/^[a-z0-9][\w\-./]*$/i.test(value) && !value.includes(":")) return `/${value}`;
  return null;
}

/** The URL if it is safe to use as an image source, else null. */
export function safeImageSrc(url: string | null | undefined): string | null {
  const value = url?.trim();
  return value && IMAGE.test(value) ? value : null;
}

/** Whether a link leaves this site (it then opens with rel="noopener"). */
export const isExternal = (href: string) => /^https?:\/\//i.test(href);

/** Only a CSS colour (hex, rgb/hsl functions or a plain name) may be used as a notice background. */
export function safeColor(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^#[0-9a-f]{3,8}$/i.test(v) || /^(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)$/i.test(v) || /^[a-z]{3,20}$/i.test(v)) {
    return v;
  }
  return undefined;
}
