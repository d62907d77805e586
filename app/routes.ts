import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// When a screen is added here, add its path to app/lib/implemented-routes.ts so menus link to it.
export default [
  // Public pages: the platform's own site gets the public layout, every other site its own layout.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about", "routes/public/about.tsx"),
    route("members", "routes/public/members.tsx"),
    route("members/:slug", "routes/public/member-profile.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("login/two-factor", "routes/auth/two-factor.tsx"),
    route("login/forgot-password", "routes/auth/forgot-password.tsx"),
    route("login/reset-password", "routes/auth/reset-password.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("notifications", "routes/dashboard/notifications.tsx"),
    route("setup", "routes/dashboard/setup.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    route("maintenance/mail", "routes/dashboard/mailbox.tsx"),
    route("manage/site", "routes/dashboard/manage-site/index.tsx"),
    route("manage/site/theme", "routes/dashboard/manage-site/theme.tsx"),
    route("manage/site/header", "routes/dashboard/manage-site/header.tsx"),
    route("manage/site/footer", "routes/dashboard/manage-site/footer.tsx"),
    route("manage/site/menus", "routes/dashboard/manage-site/menus.tsx"),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
] satisfies RouteConfig;
