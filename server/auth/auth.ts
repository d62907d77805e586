// better-auth, configured for a platform of many sites: one login per person, sessions per site
// (cookies are per host), argon2id hashes, TOTP second factor, database-backed rate limits so that
// several web processes share one budget.
import { createHash } from "node:crypto";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { AppError } from "../errors";
import type { Config } from "../config";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { accounts as accountsModule } from "../modules/accounts";
import { mail } from "../modules/mail";
import { mailTexts } from "../modules/mail/texts";
import { members as membersModule } from "../modules/members";
import { currentScope } from "../request-scope";
import { siteScoped } from "./site-scoped-store";

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const CLIENT_IP_HEADER = "x-atrium-client-ip";
export const SIGN_IN_LIMIT = { window: 60, max: 10 } as const;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createAuth(cfg: Config, database: Database) {
  return betterAuth({
    appName: "Atrium",
    logger: { disabled: cfg.logLevel === "silent", level: cfg.logLevel === "silent" ? "error" : cfg.logLevel },
    secret: cfg.authSecret,
    basePath: "/api/auth",
    // Only hosts the tenant middleware resolved ever reach this handler, so any host is allowed
    // here; the Origin check on state-changing requests is done by our own middleware.
    baseURL: { allowedHosts: ["*"], protocol: cfg.scheme },
    database: (options: BetterAuthOptions) =>
      siteScoped(
        drizzleAdapter(database.authDb, {
          provider: "pg",
          transaction: false,
          schema: {
            user: schema.users,
            session: schema.sessions,
            account: schema.authAccounts,
            verification: schema.verifications,
            twoFactor: schema.twoFactors,
            rateLimit: schema.rateLimits,
          },
        })(options),
      ),
    user: { modelName: "user" },
    session: {
      additionalFields: { accountId: { type: "string", required: true, input: false } },
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: false,
      password: {
        hash: (password) => argonHash(password, ARGON),
        verify: ({ hash, password }) => argonVerify(hash, password),
      },
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, url }) => {
        const { site } = currentScope();
        const { t } = await mailTexts(database.db, site, { userId: user.id, email: user.email });
        await mail.enqueue(database.db, site.accountId, {
          to: user.email,
          kind: "password_reset",
          subject: t("mail.passwordReset.subject", { site: site.settings.sitetitle }),
          text: t("mail.passwordReset.text", { email: user.email, url }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        const { site } = currentScope();
        const { t } = await mailTexts(database.db, site, { userId: user.id, email: user.email });
        await mail.enqueue(database.db, site.accountId, {
          to: user.email,
          kind: "verify_email",
          subject: t("mail.verifyEmail.subject", { site: site.settings.sitetitle }),
          text: t("mail.verifyEmail.text", { name: user.name, url }),
        });
      },
    },
    rateLimit: {
      enabled: cfg.authRateLimit,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/sign-up/email": { window: 60, max: 10 },
        "/request-password-reset": { window: 60, max: 5 },
        "/two-factor/verify-totp": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: "atrium",
      useSecureCookies: cfg.scheme === "https",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [twoFactor({ issuer: "Atrium" })],
    databaseHooks: {
      session: {
        create: {
          // A person the site's plan has no room for is refused before any session exists.
          before: async (session) => {
            const { site, joinOnSignIn } = currentScope();
            if (joinOnSignIn !== false)
              await asAuthRefusal(membersModule.assertCanJoin(database.db, site, session.userId));
          },
          // The session's site (accountId) is set where it is stored: ./site-scoped-store.ts.
          after: async (session, endpoint) => {
            const { site, joinOnSignIn } = currentScope();
            if (joinOnSignIn !== false) {
              try {
                await membersModule.joinOnSignIn(database.db, site, session.userId);
              } catch (err) {
                // Another sign-up took the last place meanwhile: the session and its cookie go, the
                // refusal stays.
                await database.db.delete(schema.sessions).where(eq(schema.sessions.id, session.id));
                if (endpoint) deleteSessionCookie(endpoint);
                await asAuthRefusal(Promise.reject(err));
              }
            }
            if (site.features.single_session) {
              const owner = await accountsModule.isOwnerUser(database.db, site, session.userId);
              if (!owner)
                await membersModule.endOtherSessions(
                  database.db,
                  site.accountId,
                  session.userId,
                  session.id,
                  hashToken,
                );
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A plan's refusal as the auth library answers errors: 403 with our code and message. */
async function asAuthRefusal(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError && err.code === "plan_limit") {
      throw new APIError("FORBIDDEN", { code: err.code, message: err.message, details: err.details });
    }
    throw err;
  }
}
