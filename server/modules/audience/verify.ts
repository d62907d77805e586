// E-mail verification (spec §7 verifyEmail): the §5 format rule, then a throw-away domain, then
// whether the domain receives mail (the DNS check, off when EMAIL_DNS_CHECK=false). Each
// verification past the format rule counts one in the site's `emailverifications` meter and is
// refused with plan_limit at the plan's `email_verify` limit; a malformed address costs nothing.
import { isValidEmail } from "../../../core/email-rule";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { checkEmail, type Resolver } from "../email-check";
import { type MeteredSite, usage } from "../usage";
import { isDisposableDomain } from "./disposable";

export type VerificationReason = "ok" | "syntax" | "disposable" | "no_mail_domain";
export type Verification = { status: boolean; reason: VerificationReason };
export type VerifyOptions = { dns: boolean; resolver?: Resolver };

/** What a refused address is told, by reason. */
export const VERIFICATION_MESSAGES: Record<Exclude<VerificationReason, "ok">, string> = {
  syntax: "Enter a valid e-mail address",
  disposable: "Addresses of throw-away mail services are not accepted",
  no_mail_domain: "This address's domain does not receive mail",
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The checks alone, without counting. */
export async function checkAddress(email: string, opts: VerifyOptions): Promise<Verification> {
  const address = normaliseEmail(email);
  if (!isValidEmail(address)) return { status: false, reason: "syntax" };
  if (isDisposableDomain(address.slice(address.lastIndexOf("@") + 1))) return { status: false, reason: "disposable" };
  if (!(await checkEmail(address, opts))) return { status: false, reason: "no_mail_domain" };
  return { status: true, reason: "ok" };
}

/**
 * Verifies an address for a site, counting it in the site's meter first. The meter moves in its own
 * short transaction, so its row is not held while DNS answers.
 */
export async function verifyEmail(
  db: Db,
  site: MeteredSite,
  email: string,
  opts: VerifyOptions,
): Promise<Verification> {
  if (!isValidEmail(normaliseEmail(email))) return { status: false, reason: "syntax" };
  await withTenant(db, site.accountId, (tx) => usage.use(tx, site, "emailverifications"));
  return checkAddress(email, opts);
}
