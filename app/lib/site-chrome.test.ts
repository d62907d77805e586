import { describe, expect, it } from "vitest";
import { ZAccountNotices } from "../../core/account";
import { buildSiteChrome, type ChromeSource } from "./site-chrome";

const source = (over: Partial<ChromeSource> = {}): ChromeSource => ({
  settings: {
    sitetitle: "School",
    currency: "USD",
    logo: "",
    dark_logo: "",
    logo_width: 8,
    notices: ZAccountNotices.parse({}),
  },
  menus: { header: [], mobile: [] },
  header: {},
  footer: {},
  theme: {},
  misc: {},
  ...over,
});
const options = { slug: "school", accountId: "a", pathname: "/", adminToolbar: false };

describe("buildSiteChrome (layout and site-admin previews)", () => {
  it("keeps the platform's font and colour when the theme names none", () => {
    expect(buildSiteChrome(source(), options).theme).toEqual({
      fontFamily: null,
      fontStylesheet: null,
      primaryColor: null,
    });
  });

  it("loads a known font from the platform and uses a safe primary colour only", () => {
    const chrome = buildSiteChrome(source({ theme: { font: "poppins", colors: { primary: "#aa3366" } } }), options);
    expect(chrome.theme).toEqual({
      fontFamily: "'Poppins', sans-serif",
      fontStylesheet: "/fonts/poppins.css",
      primaryColor: "#aa3366",
    });
    const unsafe = buildSiteChrome(
      source({ theme: { font: "comic", colors: { primary: "red;background:url(x)" } } }),
      options,
    );
    expect(unsafe.theme).toEqual({ fontFamily: null, fontStylesheet: null, primaryColor: null });
  });

  it("logo width ×16; mobile menu falls back to the header menu; no scripts on sign-in pages", () => {
    const item = { id: "a", parent: null, data: { menuItem: { label: "A", item_url: "/a", item_type: "link" } } };
    const chrome = buildSiteChrome(source({ menus: { header: [item], mobile: [] }, misc: { scripts: "<b>x</b>" } }), {
      ...options,
      pathname: "/login",
    });
    expect(chrome.logoWidth).toBe(128);
    expect(chrome.menus.mobile.map((m) => m.label)).toEqual(["A"]);
    expect(chrome.scripts).toBe("");
  });
});
