// Everything the dashboard shell shows around a page: the menus for this person on this site,
// their notifications, where 'View site' goes, and which top-bar tools exist.
import { planAllows } from "../../core/plans";
import type { AppLoadContext } from "react-router";
import { siteHasFeature } from "../../core/features";
import { applyMenuPreference, type MenuInput, profileMenu, quickCreateMenu, sidebarMenu } from "../../core/menus";
import { isManager, showsAdminQuickMenu } from "../../core/roles";
import { routeExists, routeExistsOn } from "./implemented-routes";
import { INBOX_PAGE, type Inbox, type NotificationList, splitInbox, toInboxItem } from "./notifications";

/** The owner holds every capability on their site, whatever their role row says. */
export function effectiveCaps(context: AppLoadContext): string[] {
  const caps = context.member?.caps ?? [];
  return context.member?.isOwner ? [...new Set([...caps, "manage_options"])] : caps;
}

async function loadInbox(context: AppLoadContext): Promise<Inbox | null> {
  try {
    const { bell, chat } = await context.services.notifications.inbox(INBOX_PAGE);
    const list = (page: typeof bell): NotificationList => ({
      items: page.items.map(toInboxItem),
      unread: page.unread,
      total: page.total,
    });
    return splitInbox(list(bell), list(chat));
  } catch (err) {
    console.error("notifications could not be read", err);
    return null;
  }
}

async function viewSiteUrl(context: AppLoadContext): Promise<string | null> {
  const { site } = context;
  if (!site.isPlatform) return context.siteUrl(site);
  // On the platform, 'View site' opens the account's own site (the first one it owns).
  const owned = await context.services.sites.owned();
  return owned[0] ? context.siteUrl(owned[0]) : null;
}

export async function dashboardShellData(context: AppLoadContext) {
  const { site, user } = context;
  const caps = effectiveCaps(context);
  const manager = isManager(caps);
  // One indexed lookup (account, user): the profile menu links /dashboard/affiliate only for affiliates.
  const hasAffiliate = site.isPlatform ? false : await context.services.affiliate.has().catch(() => false);
  const input: MenuInput = {
    isPlatform: site.isPlatform,
    isStaff: context.isStaff,
    caps,
    features: site.features,
    hasAffiliate,
    exists: routeExistsOn(site.isPlatform),
    planAllows: (feature: string) => site.isPlatform || planAllows(site.settings.plan, feature),
  };
  const menuPreference = context.member?.menuPreference ?? null;
  const menu = sidebarMenu(input);
  const [inbox, viewSite, points] = await Promise.all([
    loadInbox(context),
    viewSiteUrl(context),
    context.services.points.topBar().catch((err) => {
      console.error("points could not be read", err);
      return null;
    }),
  ]);
  return {
    user: { name: user!.name, email: user!.email, emailVerified: user!.emailVerified },
    site: {
      title: site.settings.sitetitle,
      logo: site.settings.logo || null,
      isPlatform: site.isPlatform,
      accountId: site.accountId,
    },
    sidebar: applyMenuPreference(menu, menuPreference),
    /** The menu before the person's preference, for the preference editor. */
    defaultSidebar: menu,
    menuPreference,
    profileMenu: profileMenu(input),
    quickCreate: showsAdminQuickMenu(caps) ? quickCreateMenu(input) : [],
    inbox,
    viewSite,
    docsHref: routeExists("/docs", site.isPlatform) ? "/docs" : null,
    messagesHref: routeExists("/dashboard/messages", site.isPlatform) ? "/dashboard/messages" : null,
    pointsHref:
      siteHasFeature(site.features, "gamification") && routeExists("/dashboard/points", site.isPlatform)
        ? "/dashboard/points"
        : null,
    /** The member's points total for the top bar (gamification sites only). */
    points,
    /** Feedback goes to the platform's staff: offered to account owners and site managers. */
    feedback: site.isPlatform ? !context.isStaff : manager,
    /** The onboarding tour is for the people who run the account (spec §4: when onboard is on). */
    tour: { enabled: site.settings.onboard && (site.isPlatform ? !context.isStaff : manager) },
    aboutHref: routeExists("/about", site.isPlatform) ? "/about" : null,
  };
}

export type DashboardShellData = Awaited<ReturnType<typeof dashboardShellData>>;
