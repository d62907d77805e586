import { Group, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Stars } from "./stars";

/**
 * An average rating as read-only stars with the number and how many reviews it comes from.
 */
export function CourseRating({ rating, count }: { rating: number; count: number }) {
  const { t } = useTranslation();
  if (count === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("catalog.noRatings")}
      </Text>
    );
  }
  return (
    <Group gap={6} role="group" aria-label={t("catalog.ratingLabel", { rating, count })}>
      <Stars value={Math.round(rating * 2) / 2} />
      <Text size="sm" fw={600} data-testid="course-rating">
        {rating.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed">
        {t("catalog.reviewCount", { count })}
      </Text>
    </Group>
  );
}
