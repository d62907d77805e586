import { describe, expect, it } from "vitest";
import type { Resolver } from "../email-check";
import { isDisposableDomain } from "./disposable";
import { checkAddress } from "./verify";

const mailDomains = (domains: string[]): Resolver => ({
  resolveMx: async (d) => (domains.includes(d) ? [{ exchange: `mx.${d}`, priority: 10 }] : []),
  resolve4: async () => [],
  resolve6: async () => [],
});

describe("checkAddress", () => {
  it("refuses a malformed address by the §5 rule", async () => {
    expect(await checkAddress("not-an-address", { dns: false })).toEqual({ status: false, reason: "syntax" });
    expect(await checkAddress("a@b", { dns: false })).toEqual({ status: false, reason: "syntax" });
  });

  it("refuses a throw-away domain, and its subdomains, whatever the case", async () => {
    expect(await checkAddress("Someone@Mailinator.com", { dns: false })).toEqual({
      status: false,
      reason: "disposable",
    });
    expect(isDisposableDomain("eu.yopmail.com")).toBe(true);
    expect(isDisposableDomain("notyopmail.com")).toBe(false);
  });

  it("with the DNS check on, refuses a domain that receives no mail", async () => {
    const resolver = mailDomains(["school.org"]);
    expect(await checkAddress("x@nowhere.org", { dns: true, resolver })).toEqual({
      status: false,
      reason: "no_mail_domain",
    });
    expect(await checkAddress(" First.Last+news@School.org ", { dns: true, resolver })).toEqual({
      status: true,
      reason: "ok",
    });
  });
});
