import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { data, Link } from "react-router";
import { PageRender } from "../../components/page-render";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/page";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** A member-only page is personal: no shared cache (nor the page cache) may keep it. */
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

/**
 * A published page at /{slug}; a draft or an unknown address is a 404 for everyone. A page kept
 * for a membership's members shows them (and the site's managers) its content; anyone else gets
 * the "members only" notice with the products that give access.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = params.pageSlug ?? "";
  // "home" is shown at "/"; its own address points there.
  const page = /^[a-z0-9-]{1,80}$/.test(slug) ? await context.services.pages.published("page", slug) : null;
  if (!page) throw new Response("Not found", { status: 404 });
  const gate = await context.services.pages.gate(page.id);
  const siteName = context.site.settings.sitetitle;
  const seo = {
    title: `${page.title} · ${siteName}`,
    description: page.description,
    url: canonicalUrl(request.url, slug === "home" ? "/" : `/${slug}`),
    image: absoluteUrl(request.url, page.socialImage),
    siteName,
  };
  if (!gate.gated) return { seo, document: page.document, locked: null };
  const init = { headers: { "Cache-Control": "private, no-store" } };
  if (gate.allowed) return data({ seo, document: page.document, locked: null }, init);
  return data(
    {
      seo: { ...seo, description: "" },
      document: null,
      locked: {
        title: page.title,
        path: `/${slug}`,
        products: gate.products,
        signedIn: Boolean(context.user),
      },
    },
    init,
  );
}

type Locked = { title: string; path: string; products: { title: string; slug: string }[]; signedIn: boolean };

function MembersOnly({ locked }: { locked: Locked }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Paper withBorder p="lg" radius="md" maw={640} mx="auto" my="xl">
        <Stack gap="sm">
          <Group gap="xs">
            <IconLock size={20} aria-hidden />
            <Title order={1} size="h2">
              {locked.title}
            </Title>
          </Group>
          <Text fw={600}>{t("payments.membersOnly.title")}</Text>
          <Text>{t("payments.membersOnly.body")}</Text>
          {locked.products.length ? (
            <>
              <Text>{t("payments.membersOnly.products")}</Text>
              <ul>
                {locked.products.map((p) => (
                  <li key={p.slug}>
                    <Anchor component={Link} to={`/product/${p.slug}`}>
                      {p.title}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {!locked.signedIn ? (
            <Group>
              <Button component={Link} to={`/login?redirect=${encodeURIComponent(locked.path)}`} variant="default">
                {t("payments.membersOnly.signIn")}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Paper>
    </div>
  );
}

export default function PublicPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.locked) return <MembersOnly locked={loaderData.locked} />;
  return <PageRender document={loaderData.document} />;
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
