import { describe, expect, it } from "vitest";
import { webAppManifest, ZWebAppSettings } from "./web-app";

describe("a site's web app", () => {
  it("takes the site's title and icon where the app has none of its own", () => {
    const m = webAppManifest(ZWebAppSettings.parse({}), { sitetitle: "Clay & Kiln Academy", icon: "", language: "en" });
    expect(m).toMatchObject({
      name: "Clay & Kiln Academy",
      short_name: "Clay & Kiln",
      start_url: "/dashboard",
      display: "standalone",
      theme_color: "#1c7ed6",
      icons: [],
    });
  });

  it("uses the app's own name, colours and the site icon", () => {
    const app = ZWebAppSettings.parse({ name: "Kiln", shortName: "Kiln", themeColor: "#aa3300" });
    const m = webAppManifest(app, { sitetitle: "Clay", icon: "/media/1/icon.png", language: "de" });
    expect(m).toMatchObject({ name: "Kiln", short_name: "Kiln", lang: "de", theme_color: "#aa3300" });
    expect(m.icons).toEqual([{ src: "/media/1/icon.png", sizes: "any", purpose: "any" }]);
  });

  it("refuses a short name that would not fit and a colour that is not one, naming the field", () => {
    const r = ZWebAppSettings.safeParse({ shortName: "Far too long a name", themeColor: "blue" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(["shortName", "themeColor"]);
  });
});
