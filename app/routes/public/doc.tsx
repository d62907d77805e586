import { Anchor, Container, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { PageRender } from "../../components/page-render";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/doc";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** One published doc of the platform (/docs/{slug}). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const doc = /^[a-z0-9-]{1,80}$/.test(slug) ? await context.services.pages.published("doc", slug) : null;
  if (!doc) throw new Response("Not found", { status: 404 });
  const siteName = context.site.settings.sitetitle;
  return {
    seo: {
      title: `${doc.title} · ${siteName}`,
      description: doc.description,
      url: canonicalUrl(request.url),
      image: absoluteUrl(request.url, doc.socialImage),
      type: "article" as const,
      siteName,
    },
    title: doc.title,
    document: doc.document,
  };
}

export default function Doc({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <article>
      <Container size="md" pt="md">
        <Anchor component={Link} to="/docs" size="sm">
          {t("pages.allDocs")}
        </Anchor>
        <Title order={1} mt="sm">
          {loaderData.title}
        </Title>
      </Container>
      <PageRender document={loaderData.document} />
    </article>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
