// A site's installable web app (its manifest): the name on the home screen, the colours of the
// window and splash screen, and the icon. Stored per site; what is not set comes from the site.
import { z } from "zod";

const HEX = /^#[0-9a-f]{6}$/i;

export const ZWebAppSettings = z.object({
  name: z.string().trim().max(60, "The app name is at most 60 characters").default(""),
  shortName: z.string().trim().max(12, "The short name is at most 12 characters, so it fits under an icon").default(""),
  themeColor: z.string().regex(HEX, "A colour such as #1c7ed6").default("#1c7ed6"),
  backgroundColor: z.string().regex(HEX, "A colour such as #ffffff").default("#ffffff"),
});
export type WebAppSettings = z.infer<typeof ZWebAppSettings>;

/** The Web App Manifest of a site (https://www.w3.org/TR/appmanifest/). */
export function webAppManifest(
  app: WebAppSettings,
  site: { sitetitle: string; icon: string; language: string },
): Record<string, unknown> {
  const name = app.name || site.sitetitle;
  return {
    name,
    short_name: app.shortName || name.slice(0, 12).trim(),
    lang: site.language,
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    theme_color: app.themeColor,
    background_color: app.backgroundColor,
    icons: site.icon ? [{ src: site.icon, sizes: "any", purpose: "any" }] : [],
  };
}
