import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { SiteAccount } from "../modules/accounts";
import type { MemberContext } from "../modules/members";

/** Everything a request handler may use; built once in main.ts. */
export type Platform = { cfg: Config; database: Database; auth: Auth };

export type SignedInUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
};

export type AppEnv = {
  Variables: {
    platform: Platform;
    site: SiteAccount;
    origin: string;
    user: SignedInUser | null;
    sessionId: string | null;
    member: MemberContext | null;
    isStaff: boolean;
    /** Why the presented session no longer works (e.g. "single_session"), when the site ended it. */
    sessionEnded: string | null;
    viaApiKey: boolean;
    /** This answer's Content-Security-Policy nonce (middleware/security-headers). */
    cspNonce: string;
    /** A page from the page cache: its scripts are allowed by these hashes instead of the nonce. */
    cspPageHashes?: readonly string[];
  };
};
