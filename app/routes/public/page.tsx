import { PageRender } from "../../components/page-render";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/page";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** A published page at /{slug}; a draft or an unknown address is a 404 for everyone. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = params.pageSlug ?? "";
  // "home" is shown at "/"; its own address points there.
  const page = /^[a-z0-9-]{1,80}$/.test(slug) ? await context.services.pages.published("page", slug) : null;
  if (!page) throw new Response("Not found", { status: 404 });
  const siteName = context.site.settings.sitetitle;
  return {
    seo: {
      title: `${page.title} · ${siteName}`,
      description: page.description,
      url: canonicalUrl(request.url, slug === "home" ? "/" : `/${slug}`),
      image: absoluteUrl(request.url, page.socialImage),
      siteName,
    },
    document: page.document,
  };
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  return <PageRender document={loaderData.document} />;
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
