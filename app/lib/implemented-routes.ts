// The screens that exist, by path. Menus, top bars and the guided tour offer a link only when its
// screen is listed here, so nobody is sent to a page that is not built (the "no dead links" rule).
// Add a path here in the same change that adds its route to app/routes.ts; a unit test checks
// that every path listed here is a route there.

export type RouteScope = "platform" | "site" | "both";

export const IMPLEMENTED_ROUTES: readonly { path: string; scope: RouteScope }[] = [
  { path: "/", scope: "both" },
  { path: "/about", scope: "platform" },
  { path: "/members", scope: "both" },
  { path: "/members/:slug", scope: "both" },
  { path: "/blog", scope: "both" },
  { path: "/blog/:slug", scope: "both" },
  { path: "/f/:formId", scope: "site" },
  { path: "/e/confirm/:token", scope: "site" },
  { path: "/e/u/:token", scope: "site" },
  { path: "/course", scope: "site" },
  { path: "/course/category", scope: "site" },
  { path: "/course/category/:category", scope: "site" },
  { path: "/course/:slug", scope: "site" },
  { path: "/certificate/:code", scope: "site" },
  { path: "/dashboard/posts", scope: "both" },
  { path: "/dashboard/post", scope: "both" },
  { path: "/dashboard/post/:id", scope: "both" },
  { path: "/dashboard/updates", scope: "platform" },
  { path: "/dashboard/pages", scope: "both" },
  { path: "/dashboard/pages/:id", scope: "both" },
  { path: "/dashboard/docs", scope: "platform" },
  { path: "/dashboard/docs/:id", scope: "platform" },
  { path: "/docs", scope: "platform" },
  { path: "/docs/:slug", scope: "platform" },
  { path: "/login", scope: "both" },
  { path: "/signup", scope: "both" },
  { path: "/invitation/:token", scope: "both" },
  { path: "/dashboard", scope: "both" },
  { path: "/dashboard/notifications", scope: "both" },
  { path: "/dashboard/profile", scope: "both" },
  { path: "/dashboard/media", scope: "both" },
  { path: "/dashboard/manage/users", scope: "both" },
  { path: "/dashboard/manage/user", scope: "both" },
  { path: "/dashboard/manage/notifications", scope: "site" },
  { path: "/dashboard/setup", scope: "both" },
  { path: "/dashboard/maintenance/mail", scope: "platform" },
  { path: "/dashboard/maintenance/crons", scope: "platform" },
  { path: "/dashboard/accounts", scope: "platform" },
  { path: "/dashboard/accounts/owners", scope: "platform" },
  { path: "/dashboard/accounts/audit", scope: "platform" },
  { path: "/dashboard/accounts/:id", scope: "platform" },
  { path: "/dashboard/billing/customers", scope: "platform" },
  { path: "/dashboard/billing/subscriptions", scope: "platform" },
  { path: "/dashboard/billing/products", scope: "platform" },
  { path: "/dashboard/billing/orders", scope: "platform" },
  { path: "/dashboard/tickets", scope: "both" },
  { path: "/dashboard/tickets/:id", scope: "both" },
  { path: "/dashboard/manage/site", scope: "site" },
  { path: "/dashboard/billing", scope: "site" },
  { path: "/dashboard/app", scope: "site" },
  { path: "/dashboard/addons", scope: "site" },
  { path: "/dashboard/manage/site/domain", scope: "site" },
  { path: "/dashboard/manage/site/theme", scope: "site" },
  { path: "/dashboard/manage/site/header", scope: "site" },
  { path: "/dashboard/manage/site/footer", scope: "site" },
  { path: "/dashboard/manage/site/menus", scope: "site" },
  { path: "/dashboard/instructor", scope: "site" },
  { path: "/dashboard/course", scope: "site" },
  { path: "/dashboard/instructor/new", scope: "site" },
  { path: "/dashboard/instructor/course/:courseId", scope: "site" },
  { path: "/dashboard/instructor/quizzes", scope: "site" },
  { path: "/dashboard/instructor/quiz/:id", scope: "site" },
  { path: "/dashboard/instructor/unit/:id", scope: "site" },
  { path: "/dashboard/instructor/assignment/:id", scope: "site" },
  { path: "/dashboard/manage/elearning/caetgory", scope: "site" },
  { path: "/dashboard/courses/quiz/:id", scope: "site" },
  { path: "/dashboard/courses/quizzes/:id", scope: "site" },
  { path: "/dashboard/courses/assignments/:id", scope: "site" },
  { path: "/dashboard/instructor/submissions/quizzes", scope: "site" },
  { path: "/dashboard/instructor/submissions/assignments", scope: "site" },
  { path: "/dashboard/courses", scope: "site" },
  { path: "/dashboard/wishlist", scope: "site" },
  { path: "/dashboard/groups", scope: "site" },
  { path: "/dashboard/groups/:id", scope: "site" },
  { path: "/dashboard/points", scope: "site" },
  { path: "/dashboard/activity", scope: "site" },
  { path: "/dashboard/manage/gamification", scope: "site" },
  { path: "/dashboard/bookings", scope: "site" },
  { path: "/dashboard/meetings", scope: "site" },
  { path: "/dashboard/appointments", scope: "site" },
  { path: "/dashboard/manage/appointments", scope: "site" },
  { path: "/dashboard/courses/:courseId", scope: "site" },
  { path: "/product/:slug", scope: "site" },
  { path: "/checkout", scope: "site" },
  { path: "/checkout/return", scope: "site" },
  { path: "/checkout/upsell/:orderId", scope: "site" },
  { path: "/dashboard/orders", scope: "site" },
  { path: "/dashboard/orders/:id", scope: "site" },
  { path: "/dashboard/affiliate", scope: "site" },
  { path: "/dashboard/manage/ecommerce", scope: "site" },
  { path: "/dashboard/manage/ecommerce/product/:id", scope: "site" },
  { path: "/dashboard/manage/ecommerce/memberships", scope: "site" },
  { path: "/dashboard/manage/ecommerce/membership/:id", scope: "site" },
  { path: "/dashboard/manage/ecommerce/coupons", scope: "site" },
  { path: "/dashboard/manage/ecommerce/orders", scope: "site" },
  { path: "/dashboard/manage/ecommerce/payments", scope: "site" },
  { path: "/dashboard/manage/marketing", scope: "site" },
  { path: "/dashboard/manage/marketing/affiliates", scope: "site" },
  { path: "/dashboard/manage/marketing/forms", scope: "site" },
  { path: "/dashboard/manage/marketing/forms/:id", scope: "site" },
  { path: "/dashboard/manage/marketing/popups", scope: "site" },
  { path: "/dashboard/manage/marketing/popups/:id", scope: "site" },
  { path: "/dashboard/messages", scope: "site" },
  { path: "/dashboard/manage/marketing/funnels", scope: "site" },
  { path: "/dashboard/manage/marketing/funnels/:id", scope: "site" },
  { path: "/dashboard/manage/marketing/automations", scope: "site" },
  { path: "/dashboard/manage/marketing/automations/:id", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/contacts", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/contacts/import", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/contacts/:id", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/lists", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/tags", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/fields", scope: "site" },
  { path: "/dashboard/manage/marketing/emails", scope: "site" },
  { path: "/dashboard/manage/marketing/emails/campaigns/:id", scope: "site" },
  { path: "/dashboard/instructor/course/:courseId/manage", scope: "site" },
  { path: "/dashboard/instructor/stats", scope: "site" },
  { path: "/dashboard/reports", scope: "site" },
  { path: "/dashboard/manage", scope: "site" },
  { path: "/dashboard/manage/elearning", scope: "site" },
];

const normalise = (path: string) => {
  const bare = path.split(/[?#]/)[0];
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare;
};

const SEGMENTS = IMPLEMENTED_ROUTES.map((r) => ({ ...r, segments: r.path.split("/") }));

/** A route path matches when every segment is equal or is a :param of the route. */
function matches(route: readonly string[], path: readonly string[]): boolean {
  return (
    route.length === path.length && route.every((seg, i) => seg === path[i] || (seg.startsWith(":") && path[i] !== ""))
  );
}

// Menus ask about the same few dozen paths on every dashboard render: the answers are kept (the
// table does not change while the process runs), up to a bound in case paths carry ids.
const answers = new Map<string, boolean>();
const MAX_ANSWERS = 5000;

/** Whether the screen at `path` exists on this kind of site (query and trailing slash ignored). */
export function routeExists(path: string, isPlatform: boolean): boolean {
  const key = `${isPlatform ? "p" : "s"}${path}`;
  const known = answers.get(key);
  if (known !== undefined) return known;
  const wanted = normalise(path).split("/");
  const answer = SEGMENTS.some(
    (r) => matches(r.segments, wanted) && (r.scope === "both" || r.scope === (isPlatform ? "platform" : "site")),
  );
  if (answers.size >= MAX_ANSWERS) answers.clear();
  answers.set(key, answer);
  return answer;
}

/** A predicate for core/menus.ts. */
export const routeExistsOn = (isPlatform: boolean) => (path: string) => routeExists(path, isPlatform);
