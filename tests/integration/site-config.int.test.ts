// Site configuration (spec §3 Account: settings, menus, header, footer, theme, misc.scripts) as the
// site-admin screens edit it: GET/PATCH /api/v1/site/config, merged part by part, validated with
// core's schemas, for managers only, and visible on the next request.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MenuItem } from "../../core/account";
import { accounts as accountsTable } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, expectNotAuthenticated, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cfg-a");
  B = await siteWithOwner(t, "cfg-b");
});
afterAll(async () => {
  await t?.close();
});

const patch = (s: SiteWithOwner, json: unknown, cookie = s.ownerCookie) =>
  t.request(s.site.slug, "/api/v1/site/config", { method: "PATCH", cookie, json });
const storedRow = async (accountId: string) =>
  (
    await withPlatform(t.database.db, (tx) =>
      tx.select().from(accountsTable).where(eq(accountsTable.accountId, accountId)),
    )
  )[0];

const menuItem = (id: string, label: string, content?: string): MenuItem => ({
  id,
  parent: null,
  data: {
    menuItem: {
      label,
      item_url: `/${id}`,
      item_type: content ? "megamenu" : "link",
      ...(content ? { mega_menu: { columnCount: 1, columns: [{ colSpan: 1, rowSpan: 1, content }] } } : {}),
    },
  },
});

describe("the API document", () => {
  it("describes the shells' endpoints, with core's configuration schema", async () => {
    const doc = await body(await t.request(A.site.slug, "/api/v1/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/site/config",
        "/notifications",
        "/notifications/{id}/read",
        "/notifications/read-all",
        "/presence",
        "/me/preferences",
      ]),
    );
    const patchBody = doc.paths["/site/config"].patch.requestBody.content["application/json"].schema;
    expect(Object.keys(patchBody.properties)).toEqual(["settings", "menus", "header", "footer", "theme", "misc"]);
  });
});

describe("GET /api/v1/site/config", () => {
  it("gives a manager the whole editable configuration with defaults, without plan or backend", async () => {
    const res = await t.request(A.site.slug, "/api/v1/site/config", { cookie: A.ownerCookie });
    expect(res.status).toBe(200);
    const config = await body(res);
    expect(Object.keys(config).sort()).toEqual(["footer", "header", "menus", "misc", "settings", "theme"]);
    expect(config.settings).toMatchObject({ sitetitle: A.site.settings.sitetitle, currency: "USD", logo_width: 8 });
    expect(config.settings).not.toHaveProperty("plan");
    expect(config.settings).not.toHaveProperty("backend");
    expect(config.header).toMatchObject({ header_style: "default", header_search: true });
    expect(config.misc).toEqual({ scripts: "", script_origins: [], frame_origins: [] });
  });
});

describe("PATCH /api/v1/site/config", () => {
  it("merges each part over the stored one, notices included, and the next request sees it", async () => {
    expect(
      (
        await patch(A, {
          settings: { logo: "/logo.svg", notices: { header_notice: "Sale!", enable_header_notice: false } },
          header: { header_fix: false },
          misc: { scripts: "<script>window.analytics = 1</script>" },
        })
      ).status,
    ).toBe(200);
    const res = await patch(A, {
      settings: { sitetitle: "Academy Two", notices: { enable_header_notice: true } },
      header: { header_search: false },
      menus: { header: [menuItem("courses", "Courses")] },
      theme: { bodyStyle: "boxed" },
    });
    expect(res.status).toBe(200);
    const config = await body(res);
    expect(config.settings).toMatchObject({ sitetitle: "Academy Two", logo: "/logo.svg" });
    expect(config.settings.notices).toMatchObject({ header_notice: "Sale!", enable_header_notice: true });
    expect(config.header).toMatchObject({ header_fix: false, header_search: false, header_cart: true });
    expect(config.menus.header.map((m: MenuItem) => m.id)).toEqual(["courses"]);
    expect(config.menus.mobile).toEqual([]);
    expect(config.theme.bodyStyle).toBe("boxed");
    expect(config.misc.scripts).toBe("<script>window.analytics = 1</script>");
    // The host cache was dropped: the public site view says so at once.
    expect((await body(await t.request(A.site.slug, "/api/v1/site"))).sitetitle).toBe("Academy Two");
    const row = await storedRow(A.site.accountId);
    expect(row.settings.plan).toBe(A.site.settings.plan); // untouched by the merge
    expect(row.header).toMatchObject({ header_fix: false, header_search: false });
  });

  it("sanitises HTML that pages render: notices, footer text blocks, mega-menu columns", async () => {
    const res = await patch(A, {
      settings: { notices: { footer_notice: '<b>Hi</b><img src=x onerror="alert(1)"><script>x()</script>' } },
      footer: {
        footer_columns: [
          { title: "About", type: "text", width: 4, data: '<a href="javascript:alert(1)">x</a><em>ok</em>' },
          { title: "Links", type: "links", width: 4, data: [{ label: "Blog", url: "/blog" }] },
        ],
      },
      menus: { mobile: [menuItem("mega", "More", "<p onclick='x()'>Col</p><iframe src='//evil'></iframe>")] },
    });
    expect(res.status).toBe(200);
    const config = await body(res);
    expect(config.settings.notices.footer_notice).toBe("<b>Hi</b>");
    expect(config.footer.footer_columns[0].data).toBe("<a>x</a><em>ok</em>");
    expect(config.footer.footer_columns[1].data).toEqual([{ label: "Blog", url: "/blog" }]);
    expect(config.menus.mobile[0].data.menuItem.mega_menu.columns[0].content).toBe("<p>Col</p>");
  });

  it("refuses plan, backend, unknown parts and bad values, naming the field, and writes nothing", async () => {
    const before = await storedRow(A.site.accountId);
    const cases: [unknown, string][] = [
      [{ settings: { plan: null } }, "settings.plan"],
      [{ settings: { backend: { url: "https://evil.example" } } }, "settings.backend"],
      [{ caps: { student: ["manage_options"] } }, "caps"],
      [{ settings: { sitetitle: "" } }, "settings.sitetitle"],
      [{ settings: { defaultLanguage: "xx" } }, "settings.defaultLanguage"],
      [{ settings: { notices: { surprise: true } } }, "settings.notices.surprise"],
      [{ header: { header_fontsize: 99 } }, "header.header_fontsize"],
      [{ settings: { sitetitle: "ok" }, theme: { bodyStyle: "tiny" } }, "theme.bodyStyle"],
    ];
    for (const [json, field] of cases) {
      const err = await expectError(await patch(A, json), 422, "validation_failed");
      expect((err.details as { field: string }[])[0].field, JSON.stringify(json)).toBe(field);
    }
    const after = await storedRow(A.site.accountId);
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it("is for managers: a student and an instructor get 403, nobody signed in 401, and nothing changes", async () => {
    const student = await memberOf(t, A.site, "student");
    const instructor = await memberOf(t, A.site, "instructor");
    const before = await storedRow(A.site.accountId);
    for (const cookie of [student.cookie, instructor.cookie]) {
      await expectError(await patch(A, { settings: { sitetitle: "Hijacked" } }, cookie), 403, "forbidden");
      await expectError(await t.request(A.site.slug, "/api/v1/site/config", { cookie }), 403, "forbidden");
    }
    await expectNotAuthenticated(await t.request(A.site.slug, "/api/v1/site/config", { method: "PATCH", json: {} }));
    expect((await storedRow(A.site.accountId)).settings).toEqual(before.settings);
  });

  it("another site's owner cannot touch this site: their cookie is no session here", async () => {
    const before = await storedRow(A.site.accountId);
    await expectNotAuthenticated(
      await t.request(A.site.slug, "/api/v1/site/config", {
        method: "PATCH",
        cookie: B.ownerCookie,
        json: { settings: { sitetitle: "Taken over" } },
      }),
    );
    // On their own host the same request changes only their own site.
    expect((await patch(B, { settings: { sitetitle: "B renamed" } })).status).toBe(200);
    expect((await storedRow(A.site.accountId)).settings).toEqual(before.settings);
    expect((await storedRow(B.site.accountId)).settings.sitetitle).toBe("B renamed");
  });
});
