import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../env";
import { clientAddress } from "./client-ip";

const appWith = (trustProxy: boolean) => new Hono<AppEnv>().get("/", (c) => c.text(clientAddress(c, trustProxy)));

describe("clientAddress", () => {
  it("behind a trusted proxy, is the entry the proxy appended (the last one)", async () => {
    const res = await appWith(true).request("/", { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" } });
    expect(await res.text()).toBe("203.0.113.7");
  });

  it("without TRUST_PROXY, ignores X-Forwarded-For entirely", async () => {
    const res = await appWith(false).request("/", {
      headers: { "x-forwarded-for": "6.6.6.6", "x-test-client-ip": "198.51.100.9" },
    });
    expect(await res.text()).toBe("198.51.100.9");
  });
});
