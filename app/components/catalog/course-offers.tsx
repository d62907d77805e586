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
      <Link to={`/product/${p.slug}`}>{p.title}</Link>{" "}
      <strong>{offerPriceText(t, p.price, currency, i18n.language)}</strong>
    </>
  );
  return (
    <section className="course-offers" aria-labelledby="course-offers-title" data-testid="course-offers">
      <h2 id="course-offers-title">{t("catalog.waysIn")}</h2>
      <ul className="course-offers-list">
        {offer.products.map((p) => (
          <li key={p.id}>{line(p)}</li>
        ))}
        {offer.memberships.map((m) => (
          <li key={m.id}>
            <span>{t("catalog.inMembership", { membership: m.title })}</span>
            <ul className="course-offers-sub">
              {m.products.map((p) => (
                <li key={p.id}>{line(p)}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
