// What a tenant site's layout renders, read from the site's stored configuration with every
// default filled in. A stored section that no longer matches its schema falls back to the
// defaults rather than breaking the site.
import type { AppLoadContext } from "react-router";
import { ZAccountFooter, ZAccountHeader, ZAccountMisc, ZAccountTheme } from "../../core/account";
import { showsAdminToolbar } from "../../core/roles";
import { isNoticeActive } from "./header-notice-rule";
import { buildMenuTree } from "./menu-tree";
import { safeColor, safeHref, safeImageSrc } from "./safe-url";

function parseOr<T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  return (result.success ? result.data : schema.safeParse({}).data) as T;
}

const validDate = (iso: string | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? iso : null);

/** Pages where the owner's scripts never run: a script there could read what people type. */
const SCRIPT_FREE = /^\/(login|signup)(\/|$)/;

export function siteChrome(context: AppLoadContext, pathname: string) {
  const { site } = context;
  const s = site.settings;
  const header = parseOr(ZAccountHeader, site.header);
  const footer = parseOr(ZAccountFooter, site.footer);
  const theme = parseOr(ZAccountTheme, site.theme);
  const misc = parseOr(ZAccountMisc, site.misc);
  const n = s.notices;
  const caps = context.member?.isOwner ? ["manage_options"] : (context.member?.caps ?? []);
  return {
    sitetitle: s.sitetitle,
    slug: site.slug,
    accountId: site.accountId,
    currency: s.currency,
    logo: safeImageSrc(s.logo),
    darkLogo: safeImageSrc(s.dark_logo),
    /** Spec §9: the stored logo width times 16 px. */
    logoWidth: s.logo_width * 16,
    header,
    bodyStyle: theme.bodyStyle,
    menus: {
      header: buildMenuTree(site.menus.header),
      mobile: buildMenuTree(site.menus.mobile?.length ? site.menus.mobile : site.menus.header),
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
    scripts: SCRIPT_FREE.test(pathname) ? "" : misc.scripts,
    adminToolbar: showsAdminToolbar(caps),
  };
}

export type SiteChrome = ReturnType<typeof siteChrome>;
