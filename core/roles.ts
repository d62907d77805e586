import { type SiteFeatures, siteHasFeature } from "./features";

export const CAPS = ["manage_options", "admin", "create_courses", "edit_posts"] as const;
export const ADMIN_PERMISSIONS = [
  "manage_curriculum",
  "manage_students",
  "manage_submissions",
  "manage_stats",
] as const;

export type Cap = (typeof CAPS)[number];
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
/** Roles store capabilities and admin permissions in the same caps list. */
export type RoleCap = Cap | AdminPermission;

export interface RoleDefinition {
  name: "student" | "instructor" | "admin";
  caps: readonly RoleCap[];
}

/** The roles seeded into every new account. */
export const DEFAULT_ROLES: readonly RoleDefinition[] = [
  { name: "student", caps: [] },
  {
    name: "instructor",
    caps: ["create_courses", "edit_posts", ...ADMIN_PERMISSIONS],
  },
  { name: "admin", caps: [...CAPS, ...ADMIN_PERMISSIONS] },
];

// Caps arrive from session metadata and JSON columns, where a missing list is common.
type CapList = readonly string[] | null | undefined;

export function hasCap(caps: CapList, cap: RoleCap): boolean {
  return caps?.includes(cap) ?? false;
}

/** Owner/admin-capable manager: the caps list contains manage_options (spec §6). */
export function isManager(caps: CapList): boolean {
  return hasCap(caps, "manage_options");
}

/** /dashboard/instructor: create_courses, or manage_options on a site with the lms feature. */
export function canUseInstructorArea(caps: CapList, features: Partial<SiteFeatures> | null | undefined): boolean {
  return hasCap(caps, "create_courses") || (isManager(caps) && siteHasFeature(features, "lms"));
}

/** Owners sell rather than buy, so Orders is only in the sidebar of non-managers. */
export function showsOrders(caps: CapList): boolean {
  return !isManager(caps);
}

export function showsAdminQuickMenu(caps: CapList): boolean {
  return isManager(caps) || hasCap(caps, "edit_posts");
}

/** Public-site admin toolbar and update notices. */
export function showsAdminToolbar(caps: CapList): boolean {
  return isManager(caps) || hasCap(caps, "admin");
}

export type QuickCreateId =
  | "pages"
  | "posts"
  | "courses"
  | "quizzes"
  | "media"
  | "products"
  | "memberships"
  | "forms"
  | "popups"
  | "affiliates"
  | "emails"
  | "contacts"
  | "notices"
  | "funnels"
  | "automations";

export interface QuickCreateLink {
  id: QuickCreateId;
  href: string;
}

// Each entry opens the screen where its item is made (docs/decisions/0021): the new-item editor
// where one exists, otherwise the spec's list screen with `?new=1`, which that screen answers by
// opening (and focusing) its create form. The spec's paths are kept, including the singular
// /dashboard/post/ (the new-post editor).
const MANAGER_QUICK_CREATE: readonly QuickCreateLink[] = [
  { id: "pages", href: "/dashboard/pages/new" },
  { id: "posts", href: "/dashboard/post/" },
  { id: "courses", href: "/dashboard/instructor/new" },
  { id: "quizzes", href: "/dashboard/instructor/quizzes?new=1" },
  { id: "media", href: "/dashboard/media?new=1" },
  { id: "products", href: "/dashboard/manage/ecommerce/product/new" },
  { id: "memberships", href: "/dashboard/manage/ecommerce/membership/new" },
  { id: "forms", href: "/dashboard/manage/marketing/forms?new=1" },
  { id: "popups", href: "/dashboard/manage/marketing/popups?new=1" },
  { id: "affiliates", href: "/dashboard/manage/marketing/affiliates?new=1" },
  { id: "emails", href: "/dashboard/manage/marketing/emails?new=1" },
  { id: "contacts", href: "/dashboard/manage/marketing/emails?new=contact" },
  { id: "notices", href: "/dashboard/manage/marketing/?new=1" },
  { id: "funnels", href: "/dashboard/manage/marketing/funnels?new=1" },
  { id: "automations", href: "/dashboard/manage/marketing/automations?new=1" },
];

const AUTHOR_QUICK_CREATE: ReadonlySet<QuickCreateId> = new Set(["courses", "quizzes"]);

export function quickCreateLinks(caps: CapList): QuickCreateLink[] {
  if (isManager(caps)) return MANAGER_QUICK_CREATE.map((link) => ({ ...link }));
  if (hasCap(caps, "edit_posts")) {
    return MANAGER_QUICK_CREATE.filter((link) => AUTHOR_QUICK_CREATE.has(link.id)).map((link) => ({ ...link }));
  }
  return [];
}

/** Platform staff are recognised by e-mail alone, so stray case or spaces must not matter. */
export function isStaffEmail(email: string | null | undefined, staffList: readonly string[]): boolean {
  const wanted = email?.trim().toLowerCase();
  if (!wanted) return false;
  return staffList.some((staff) => staff.trim().toLowerCase() === wanted);
}

/**
 * The §9 registration event of someone joining with (or moving to) a role of these caps: a teaching
 * role makes an instructor, a role without create_courses or manage_options a student; managers
 * have none.
 */
export function registrationEventOf(caps: CapList): "student_registration" | "instructor_registration" | null {
  if (isManager(caps)) return null;
  return hasCap(caps, "create_courses") ? "instructor_registration" : "student_registration";
}
