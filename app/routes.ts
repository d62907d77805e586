import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/two-factor.tsx"),
  route("login/forgot-password", "routes/auth/forgot-password.tsx"),
  route("login/reset-password", "routes/auth/reset-password.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("setup", "routes/dashboard/setup.tsx"),
    route("profile", "routes/dashboard/profile.tsx"),
    route("maintenance/mail", "routes/dashboard/mailbox.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
