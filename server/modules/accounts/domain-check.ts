// Whether a custom domain points at this installation: its CNAME names the site's own address (or
// the base domain), or its A/AAAA records are the base domain's. Lookups time out after a few
// seconds; a domain that does not resolve yet is "not pointing here", never an error.
import { promises as dns } from "node:dns";

export type DomainCheck = { pointsHere: boolean; found: string[] };

const withTimeout = <T>(p: Promise<T>, ms: number, fallback: T) =>
  Promise.race([p.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);

export async function checkDomain(domain: string, target: string, baseDomain: string, ms = 4000): Promise<DomainCheck> {
  const bare = (h: string) => h.toLowerCase().replace(/\.$/, "").replace(/:\d+$/, "");
  const [cnames, v4, v6, base4, base6] = await Promise.all([
    withTimeout(dns.resolveCname(domain), ms, [] as string[]),
    withTimeout(dns.resolve4(domain), ms, [] as string[]),
    withTimeout(dns.resolve6(domain), ms, [] as string[]),
    withTimeout(dns.resolve4(bare(baseDomain)), ms, [] as string[]),
    withTimeout(dns.resolve6(bare(baseDomain)), ms, [] as string[]),
  ]);
  const wanted = new Set([bare(target), bare(baseDomain)]);
  const byName = cnames.some((c) => wanted.has(bare(c)));
  const ours = new Set([...base4, ...base6]);
  const byAddress = ours.size > 0 && [...v4, ...v6].length > 0 && [...v4, ...v6].every((a) => ours.has(a));
  return { pointsHere: byName || byAddress, found: [...cnames.map((c) => `CNAME ${c}`), ...v4, ...v6] };
}
