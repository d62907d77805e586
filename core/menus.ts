// The dashboard's menus (spec §2): which links a person sees in the sidebar, the profile menu and
// the quick-create menu, from their capabilities, the site's feature flags, whether the site is
// the platform's own and whether they are platform staff. A link is offered only when its screen
// exists (`exists`), so the menus never lead to a page that is not built.
import { type SiteFeature, type SiteFeatures, siteHasFeature } from "./features";
import { canUseInstructorArea, isManager, quickCreateLinks, showsOrders, type QuickCreateId } from "./roles";

export type MenuItemId = string;

export interface DashboardMenuItem {
  /** Stable id, stored in a member's menu preference. */
  id: MenuItemId;
  href: string;
  /** Translation key of the label. */
  labelKey: string;
  /** Heading this item sits under (staff menu), as a translation key; none for the main list. */
  groupKey?: string;
  /** The menu preference cannot hide it (the dashboard home). */
  locked?: boolean;
}

export interface ProfileMenuItem {
  id: MenuItemId;
  /** Absent for log out, which is a form post rather than a link. */
  href?: string;
  labelKey: string;
  kind: "link" | "logout";
}

export interface QuickCreateMenuItem {
  id: QuickCreateId;
  href: string;
  labelKey: string;
}

export interface MenuInput {
  isPlatform: boolean;
  isStaff: boolean;
  caps: readonly string[] | null | undefined;
  features: Partial<SiteFeatures> | null | undefined;
  /** The person has an affiliate record on this site. */
  hasAffiliate?: boolean;
  /** Whether a screen exists at this path; menus leave out every link for which it says no. */
  exists: (path: string) => boolean;
  /** Whether the site's plan includes a feature (§6); links to a gated system are left out without it. */
  planAllows?: (feature: string) => boolean;
}

/** Quick-create entries whose system is a plan feature (decision 0028). */
const QUICK_CREATE_PLAN_FEATURE: Partial<Record<QuickCreateId, string>> = {
  affiliates: "commissions",
  forms: "forms",
  automations: "forms",
};

export interface MenuPreferenceEntry {
  id: MenuItemId;
  enabled: boolean;
}

type Rule = (input: MenuInput) => boolean;
type Entry = Omit<DashboardMenuItem, "labelKey"> & { when?: Rule };

const always: Rule = () => true;
const feature =
  (name: SiteFeature): Rule =>
  (i) =>
    siteHasFeature(i.features, name);
const manager: Rule = (i) => isManager(i.caps);

const label = (id: string) => `menu.${id}`;

// Spec §2 route table, in its order.
const MEMBER_MENU: readonly Entry[] = [
  { id: "dashboard", href: "/dashboard", locked: true },
  { id: "activity", href: "/dashboard/activity" },
  { id: "meetings", href: "/dashboard/meetings" },
  { id: "notifications", href: "/dashboard/notifications" },
  { id: "courses", href: "/dashboard/courses", when: feature("lms") },
  { id: "wishlist", href: "/dashboard/wishlist", when: feature("lms") },
  { id: "groups", href: "/dashboard/groups", when: feature("groups") },
  { id: "bookings", href: "/dashboard/bookings", when: feature("appointments") },
  { id: "appointments", href: "/dashboard/appointments", when: feature("appointments") },
  { id: "instructor", href: "/dashboard/instructor", when: (i) => canUseInstructorArea(i.caps, i.features) },
  { id: "pages", href: "/dashboard/pages", when: manager },
  { id: "posts", href: "/dashboard/posts", when: manager },
  // The site's plan: its managers see it; only the owner changes it (decision 0029).
  { id: "billing", href: "/dashboard/billing", when: manager },
  // The site's installable app and its API keys.
  { id: "app", href: "/dashboard/app", when: manager },
  // Which addons of the plan are switched on (decision 0033).
  { id: "addons", href: "/dashboard/addons", when: manager },
  // A site's own figures, for those who run it (the platform-side owner menu lists Reports too).
  { id: "reports", href: "/dashboard/reports", when: manager },
  { id: "orders", href: "/dashboard/orders", when: (i) => showsOrders(i.caps) },
  { id: "messages", href: "/dashboard/messages" },
  { id: "points", href: "/dashboard/points", when: feature("gamification") },
  // Support tickets to the platform's staff: for the people who run the site (decision 0026).
  { id: "tickets", href: "/dashboard/tickets", when: manager },
];

// Spec §2 "Account-owner dashboard (platform side) menu, in order".
const OWNER_MENU: readonly Entry[] = [
  { id: "dashboard", href: "/dashboard", locked: true },
  { id: "notifications", href: "/dashboard/notifications" },
  { id: "billing", href: "/dashboard/billing" },
  { id: "app", href: "/dashboard/app" },
  { id: "setup", href: "/dashboard/setup" },
  { id: "addons", href: "/dashboard/addons" },
  { id: "reports", href: "/dashboard/reports" },
  { id: "tickets", href: "/dashboard/tickets" },
];

// Spec §2 "Super-admin menu (platform staff)". The mailbox is the staff's view of the e-mail
// outbox (a maintenance screen of this installation, kept beside the crons).
const STAFF_MENU: readonly Entry[] = [
  { id: "dashboard", href: "/dashboard", locked: true },
  { id: "notifications", href: "/dashboard/notifications" },
  { id: "accounts", href: "/dashboard/accounts" },
  { id: "accountOwners", href: "/dashboard/accounts/owners" },
  { id: "staffPages", href: "/dashboard/pages", groupKey: "menuGroups.content" },
  { id: "staffPosts", href: "/dashboard/posts", groupKey: "menuGroups.content" },
  { id: "updates", href: "/dashboard/updates", groupKey: "menuGroups.content" },
  { id: "docs", href: "/dashboard/docs", groupKey: "menuGroups.content" },
  { id: "tickets", href: "/dashboard/tickets", groupKey: "menuGroups.support" },
  { id: "customers", href: "/dashboard/billing/customers", groupKey: "menuGroups.billing" },
  { id: "subscriptions", href: "/dashboard/billing/subscriptions", groupKey: "menuGroups.billing" },
  { id: "products", href: "/dashboard/billing/products", groupKey: "menuGroups.billing" },
  { id: "billingOrders", href: "/dashboard/billing/orders", groupKey: "menuGroups.billing" },
  { id: "crons", href: "/dashboard/maintenance/crons", groupKey: "menuGroups.maintenance" },
  { id: "mailbox", href: "/dashboard/maintenance/mail", groupKey: "menuGroups.maintenance" },
];

const PROFILE_MENU: readonly (Omit<ProfileMenuItem, "labelKey"> & { when?: Rule })[] = [
  { id: "profile", href: "/dashboard/profile", kind: "link" },
  { id: "affiliate", href: "/dashboard/affiliate", kind: "link", when: (i) => Boolean(i.hasAffiliate) },
  { id: "manageSite", href: "/dashboard/manage/site", kind: "link", when: manager },
  { id: "manageUsers", href: "/dashboard/manage/users", kind: "link", when: manager },
  { id: "manageMedia", href: "/dashboard/media", kind: "link", when: manager },
  { id: "manageEcommerce", href: "/dashboard/manage/ecommerce", kind: "link", when: manager },
  { id: "manageElearning", href: "/dashboard/manage/elearning", kind: "link", when: manager },
  { id: "manageMarketing", href: "/dashboard/manage/marketing", kind: "link", when: manager },
  { id: "manage", href: "/dashboard/manage", kind: "link", when: manager },
  {
    id: "manageAppointments",
    href: "/dashboard/manage/appointments",
    kind: "link",
    when: (i) => manager(i) && siteHasFeature(i.features, "appointments"),
  },
  {
    id: "manageGamification",
    href: "/dashboard/manage/gamification",
    kind: "link",
    when: (i) => manager(i) && siteHasFeature(i.features, "gamification"),
  },
  { id: "logout", kind: "logout" },
];

/** Which sidebar a person gets: staff on the platform, account owners on the platform, members on a site. */
export function sidebarKind(input: Pick<MenuInput, "isPlatform" | "isStaff">): "staff" | "owner" | "member" {
  if (!input.isPlatform) return "member";
  return input.isStaff ? "staff" : "owner";
}

const SIDEBARS = { staff: STAFF_MENU, owner: OWNER_MENU, member: MEMBER_MENU } as const;

/** The sidebar's items before the person's own preference is applied. */
export function sidebarMenu(input: MenuInput): DashboardMenuItem[] {
  return SIDEBARS[sidebarKind(input)]
    .filter((e) => (e.when ?? always)(input) && input.exists(e.href))
    .map(({ when: _when, ...item }) => ({ ...item, labelKey: label(item.id) }));
}

export function profileMenu(input: MenuInput): ProfileMenuItem[] {
  return PROFILE_MENU.filter((e) => (e.when ?? always)(input) && (e.kind === "logout" || input.exists(e.href!))).map(
    ({ when: _when, ...item }) => ({ ...item, labelKey: label(item.id) }),
  );
}

/** Quick-create links of the admin quick-menu (core/roles), limited to screens that exist. */
export function quickCreateMenu(input: Pick<MenuInput, "caps" | "exists" | "planAllows">): QuickCreateMenuItem[] {
  return quickCreateLinks(input.caps)
    .filter((link) => input.exists(link.href.split("?")[0]))
    .filter((link) => {
      const needs = QUICK_CREATE_PLAN_FEATURE[link.id];
      return !needs || !input.planAllows || input.planAllows(needs);
    })
    .map((link) => ({ ...link, labelKey: `quickCreate.${link.id}` }));
}

/**
 * A member's menu preference applied to the sidebar: items named in the preference come first, in
 * its order; items it does not name (new screens, newly enabled features) follow in their default
 * order; items switched off are left out, except a locked one. Ids the preference names that are
 * not in the menu (a feature switched off since) are ignored.
 */
export function applyMenuPreference(
  items: readonly DashboardMenuItem[],
  preference: readonly MenuPreferenceEntry[] | null | undefined,
): DashboardMenuItem[] {
  if (!preference?.length) return [...items];
  const position = new Map<string, number>();
  const enabled = new Map<string, boolean>();
  preference.forEach((p, index) => {
    if (position.has(p.id)) return;
    position.set(p.id, index);
    enabled.set(p.id, p.enabled);
  });
  const rank = (item: DashboardMenuItem, index: number) => position.get(item.id) ?? preference.length + index;
  return items
    .map((item, index) => ({ item, at: rank(item, index) }))
    .filter(({ item }) => item.locked || enabled.get(item.id) !== false)
    .sort((a, b) => a.at - b.at)
    .map(({ item }) => item);
}

/**
 * The preference as the editor shows it: every item of the menu (hidden ones too) in the
 * person's order, each with its switch.
 */
export function menuPreferenceRows(
  items: readonly DashboardMenuItem[],
  preference: readonly MenuPreferenceEntry[] | null | undefined,
): (DashboardMenuItem & { enabled: boolean })[] {
  const shown = new Set(applyMenuPreference(items, preference).map((i) => i.id));
  const ordered = applyMenuPreference(
    items,
    preference?.map((p) => ({ ...p, enabled: true })),
  );
  return ordered.map((item) => ({ ...item, enabled: shown.has(item.id) }));
}
