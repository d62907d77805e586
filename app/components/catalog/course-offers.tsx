import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { CourseOffer, OfferProduct } from "../../../core/course-offer";
import { offerPriceText } from "./price-label";

/**
 * Every way into a sold course: the products that grant it, and the memberships that include it
 * with the products that grant them. Shown when there is more than the main button's one way.
 */
export function CourseOffers({ offer, currency }: { offer: CourseOffer; currency: string }) {
  const { t, i18n } = useTranslation();
  if (offer.kind !== "sold") return null;
  const ways = offer.products.length + offer.memberships.reduce((n, m) => n + m.products.length, 0);
  if (ways <= 1 && offer.memberships.length === 0) return null;
  const line = (p: OfferProduct) => (
    <>
      <Anchor component={Link} to={`/product/${p.slug}`}>
        {p.title}
      </Anchor>{" "}
      <Text span fw={600}>
        {offerPriceText(t, p.price, currency, i18n.language)}
      </Text>
    </>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="course-offers-title" data-testid="course-offers">
      <Title order={2} size="h4" id="course-offers-title">
        {t("catalog.waysIn")}
      </Title>
      <List spacing="xs">
        {offer.products.map((p) => (
          <List.Item key={p.id}>{line(p)}</List.Item>
        ))}
        {offer.memberships.map((m) => (
          <List.Item key={m.id}>
            <Text span>{t("catalog.inMembership", { membership: m.title })}</Text>
            <List withPadding spacing={4}>
              {m.products.map((p) => (
                <List.Item key={p.id}>{line(p)}</List.Item>
              ))}
            </List>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
