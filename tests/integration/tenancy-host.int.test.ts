// Which site answers a request is decided by its Host alone: a slug under the base domain, the base
// domain itself (the platform's own site), or a custom domain; changes take effect at once. A request
// target naming another host than the Host header is refused; X-Forwarded-Host counts only from a
// trusted proxy.
import { connect } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { body, expectError, siteWithOwner, uniqueEmail, uniqueSlug } from "./helpers";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(async () => {
  await t?.close();
});

/** A request to any URL, as a browser on that host would send it. */
const at = (url: string, init?: RequestInit) => t.app.request(url, init);
const siteAt = async (url: string) => {
  const res = await at(url);
  return { status: res.status, site: res.status === 200 ? await body(res) : null };
};

describe("host resolution", () => {
  it("an unknown subdomain is a 404: JSON under /api, an HTML page elsewhere", async () => {
    const slug = uniqueSlug("nobody");
    await expectError(await at(`http://${slug}.${TEST_BASE}/api/v1/site`), 404, "not_found");
    await expectError(await at(`http://${slug}.${TEST_BASE}/api/auth/get-session`), 404, "not_found");
    const page = await at(`http://${slug}.${TEST_BASE}/courses`);
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("No site is served at this address");
    // Nested subdomains and unrelated hosts are not sites either.
    await expectError(await at(`http://a.b.${TEST_BASE}/api/v1/site`), 404, "not_found");
    await expectError(await at("http://127.0.0.1:3000/api/v1/site"), 404, "not_found");
  });

  it("the base domain is the platform's own site; its slug is not reachable as a subdomain", async () => {
    const { status, site } = await siteAt(`http://${TEST_BASE}/api/v1/site`);
    expect(status).toBe(200);
    expect(site).toMatchObject({ isPlatform: true, slug: "www" });
    expect((await at(`http://www.${TEST_BASE}/api/v1/site`)).status).toBe(404);
  });

  it("a site's subdomain resolves to that site, whatever the case of the host", async () => {
    const { site } = await siteWithOwner(t, "host");
    expect((await siteAt(`http://${site.slug}.${TEST_BASE}/api/v1/site`)).site).toMatchObject({
      accountId: site.accountId,
      isPlatform: false,
    });
    expect(
      (await siteAt(`http://${site.slug.toUpperCase()}.${TEST_BASE.toUpperCase()}/api/v1/site`)).site?.accountId,
    ).toBe(site.accountId);
  });
});

describe("custom domains", () => {
  it("a custom domain set with accounts.update serves that site", async () => {
    const { site } = await siteWithOwner(t, "custom");
    // Asked before it is connected: unknown, and that answer must not stick.
    expect((await at("http://school.example.org/api/v1/site")).status).toBe(404);
    const updated = await accounts.update(t.database.db, site.accountId, { domain: "School.Example.org" });
    expect(updated.domain).toBe("school.example.org");
    for (const url of [
      "http://school.example.org/api/v1/site",
      "http://school.example.org:3000/api/v1/site",
      "http://SCHOOL.example.org/api/v1/site",
    ]) {
      const { status, site: seen } = await siteAt(url);
      expect({ url, status, accountId: seen?.accountId, domain: seen?.domain }).toEqual({
        url,
        status: 200,
        accountId: site.accountId,
        domain: "school.example.org",
      });
    }
    // The subdomain keeps working too.
    expect((await siteAt(`http://${site.slug}.${TEST_BASE}/api/v1/site`)).site?.accountId).toBe(site.accountId);
  });

  it("an invalid domain is refused with validation_failed and nothing changes", async () => {
    const { site } = await siteWithOwner(t, "baddomain");
    await accounts.update(t.database.db, site.accountId, { domain: "academy.example.net" });
    for (const bad of ["not a domain", "x.toolongtld", "http://academy.example.com/path", "-lead.example.com"]) {
      await expect(accounts.update(t.database.db, site.accountId, { domain: bad }), bad).rejects.toMatchObject({
        code: "validation_failed",
        details: [expect.objectContaining({ field: "domain" })],
      });
    }
    const { site: seen } = await siteAt("http://academy.example.net/api/v1/site");
    expect(seen).toMatchObject({ accountId: site.accountId, domain: "academy.example.net" });
  });

  it("two sites cannot share a domain or a slug: conflict, naming the field", async () => {
    const first = await siteWithOwner(t, "dom-one");
    const second = await siteWithOwner(t, "dom-two");
    await accounts.update(t.database.db, first.site.accountId, { domain: "shared.example.com" });
    await expect(
      accounts.update(t.database.db, second.site.accountId, { domain: "Shared.Example.com" }),
    ).rejects.toMatchObject({
      code: "conflict",
      details: [expect.objectContaining({ field: "domain" })],
    });
    await expect(
      accounts.update(t.database.db, second.site.accountId, { slug: first.site.slug }),
    ).rejects.toMatchObject({
      code: "conflict",
      details: [expect.objectContaining({ field: "slug" })],
    });
    expect((await siteAt("http://shared.example.com/api/v1/site")).site?.accountId).toBe(first.site.accountId);
    expect((await siteAt(`http://${second.site.slug}.${TEST_BASE}/api/v1/site`)).site?.domain).toBeNull();
  });
});

describe("changing a site's address", () => {
  it("after a slug change the old host is 404 and the new one resolves at once", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "renamed");
    const newSlug = uniqueSlug("renamed-to");
    // Warm the cache for both hosts: the old one resolves, the new one is unknown.
    expect((await siteAt(`http://${site.slug}.${TEST_BASE}/api/v1/site`)).status).toBe(200);
    expect((await siteAt(`http://${newSlug}.${TEST_BASE}/api/v1/site`)).status).toBe(404);

    await accounts.update(t.database.db, site.accountId, { slug: newSlug });

    await expectError(await at(`http://${site.slug}.${TEST_BASE}/api/v1/site`), 404, "not_found");
    const { status, site: seen } = await siteAt(`http://${newSlug}.${TEST_BASE}/api/v1/site`);
    expect(status).toBe(200);
    expect(seen).toMatchObject({ accountId: site.accountId, slug: newSlug });
    // A slug that could not be a host name is refused, and the site keeps its address.
    for (const bad of ["Bad Slug!", "www", "a.b", "ab"]) {
      await expect(accounts.update(t.database.db, site.accountId, { slug: bad }), bad).rejects.toMatchObject({
        code: "validation_failed",
        details: [expect.objectContaining({ field: "slug" })],
      });
    }
    expect((await siteAt(`http://${newSlug}.${TEST_BASE}/api/v1/site`)).status).toBe(200);
    // The owner's session was opened on the same site, so it still counts on the new host.
    expect((await t.request(newSlug, "/api/v1/me", { cookie: ownerCookie })).status).toBe(200);
  });
});

/** One raw HTTP/1.1 exchange with the started server, exactly as written (absolute-form targets too). */
function rawRequest(port: number, head: string, body = ""): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [statusLine] = data.split("\r\n");
      resolve({ status: Number(statusLine.split(" ")[1]), body: data.slice(data.indexOf("\r\n\r\n") + 4) });
    });
    const length = body ? `\r\nContent-Length: ${Buffer.byteLength(body)}` : "";
    socket.write(`${head}${length}\r\nConnection: close\r\n\r\n${body}`);
  });
}

describe("one source for the host", () => {
  it("a request target naming another site than the Host header is refused, not answered by either", async () => {
    const a = await siteWithOwner(t, "target-a");
    const b = await siteWithOwner(t, "target-b");
    const hostA = `${a.site.slug}.${TEST_BASE}`;
    const hostB = `${b.site.slug}.${TEST_BASE}`;
    await expectError(await at(`http://${hostB}/api/v1/site`, { headers: { host: hostA } }), 400, "bad_request");
    await expectError(
      await at(`http://${hostB}/api/auth/get-session`, { headers: { host: hostA, cookie: b.ownerCookie } }),
      400,
      "bad_request",
    );
    const agreeing = await at(`http://${hostA}/api/v1/site`, { headers: { host: hostA.toUpperCase() } });
    expect((await body(agreeing)).accountId).toBe(a.site.accountId);
  });

  it("over a real socket, an absolute-form target with another Host is refused; origin-form works", async () => {
    const a = await siteWithOwner(t, "socket-a");
    const b = await siteWithOwner(t, "socket-b");
    const hostA = `${a.site.slug}.${TEST_BASE}`;
    const hostB = `${b.site.slug}.${TEST_BASE}`;
    const confused = await rawRequest(t.port, `GET http://${hostB}/api/v1/site HTTP/1.1\r\nHost: ${hostA}`);
    expect(confused.status).toBe(400);
    expect(confused.body).not.toContain(b.site.accountId);
    expect(confused.body).not.toContain(a.site.accountId);

    const plain = await rawRequest(t.port, `GET /api/v1/site HTTP/1.1\r\nHost: ${hostB}`);
    expect(plain.status).toBe(200);
    expect(plain.body).toContain(b.site.accountId);
    const absoluteAgreeing = await rawRequest(t.port, `GET http://${hostB}/api/v1/site HTTP/1.1\r\nHost: ${hostB}`);
    expect(absoluteAgreeing.status).toBe(200);
    expect(absoluteAgreeing.body).toContain(b.site.accountId);
  });

  it("without TRUST_PROXY, X-Forwarded-Host is ignored: the Host header decides", async () => {
    const a = await siteWithOwner(t, "noproxy-a");
    const b = await siteWithOwner(t, "noproxy-b");
    const res = await rawRequest(
      t.port,
      `GET /api/v1/site HTTP/1.1\r\nHost: ${a.site.slug}.${TEST_BASE}\r\nX-Forwarded-Host: ${b.site.slug}.${TEST_BASE}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toContain(a.site.accountId);
    expect(res.body).not.toContain(b.site.accountId);
  });
});

describe("behind a trusted proxy (TRUST_PROXY=true)", () => {
  let proxied: TestPlatform;
  beforeAll(async () => {
    proxied = await startTestPlatform({ TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it("the proxy's X-Forwarded-Host names the site, and every link the site makes uses that host", async () => {
    const { site } = await siteWithOwner(proxied, "proxied");
    const host = `${site.slug}.${TEST_BASE}`;
    const upstream = `127.0.0.1:${proxied.port}`;
    const seen = await rawRequest(
      proxied.port,
      `GET /api/v1/site HTTP/1.1\r\nHost: ${upstream}\r\nX-Forwarded-Host: ${host}`,
    );
    expect(seen.status).toBe(200);
    expect(seen.body).toContain(site.accountId);

    const email = uniqueEmail("proxied");
    const signedUp = await rawRequest(
      proxied.port,
      `POST /api/auth/sign-up/email HTTP/1.1\r\nHost: ${upstream}\r\nX-Forwarded-Host: ${host}\r\nContent-Type: application/json`,
      JSON.stringify({ name: "Pia Proxied", email, password: "a-long-password-1" }),
    );
    expect(signedUp.status).toBe(200);
    const [mail] = await withPlatform(proxied.database.db, (tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "verify_email"))),
    );
    expect(mail.accountId).toBe(site.accountId);
    expect(new URL(mail.text.match(/https?:\/\/\S+/)![0]).host).toBe(host);
  });
});
