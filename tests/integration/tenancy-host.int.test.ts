// Which site answers a request is decided by its Host alone: a slug under the base domain, the base
// domain itself (the platform's own site), or a custom domain; changes take effect at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { body, expectError, siteWithOwner, uniqueSlug } from "./helpers";

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
