// What React Router loaders and actions receive: who and where, and the services they may call.
// Loaders reach modules only through this object, so the app bundle never imports the database.
import type { Context } from "hono";
import { hasCap } from "../../core/roles";
import { siteAddress } from "../../core/site-address";
import { accounts } from "../modules/accounts";
import { directory, profile } from "../modules/members";
import { mail } from "../modules/mail";
import type { AppEnv } from "./env";
import { requestHeaders } from "./middleware/session";
import { mediaServices } from "./media-services";
import { blogServices } from "./blog-services";
import { learningServices } from "./learning-services";
import { instructorServices } from "./instructor-services";
import { catalogServices } from "./catalog-services";
import { shellServices } from "./shell-services";
import { pagesServices } from "./pages-services";
import { usersServices } from "./users-services";
import { assessmentServices } from "./assessment-services";
import { shopServices } from "./shop-services";
import { checkoutServices } from "./checkout-services";
import { ordersAdminServices } from "./orders-admin-services";
import { affiliateServices } from "./affiliate-services";

export function buildLoadContext(c: Context<AppEnv>) {
  const { cfg, database, auth } = c.get("platform");
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const headers = requestHeaders(c.req.raw);
  const shell = shellServices(c);
  return {
    site,
    /** The site's editable configuration with defaults filled in (always this site's own, scripts too). */
    siteConfig: accounts.config(site),
    origin: c.get("origin"),
    user,
    member,
    isStaff: c.get("isStaff"),
    sessionEnded: c.get("sessionEnded"),
    baseDomain: cfg.baseDomain,
    scheme: cfg.scheme,
    can: (cap: string) => Boolean(member && (member.isOwner || hasCap(member.caps, cap as never))),
    siteUrl: (s: { slug: string; domain: string | null }) => `${cfg.scheme}://${siteAddress(s, cfg.baseDomain)}`,
    services: {
      /** better-auth's server API, called with this request's headers (cookies), returning a Response. */
      auth: {
        signIn: (body: { email: string; password: string; rememberMe?: boolean }) =>
          auth.api.signInEmail({ body, headers, asResponse: true }),
        signUp: (body: { name: string; email: string; password: string }) =>
          auth.api.signUpEmail({ body: { ...body, callbackURL: "/dashboard" }, headers, asResponse: true }),
        signOut: () => auth.api.signOut({ headers, asResponse: true }),
        requestPasswordReset: (email: string) =>
          auth.api.requestPasswordReset({
            body: { email, redirectTo: "/login/reset-password" },
            headers,
            asResponse: true,
          }),
        resetPassword: (token: string, newPassword: string) =>
          auth.api.resetPassword({ body: { token, newPassword }, headers, asResponse: true }),
        enableTwoFactor: (password: string) =>
          auth.api.enableTwoFactor({ body: { password }, headers, asResponse: true }),
        verifyTotp: (code: string, trustDevice = false) =>
          auth.api.verifyTOTP({ body: { code, trustDevice }, headers, asResponse: true }),
        disableTwoFactor: (password: string) =>
          auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true }),
      },
      members: {
        /** The public directory: names and profile slugs only. */
        directory: (page: number) => directory(database.db, site.accountId, page),
        profile: (slug: string) => profile(database.db, site.accountId, slug),
      },
      sites: {
        create: (input: { slug: string; sitetitle: string }) =>
          accounts.createSite(database.db, { userId: user!.id, name: user!.name, email: user!.email }, input),
        owned: () => (user ? accounts.ownedBy(database.db, user.id) : Promise.resolve([])),
      },
      mail: {
        recent: (page = 1) => mail.listAll(database.db, page, 50),
        transport: () => mail.transportKind(database.db),
      },
      ...shell,
      ...blogServices(c),
      ...learningServices(c),
      ...catalogServices(c),
      ...mediaServices(c),
      ...pagesServices(c),
      ...usersServices(c),
      ...instructorServices(c),
      ...assessmentServices(c),
      ...shopServices(c),
      ...checkoutServices(c),
      ...ordersAdminServices(c),
      ...affiliateServices(c),
    },
  };
}

export type AtriumLoadContext = ReturnType<typeof buildLoadContext>;
