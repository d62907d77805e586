// What a tenant site's layout renders, worked out from the site's configuration with every default
// filled in. Pure: the server builds it from the stored configuration (site-chrome.server.ts) and
// the site-admin screens build it from the form's unsaved values for their live preview. A section
// that does not match its schema falls back to the defaults rather than breaking the site.
import { ZAccountFooter, ZAccountHeader, ZAccountMisc, ZAccountTheme, type AccountSettings } from "../../core/account";
import { findFont, fontStylesheetPath } from "../../core/fonts";
import { ownerScriptsRunOn } from "../../core/owner-scripts";
import { isNoticeActive } from "./header-notice-rule";
import { buildMenuTree } from "./menu-tree";
import { safeColor, safeHref, safeImageSrc } from "./safe-url";

function parseOr<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  return (result.success ? result.data : schema.safeParse({}).data) as T;
}

const validDate = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? iso : null);

export type ChromeSource = {
  settings: Pick<AccountSettings, "sitetitle" | "currency" | "logo" | "dark_logo" | "logo_width" | "notices">;
  menus: { header?: unknown[] | null; mobile?: unknown[] | null };
  header: unknown;
  footer: unknown;
  theme: unknown;
  misc: unknown;
};

export type ChromeOptions = {
  slug: string;
  accountId: string;
  /** The page being rendered: no owner scripts on the sign-in pages. */
  pathname: string;
  adminToolbar: boolean;
};

type Menu = Parameters<typeof buildMenuTree>[0];

/** The chosen font and primary colour (null: the platform's defaults), from the stored theme. */
export function siteTheme(stored: unknown) {
  const theme = parseOr(ZAccountTheme, stored);
  const font = findFont(theme.font);
  return {
    fontFamily: font?.family ?? null,
    fontStylesheet: font ? fontStylesheetPath(font.value) : null,
    primaryColor: safeColor(theme.colors?.primary) ?? null,
  };
}

export type SiteTheme = ReturnType<typeof siteTheme>;

export function buildSiteChrome(source: ChromeSource, options: ChromeOptions) {
  const s = source.settings;
  const header = parseOr(ZAccountHeader, source.header);
  const footer = parseOr(ZAccountFooter, source.footer);
  const theme = parseOr(ZAccountTheme, source.theme);
  const misc = parseOr(ZAccountMisc, source.misc);
  const n = s.notices;
  const headerMenu = (source.menus.header ?? []) as Menu;
  const mobileMenu = (source.menus.mobile ?? []) as Menu;
  return {
    sitetitle: s.sitetitle,
    slug: options.slug,
    accountId: options.accountId,
    currency: s.currency,
    logo: safeImageSrc(s.logo),
    darkLogo: safeImageSrc(s.dark_logo),
    /** Spec §9: the stored logo width times 16 px. */
    logoWidth: s.logo_width * 16,
    header,
    bodyStyle: theme.bodyStyle,
    theme: siteTheme(source.theme),
    menus: {
      header: buildMenuTree(headerMenu),
      mobile: buildMenuTree(mobileMenu?.length ? mobileMenu : headerMenu),
    },
    footer: {
      style: footer.footer_style,
      columns: footer.footer_columns.map((c) => ({
        title: c.title,
        width: c.width,
        text: typeof c.data === "string" ? c.data : null,
        links:
          typeof c.data === "string"
            ? []
            : c.data.flatMap((l) => {
                const href = safeHref(l.url);
                return href ? [{ label: l.label, href }] : [];
              }),
      })),
      bottom: footer.footer_bottom,
      bottomLinks: footer.footer_bottom_links.flatMap((l) => {
        const href = safeHref(l.url);
        return href ? [{ label: l.label, href }] : [];
      }),
    },
    headerNotice:
      n.enable_header_notice && n.header_notice.trim()
        ? {
            text: n.header_notice,
            background: safeColor(n.header_notice_bg) ?? null,
            start: validDate(n.header_notice_start),
            expire: validDate(n.header_notice_expire),
            activeAtRender: isNoticeActive({
              start: validDate(n.header_notice_start),
              expire: validDate(n.header_notice_expire),
            }),
          }
        : null,
    footerNotice:
      n.enable_footer_notice && n.footer_notice.trim()
        ? { text: n.footer_notice, background: safeColor(n.footer_notice_bg) ?? null }
        : null,
    scripts: ownerScriptsRunOn(options.pathname) ? misc.scripts : "",
    adminToolbar: options.adminToolbar,
  };
}

export type SiteChrome = ReturnType<typeof buildSiteChrome>;
