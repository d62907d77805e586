import { lazy, Suspense } from "react";
import { PageRender } from "../../components/page-render";
import { SiteHomeHero } from "../../components/site-home-hero";
import { translatorFor } from "../../lib/i18n.server";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/home";

// Only the platform's own site shows the product's landing page; a school's home never downloads it.
const PlatformLanding = lazy(() =>
  import("../../components/platform-landing").then((m) => ({ default: m.PlatformLanding })),
);

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

export async function loader({ context, request }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  const sitetitle = context.site.settings.sitetitle;
  const isPlatform = context.site.isPlatform;
  // A published page with the slug "home" replaces the default home (the platform's landing too).
  const home = await context.services.pages.published("page", "home");
  const url = canonicalUrl(request.url, "/");
  return {
    sitetitle,
    isPlatform,
    signedIn: Boolean(context.user),
    document: home?.document ?? null,
    seo: home
      ? {
          title: home.title === sitetitle ? sitetitle : `${home.title} · ${sitetitle}`,
          description: home.description,
          url,
          image: absoluteUrl(request.url, home.socialImage),
          siteName: sitetitle,
        }
      : {
          title: isPlatform ? `${sitetitle} · ${t("app.tagline")}` : sitetitle,
          description: isPlatform ? t("app.tagline") : t("site.welcome", { site: sitetitle }),
          url,
          siteName: sitetitle,
        },
  };
}

/** `/`: the site's "home" page when it has one; otherwise the product's landing page or the site's default home. */
export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.document) return <PageRender document={loaderData.document} />;
  return loaderData.isPlatform ? (
    <Suspense fallback={null}>
      <PlatformLanding signedIn={loaderData.signedIn} />
    </Suspense>
  ) : (
    <SiteHomeHero sitetitle={loaderData.sitetitle} signedIn={loaderData.signedIn} />
  );
}
