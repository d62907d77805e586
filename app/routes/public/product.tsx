import { Anchor, Container, Group, List, Stack, Text, Title } from "@mantine/core";
import { CoverImage } from "../../components/cover-image";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { toMajor } from "../../../core/currency";
import { priceOf } from "../../../core/product";
import { RegularAmount } from "../../components/catalog/regular-price";
import { AddToCartButton } from "../../components/commerce/add-to-cart-button";
import { PriceText } from "../../components/shop/price-text";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/product";

export const meta = ({ data: d }: Route.MetaArgs) => [
  ...seoMeta(d?.seo),
  ...(d?.jsonLd ? [{ "script:ld+json": d.jsonLd }] : []),
];

/** A published product for everyone; a draft or another site's slug is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const shop = context.services.shop;
  let page: Awaited<ReturnType<typeof shop.productPage>>;
  try {
    page = await shop.productPage(params.slug);
  } catch (err) {
    if ((err as { code?: string })?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  }
  const { product } = page;
  const siteName = context.site.settings.sitetitle;
  const url = canonicalUrl(request.url);
  const image = absoluteUrl(request.url, product.image);
  const description = product.description.slice(0, 300);
  const regular = priceOf(product.metadata);
  // During a sale the page, and the cart it fills, carry the sale amount; checkout charges the
  // server's own reading of it.
  const price =
    regular && product.onSale && product.charged !== null ? { ...regular, amount: product.charged } : regular;
  return {
    seo: { title: `${product.title} · ${siteName}`, description, url, image, siteName },
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: product.title,
      description,
      url,
      ...(image ? { image } : {}),
      ...(price
        ? {
            offers: {
              "@type": "Offer",
              price: String(toMajor(price.amount, shop.currency)),
              priceCurrency: shop.currency,
              url,
            },
          }
        : {}),
    },
    product: {
      id: product.id,
      title: product.title,
      slug: product.slug,
      description: product.description,
      image: product.image,
      metadata: { ...product.metadata, price },
    },
    regularAmount: price && regular && price.amount < regular.amount ? regular.amount : null,
    courses: page.courses,
    memberships: page.memberships,
    currency: shop.currency,
  };
}

export default function ProductPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const p = d.product;
  const includes = d.courses.length + d.memberships.length > 0;
  return (
    <Container size="md" py="xl" component="article">
      <Stack gap="lg">
        {p.image ? <CoverImage src={p.image} /> : null}
        <Stack gap="xs">
          <Title order={1}>{p.title}</Title>
          <Group gap="xs" data-testid="product-price">
            {d.regularAmount !== null ? (
              <RegularAmount amount={d.regularAmount} currency={d.currency} size="lg" />
            ) : null}
            <PriceText metadata={p.metadata} currency={d.currency} size="xl" />
          </Group>
        </Stack>
        {p.description ? <Text style={{ whiteSpace: "pre-line" }}>{p.description}</Text> : null}
        {includes ? (
          <section aria-labelledby="product-includes">
            <Title order={2} size="h3" id="product-includes" mb="xs">
              {t("shop.includes")}
            </Title>
            <List spacing="xs">
              {d.courses.map((c) => (
                <List.Item key={c.id}>
                  {c.published ? (
                    <Anchor component={Link} to={`/course/${c.slug}`}>
                      {c.title}
                    </Anchor>
                  ) : (
                    c.title
                  )}
                </List.Item>
              ))}
              {d.memberships.map((m) => (
                <List.Item key={m.id}>{t("shop.membershipNamed", { title: m.title })}</List.Item>
              ))}
            </List>
          </section>
        ) : null}
        {priceOf(p.metadata) ? (
          <div>
            <AddToCartButton product={p} currency={d.currency} />
          </div>
        ) : null}
      </Stack>
    </Container>
  );
}
