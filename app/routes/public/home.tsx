import { PlatformLanding } from "../../components/platform-landing";
import { SiteHomeHero } from "../../components/site-home-hero";
import { translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/home";

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.title ?? "Atrium" },
  { name: "description", content: data?.description },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const sitetitle = context.site.settings.sitetitle;
  const isPlatform = context.site.isPlatform;
  return {
    sitetitle,
    isPlatform,
    signedIn: Boolean(context.user),
    title: isPlatform ? `${sitetitle} · ${t("app.tagline")}` : sitetitle,
    description: isPlatform ? t("app.tagline") : t("site.welcome", { site: sitetitle }),
  };
}

/** `/`: the product's landing page on the platform, the site's home on a site. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.isPlatform ? (
    <PlatformLanding signedIn={loaderData.signedIn} />
  ) : (
    <SiteHomeHero sitetitle={loaderData.sitetitle} signedIn={loaderData.signedIn} />
  );
}
