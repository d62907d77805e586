// Is this an address mail can reach? The §5 format rule first, then (unless switched off with
// EMAIL_DNS_CHECK=false) a DNS look-up: the domain must publish MX records, or at least an address.
import { promises as dns } from "node:dns";
import { isValidEmail } from "../../../core/email-rule";

export type Resolver = {
  resolveMx(d: string): Promise<unknown[]>;
  resolve4(d: string): Promise<unknown[]>;
  resolve6(d: string): Promise<unknown[]>;
};

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("dns timeout")), ms).unref())]);

async function domainReceivesMail(domain: string, resolver: Resolver): Promise<boolean> {
  for (const look of [
    () => resolver.resolveMx(domain),
    () => resolver.resolve4(domain),
    () => resolver.resolve6(domain),
  ]) {
    try {
      if ((await withTimeout(look(), 3000)).length > 0) return true;
    } catch {
      // no record of this kind, or the look-up failed: try the next kind
    }
  }
  return false;
}

export async function checkEmail(email: string, opts: { dns: boolean; resolver?: Resolver }): Promise<boolean> {
  if (!isValidEmail(email)) return false;
  if (!opts.dns) return true;
  return domainReceivesMail(email.split("@")[1].toLowerCase(), opts.resolver ?? dns);
}
