import { useTranslation } from "../../i18n/use-translation";
import { Stars } from "./stars";

/**
 * An average rating as read-only stars with the number and how many reviews it comes from. Plain
 * spans (`.course-rating` in site.css), so it fits the course page and the catalogue's cards alike.
 */
export function CourseRating({ rating, count }: { rating: number; count: number }) {
  const { t } = useTranslation();
  if (count === 0) {
    return <p className="course-rating-none">{t("catalog.noRatings")}</p>;
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of stars and figures, as before
    <div className="course-rating" role="group" aria-label={t("catalog.ratingLabel", { rating, count })}>
      <Stars value={Math.round(rating * 2) / 2} />
      <span className="course-rating-value" data-testid="course-rating">
        {rating.toFixed(1)}
      </span>
      <span className="course-rating-count">{t("catalog.reviewCount", { count })}</span>
    </div>
  );
}
