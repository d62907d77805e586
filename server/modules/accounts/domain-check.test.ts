// The custom-domain check (issue: site address): a domain points here when its CNAME names the site's
// own address or the base domain, or when all its addresses are the base domain's; a domain that does
// not resolve, resolves elsewhere, or whose lookups hang is "not pointing here", never an error.
import { beforeEach, describe, expect, it, vi } from "vitest";

type Records = Record<string, string[] | "hang">;
const dnsRecords = vi.hoisted(() => ({
  cname: {} as Records,
  a: {} as Records,
  aaaa: {} as Records,
}));

vi.mock("node:dns", () => {
  const lookup = (table: Records) => (name: string) => {
    const found = table[name];
    if (found === "hang") return new Promise<string[]>(() => {});
    if (!found) return Promise.reject(Object.assign(new Error(`queryA ENOTFOUND ${name}`), { code: "ENOTFOUND" }));
    return Promise.resolve(found);
  };
  return {
    promises: {
      resolveCname: lookup(dnsRecords.cname),
      resolve4: lookup(dnsRecords.a),
      resolve6: lookup(dnsRecords.aaaa),
    },
  };
});

const { checkDomain } = await import("./domain-check");

const DOMAIN = "learn.pottery.example";
const TARGET = "pottery.atrium.example";
const BASE = "atrium.example:8080";

beforeEach(() => {
  for (const table of Object.values(dnsRecords)) for (const key of Object.keys(table)) delete table[key];
  dnsRecords.a["atrium.example"] = ["203.0.113.10"];
  dnsRecords.aaaa["atrium.example"] = ["2001:db8::10"];
});

describe("checkDomain", () => {
  it("points here when the CNAME names the site's own address, in any case and with a final dot", async () => {
    dnsRecords.cname[DOMAIN] = ["Pottery.Atrium.Example."];
    expect(await checkDomain(DOMAIN, TARGET, BASE)).toEqual({
      pointsHere: true,
      found: ["CNAME Pottery.Atrium.Example."],
    });
  });

  it("points here when the CNAME names the base domain", async () => {
    dnsRecords.cname[DOMAIN] = ["atrium.example"];
    expect((await checkDomain(DOMAIN, TARGET, BASE)).pointsHere).toBe(true);
  });

  it("points here when every address of the domain is the base domain's", async () => {
    dnsRecords.a[DOMAIN] = ["203.0.113.10"];
    dnsRecords.aaaa[DOMAIN] = ["2001:db8::10"];
    expect(await checkDomain(DOMAIN, TARGET, BASE)).toEqual({
      pointsHere: true,
      found: ["203.0.113.10", "2001:db8::10"],
    });
  });

  it("does not point here when a CNAME names another host, or one address is elsewhere", async () => {
    dnsRecords.cname[DOMAIN] = ["shop.elsewhere.example"];
    expect((await checkDomain(DOMAIN, TARGET, BASE)).pointsHere).toBe(false);
    delete dnsRecords.cname[DOMAIN];
    dnsRecords.a[DOMAIN] = ["203.0.113.10", "198.51.100.7"];
    expect(await checkDomain(DOMAIN, TARGET, BASE)).toEqual({
      pointsHere: false,
      found: ["203.0.113.10", "198.51.100.7"],
    });
  });

  it("does not point here when the domain does not resolve, or the base domain has no address", async () => {
    expect(await checkDomain(DOMAIN, TARGET, BASE)).toEqual({ pointsHere: false, found: [] });
    dnsRecords.a[DOMAIN] = ["203.0.113.10"];
    delete dnsRecords.a["atrium.example"];
    delete dnsRecords.aaaa["atrium.example"];
    expect((await checkDomain(DOMAIN, TARGET, BASE)).pointsHere).toBe(false);
  });

  it("answers within the time allowed when a lookup hangs", async () => {
    dnsRecords.cname[DOMAIN] = "hang";
    dnsRecords.a[DOMAIN] = "hang";
    const started = Date.now();
    expect(await checkDomain(DOMAIN, TARGET, BASE, 50)).toEqual({ pointsHere: false, found: [] });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
