import { describe, expect, it } from "vitest";
import { verifySignature } from "../webhooks";
import { addressRefusal, postAutomationWebhook, type Resolve, targetRefusal } from "./webhook";

const resolveTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

describe("the automation webhook address guard", () => {
  it.each([
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["169.254.169.254", "linkLocal"],
    ["0.0.0.0", "unspecified"],
    ["100.64.0.1", "carrierGradeNat"],
    ["::1", "loopback"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
  ])("refuses %s (%s)", (ip, range) => {
    expect(addressRefusal(ip, false)).toBe(`${range} address`);
  });

  it("lets public addresses through", () => {
    expect(addressRefusal("93.184.216.34", false)).toBeNull();
    expect(addressRefusal("2606:2800:220:1:248:1893:25c8:1946", false)).toBeNull();
  });

  it("lets loopback through only when allowed, and never private ranges", () => {
    expect(addressRefusal("127.0.0.1", true)).toBeNull();
    expect(addressRefusal("::1", true)).toBeNull();
    expect(addressRefusal("::ffff:127.0.0.1", true)).toBeNull();
    expect(addressRefusal("10.0.0.1", true)).toBe("private address");
    expect(addressRefusal("169.254.169.254", true)).toBe("linkLocal address");
  });

  it("checks literal IPs in URLs, bracketed IPv6 included", async () => {
    expect(await targetRefusal("http://10.0.0.5/hook", { allowLoopback: false })).toMatch(/10\.0\.0\.5 is a private/);
    expect(await targetRefusal("http://[::1]:8080/hook", { allowLoopback: false })).toMatch(/loopback/);
    expect(await targetRefusal("http://[fe80::1]/hook", { allowLoopback: false })).toMatch(/linkLocal/);
    expect(await targetRefusal("http://169.254.169.254/latest", { allowLoopback: true })).toMatch(/linkLocal/);
  });

  it("checks every address a name resolves to", async () => {
    expect(
      await targetRefusal("https://hooks.example.com/x", { allowLoopback: false, resolve: resolveTo("10.2.3.4") }),
    ).toMatch(/resolves to 10\.2\.3\.4, a private address/);
    expect(
      await targetRefusal("https://hooks.example.com/x", {
        allowLoopback: false,
        resolve: resolveTo("93.184.216.34", "fc00::2"),
      }),
    ).toMatch(/fc00::2/);
    expect(
      await targetRefusal("https://hooks.example.com/x", { allowLoopback: false, resolve: resolveTo("93.184.216.34") }),
    ).toBeNull();
  });

  it("refuses other schemes and names that do not resolve", async () => {
    expect(await targetRefusal("ftp://example.com/x", { allowLoopback: false })).toMatch(/only http/);
    const failing: Resolve = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    expect(await targetRefusal("https://nowhere.example/x", { allowLoopback: false, resolve: failing })).toMatch(
      /does not resolve \(ENOTFOUND\)/,
    );
  });

  it("never posts to a refused address", async () => {
    const body = {
      id: "r1",
      automation: { id: "a1", name: "A" },
      trigger: "tag_added",
      event: {},
      person: { userId: null, email: null },
      sent_at: new Date().toISOString(),
    };
    await expect(
      postAutomationWebhook("https://inside.example/x", body, {
        secret: "s",
        allowLoopback: false,
        resolve: resolveTo("10.0.0.9"),
      }),
    ).rejects.toThrow(/refused/);
  });
});

describe("the automation webhook signature", () => {
  it("is verifiable with the site's secret and no other", async () => {
    const { createServer } = await import("node:http");
    let header = "";
    let raw = "";
    const server = createServer((req, res) => {
      header = String(req.headers["atrium-signature"]);
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => res.writeHead(204).end());
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    try {
      const body = {
        id: "run-1",
        automation: { id: "a1", name: "Welcome" },
        trigger: "tag_added",
        event: { tag: "vip" },
        person: { userId: "u1", email: "a@example.org" },
        sent_at: new Date().toISOString(),
      };
      const said = await postAutomationWebhook(`http://127.0.0.1:${port}/hook`, body, {
        secret: "whsec_test",
        allowLoopback: true,
      });
      expect(said).toBe("webhook answered 204");
      expect(JSON.parse(raw)).toEqual(body);
      expect(verifySignature("whsec_test", header, raw)).toBe(true);
      expect(verifySignature("whsec_other", header, raw)).toBe(false);
    } finally {
      server.close();
    }
  });
});
