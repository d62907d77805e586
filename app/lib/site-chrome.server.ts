// What a tenant site's layout renders, read from the site's stored configuration (the pure part
// is app/lib/site-chrome.ts, which the site-admin previews share).
import type { AppLoadContext } from "react-router";
import { showsAdminToolbar } from "../../core/roles";
import { buildSiteChrome } from "./site-chrome";

export type { SiteChrome } from "./site-chrome";

export function siteChrome(context: AppLoadContext, pathname: string) {
  const { site } = context;
  const caps = context.member?.isOwner ? ["manage_options"] : (context.member?.caps ?? []);
  return buildSiteChrome(
    {
      settings: site.settings,
      menus: site.menus,
      header: site.header,
      footer: site.footer,
      theme: site.theme,
      misc: site.misc,
    },
    { slug: site.slug, accountId: site.accountId, pathname, adminToolbar: showsAdminToolbar(caps) },
  );
}
