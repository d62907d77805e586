// What React Router loaders and actions receive: who and where, and the services they may call.
// Loaders reach modules only through this object, so the app bundle never imports the database.
import type { Context } from "hono";
import { hasCap } from "../../core/roles";
import { siteAddress } from "../../core/site-address";
import { accounts } from "../modules/accounts";
import { directory, profile } from "../modules/members";
import type { AppEnv } from "./env";
import { requestHeaders } from "./middleware/session";
import { mediaServices } from "./services/media";
import { blogServices } from "./services/blog";
import { learningServices } from "./services/learning";
import { appointmentServices } from "./services/appointments";
import { instructorServices } from "./services/instructor";
import { catalogServices } from "./services/catalog";
import { shellServices } from "./services/shell";
import { pagesServices } from "./services/pages";
import { usersServices } from "./services/users";
import { assessmentServices } from "./services/assessment";
import { shopServices } from "./services/shop";
import { checkoutServices } from "./services/checkout";
import { ordersAdminServices } from "./services/orders-admin";
import { reportsServices } from "./services/reports";
import { dashboardServices } from "./services/dashboard";
import { affiliateServices } from "./services/affiliate";
import { campaignServices } from "./services/campaigns";
import { mailboxServices } from "./services/mailbox";
import { staffAccountServices } from "./services/staff-accounts";
import { invitationServices } from "./services/invitation";
import { ticketServices } from "./services/tickets";
import { billingServices } from "./services/billing";
import { siteAddressServices } from "./services/site-address";
import { webAppServices } from "./services/web-app";
import { touchpointServices } from "./services/touchpoints";
import { automationRedirectServices } from "./services/automation-redirects";
import { addonServices } from "./services/addons";
import { marketingServices } from "./services/marketing";
import { formServices } from "./services/forms";
import { funnelServices } from "./services/funnels";
import { automationServices } from "./services/automations";
import { audienceServices } from "./services/audience";
import { pointsServices } from "./services/points";
import { groupServices } from "./services/groups";
import { withoutJoining } from "../request-scope";

type JoinOption = { joinSite?: boolean };
const joining = <T>(opts: JoinOption, fn: () => T): T => (opts.joinSite === false ? withoutJoining(fn) : fn());

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
    /** The answer's Content-Security-Policy nonce, for the scripts server rendering writes. */
    cspNonce: c.get("cspNonce"),
    user,
    member,
    isStaff: c.get("isStaff"),
    sessionEnded: c.get("sessionEnded"),
    baseDomain: cfg.baseDomain,
    scheme: cfg.scheme,
    can: (cap: string) => Boolean(member && (member.isOwner || hasCap(member.caps, cap as never))),
    siteUrl: (s: { slug: string; domain: string | null }) => `${cfg.scheme}://${siteAddress(s, cfg.baseDomain)}`,
    services: {
      /**
       * better-auth's server API, called with this request's headers (cookies), returning a Response.
       * Signing in or up makes the person a member of the site, unless `joinSite: false` (they came
       * to answer an invitation, and their answer decides).
       */
      auth: {
        signIn: (body: { email: string; password: string; rememberMe?: boolean }, opts: JoinOption = {}) =>
          joining(opts, () => auth.api.signInEmail({ body, headers, asResponse: true })),
        signUp: (body: { name: string; email: string; password: string }, opts: JoinOption = {}) =>
          joining(opts, () =>
            auth.api.signUpEmail({ body: { ...body, callbackURL: "/dashboard" }, headers, asResponse: true }),
          ),
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
        verifyTotp: (code: string, trustDevice = false, opts: JoinOption = {}) =>
          joining(opts, () => auth.api.verifyTOTP({ body: { code, trustDevice }, headers, asResponse: true })),
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
      ...shell,
      ...blogServices(c),
      ...learningServices(c),
      ...appointmentServices(c),
      ...catalogServices(c),
      ...mediaServices(c),
      ...pagesServices(c),
      ...usersServices(c),
      ...instructorServices(c),
      ...assessmentServices(c),
      ...shopServices(c),
      ...checkoutServices(c),
      ...ordersAdminServices(c),
      ...reportsServices(c),
      ...dashboardServices(c),
      ...affiliateServices(c),
      ...campaignServices(c),
      ...mailboxServices(c),
      ...staffAccountServices(c),
      ...invitationServices(c),
      ...ticketServices(c),
      ...billingServices(c),
      ...siteAddressServices(c),
      ...marketingServices(c),
      ...webAppServices(c),
      ...touchpointServices(c),
      ...automationRedirectServices(c),
      ...addonServices(c),
      ...formServices(c),
      ...funnelServices(c),
      ...automationServices(c),
      ...audienceServices(c),
      ...pointsServices(c),
      ...groupServices(c),
    },
  };
}

export type AtriumLoadContext = ReturnType<typeof buildLoadContext>;
