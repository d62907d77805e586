// /api/account/defaults for sites not on the special plan: the platform's own credentials, when an
// operator configured them (PLATFORM_DEFAULTS_<TYPE>), and only to the site's managers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { memberOf, siteWithOwner } from "./helpers";

describe("platform default credentials", () => {
  let t: TestPlatform;
  const vimeo = { client_id: "platform-client", token: "platform-token" };
  beforeAll(async () => {
    t = await startTestPlatform({ PLATFORM_DEFAULTS_VIMEO: JSON.stringify(vimeo) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("hands the configured credentials to a manager of a site on a shared plan", async () => {
    const { site, ownerCookie } = await siteWithOwner(t, "shared", { plan: PLAN_IDS.professional });
    const ask = (cookie: string, type: string) =>
      t.request(site.slug, "/api/account/defaults", { json: { account_id: site.accountId, type }, cookie });
    expect(await (await ask(ownerCookie, "vimeo")).json()).toEqual({ status: true, credentials: vimeo });
    expect(await (await ask(ownerCookie, "wistia")).json()).toEqual({ status: false });
    const student = await memberOf(t, site, "student");
    expect((await ask(student.cookie, "vimeo")).status).toBe(403);
  });
});
