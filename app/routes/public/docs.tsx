import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { translatorFor } from "../../lib/i18n.server";
import { canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/docs";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** The platform's published docs (/docs); other sites have none. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.site.isPlatform) throw new Response("Not found", { status: 404 });
  const t = translatorFor(context, request);
  const siteName = context.site.settings.sitetitle;
  const docs = await context.services.pages.publishedDocs();
  return {
    seo: {
      title: `${t("pages.docsPublicTitle")} · ${siteName}`,
      description: t("pages.docsPublicLead"),
      url: canonicalUrl(request.url),
      siteName,
    },
    docs: docs.map((d) => ({ slug: d.slug, title: d.title, description: d.description })),
  };
}

export default function Docs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Title order={1}>{t("pages.docsPublicTitle")}</Title>
      <Text c="dimmed" mb="lg">
        {t("pages.docsPublicLead")}
      </Text>
      {loaderData.docs.length === 0 ? (
        <p className="muted empty-state">{t("pages.docsPublicEmpty")}</p>
      ) : (
        <Stack component="ul" gap="md" style={{ listStyle: "none", padding: 0 }}>
          {loaderData.docs.map((d) => (
            <li key={d.slug}>
              <Anchor component={Link} to={`/docs/${d.slug}`} fw={600}>
                {d.title}
              </Anchor>
              {d.description ? (
                <Text size="sm" c="dimmed">
                  {d.description}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      )}
    </Container>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
