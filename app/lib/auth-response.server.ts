// Turning better-auth's responses into what a page shows: cookies forwarded on redirect, error
// codes mapped to translation keys.

/** Set-Cookie headers of an auth response, to pass on with our own redirect. */
export function cookieHeaders(res: Response): Headers {
  const headers = new Headers();
  for (const c of res.headers.getSetCookie()) headers.append("Set-Cookie", c);
  return headers;
}

export async function authErrorKey(res: Response): Promise<string> {
  if (res.status === 429) return "errors.rateLimited";
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  switch (body.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "errors.invalidCredentials";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "errors.userExists";
    case "PASSWORD_TOO_SHORT":
      return "errors.passwordTooShort";
    case "INVALID_EMAIL":
      return "errors.invalidEmail";
    case "INVALID_CODE":
    case "INVALID_TWO_FACTOR_CODE":
    case "INVALID_TOTP":
      return "errors.invalidCode";
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TWO_FACTOR_NOT_ENABLED":
      return "errors.twoFactorExpired";
    case "INVALID_TOKEN":
      return "auth.resetInvalid";
    default:
      return "errors.generic";
  }
}

/** Only same-site paths may be redirected to after sign-in. */
export function safeRedirect(to: string | null | undefined, fallback = "/dashboard"): string {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
