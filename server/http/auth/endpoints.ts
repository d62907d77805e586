// The auth library's endpoints that browsers may call, and nothing else: what our own screens and
// e-mail links use. Everything else the library and its plugins offer (changing the login's name
// or e-mail, deleting it, revoking sessions by token, backup codes, …) is answered 404 here; what
// the product needs of those, it does through its own services.

export const AUTH_ENDPOINTS: readonly { method: "GET" | "POST"; path: string }[] = [
  { method: "POST", path: "/sign-up/email" },
  { method: "POST", path: "/sign-in/email" },
  { method: "POST", path: "/sign-out" },
  { method: "GET", path: "/get-session" },
  { method: "GET", path: "/list-sessions" },
  { method: "POST", path: "/request-password-reset" },
  // The link in the reset e-mail, which leads on to /login/reset-password.
  { method: "GET", path: "/reset-password/:token" },
  { method: "POST", path: "/reset-password" },
  // The link in the confirmation e-mail.
  { method: "GET", path: "/verify-email" },
  { method: "GET", path: "/error" },
  { method: "POST", path: "/two-factor/enable" },
  { method: "POST", path: "/two-factor/verify-totp" },
  { method: "POST", path: "/two-factor/disable" },
];
