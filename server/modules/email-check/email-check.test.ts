import { describe, expect, it } from "vitest";
import { checkEmail, type Resolver } from ".";

const resolver = (records: Record<string, { mx?: number; a?: number }>): Resolver => ({
  resolveMx: async (d) => Array.from({ length: records[d]?.mx ?? 0 }, () => ({ exchange: `mx.${d}`, priority: 10 })),
  resolve4: async (d) => Array.from({ length: records[d]?.a ?? 0 }, () => "192.0.2.1"),
  resolve6: async () => {
    throw new Error("ENODATA");
  },
});

describe("checkEmail", () => {
  it("applies the §5 format rule before anything else", async () => {
    expect(await checkEmail("a@b", { dns: false })).toBe(false);
    expect(await checkEmail("first.last+tag@school.org", { dns: false })).toBe(true);
  });

  it("with the DNS check on, needs the domain to receive mail (MX, or at least an address)", async () => {
    const r = resolver({ "mx.org": { mx: 1 }, "a-only.org": { a: 1 } });
    expect(await checkEmail("x@mx.org", { dns: true, resolver: r })).toBe(true);
    expect(await checkEmail("x@a-only.org", { dns: true, resolver: r })).toBe(true);
    expect(await checkEmail("x@nothing.org", { dns: true, resolver: r })).toBe(false);
  });
});
