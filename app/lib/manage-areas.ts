// The management areas (spec §2 profile menu: site, users, media, e-commerce, e-learning, marketing,
// and reports, support, billing; with the site's notifications and app) and the screens inside
// each. The index pages offer a screen only when it exists, and an area only when one of its
// screens does (the "no dead links" rule).
import { routeExists } from "./implemented-routes";

export type ManageLink = { id: string; href: string };
export type ManageArea = { id: string; href: string; links: ManageLink[] };

export const MANAGE_AREAS: readonly ManageArea[] = [
  {
    id: "site",
    href: "/dashboard/manage/site",
    links: [
      { id: "theme", href: "/dashboard/manage/site/theme" },
      { id: "header", href: "/dashboard/manage/site/header" },
      { id: "footer", href: "/dashboard/manage/site/footer" },
      { id: "menus", href: "/dashboard/manage/site/menus" },
      { id: "domain", href: "/dashboard/manage/site/domain" },
      { id: "pages", href: "/dashboard/pages" },
      { id: "posts", href: "/dashboard/posts" },
    ],
  },
  { id: "users", href: "/dashboard/manage/users", links: [] },
  { id: "notifications", href: "/dashboard/manage/notifications", links: [] },
  { id: "media", href: "/dashboard/media", links: [] },
  {
    id: "ecommerce",
    href: "/dashboard/manage/ecommerce",
    links: [
      { id: "products", href: "/dashboard/manage/ecommerce" },
      { id: "memberships", href: "/dashboard/manage/ecommerce/memberships" },
      { id: "coupons", href: "/dashboard/manage/ecommerce/coupons" },
      { id: "orders", href: "/dashboard/manage/ecommerce/orders" },
      { id: "payments", href: "/dashboard/manage/ecommerce/payments" },
    ],
  },
  {
    id: "elearning",
    href: "/dashboard/manage/elearning",
    links: [
      { id: "courses", href: "/dashboard/instructor" },
      { id: "categories", href: "/dashboard/manage/elearning/caetgory" },
      { id: "quizzes", href: "/dashboard/instructor/quizzes" },
      { id: "quizSubmissions", href: "/dashboard/instructor/submissions/quizzes" },
      { id: "assignmentSubmissions", href: "/dashboard/instructor/submissions/assignments" },
      { id: "stats", href: "/dashboard/instructor/stats" },
    ],
  },
  {
    id: "marketing",
    href: "/dashboard/manage/marketing",
    links: [
      { id: "affiliates", href: "/dashboard/manage/marketing/affiliates" },
      { id: "forms", href: "/dashboard/manage/marketing/forms" },
      { id: "popups", href: "/dashboard/manage/marketing/popups" },
      { id: "emails", href: "/dashboard/manage/marketing/emails" },
      { id: "contacts", href: "/dashboard/manage/marketing/emails/contacts" },
      { id: "lists", href: "/dashboard/manage/marketing/emails/lists" },
      { id: "funnels", href: "/dashboard/manage/marketing/funnels" },
      { id: "automations", href: "/dashboard/manage/marketing/automations" },
    ],
  },
  { id: "reports", href: "/dashboard/reports", links: [] },
  { id: "support", href: "/dashboard/tickets", links: [] },
  { id: "billing", href: "/dashboard/billing", links: [] },
  { id: "app", href: "/dashboard/app", links: [] },
  { id: "addons", href: "/dashboard/addons", links: [] },
];

/**
 * The areas with only the screens that exist on a site; an area whose own page is not built links
 * to its first screen that is, and an area with none is left out.
 */
export function availableAreas(exists: (path: string) => boolean = (p) => routeExists(p, false)) {
  return MANAGE_AREAS.flatMap((area) => {
    const links = area.links.filter((l) => exists(l.href));
    const href = exists(area.href) ? area.href : links[0]?.href;
    return href ? [{ id: area.id, href, links }] : [];
  });
}

/** The e-learning area's screens that exist. */
/** The marketing area's screens that exist, for its home page. */
export const marketingLinks = (exists: (path: string) => boolean = (p) => routeExists(p, false)) =>
  (MANAGE_AREAS.find((a) => a.id === "marketing")?.links ?? []).filter((l) => exists(l.href));

export const elearningLinks = (exists: (path: string) => boolean = (p) => routeExists(p, false)) =>
  (MANAGE_AREAS.find((a) => a.id === "elearning")?.links ?? []).filter((l) => exists(l.href));
