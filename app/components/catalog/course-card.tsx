import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import type { CourseOffer } from "../../../core/course-offer";
import { responsiveImage } from "../../lib/images";
import { CourseRating } from "./course-rating";
import { offerLabel } from "./price-label";
import { RegularPrice } from "./regular-price";

export type CourseCardData = {
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  offer: CourseOffer;
  instructor: { name: string; slug: string } | null;
  rating: number;
  reviews: number;
  students: number;
};

/** One course in the catalogue: image, title linking to the course, instructor, rating, students, price. */
export function CourseCard({ course, currency }: { course: CourseCardData; currency: string }) {
  const { t, i18n } = useTranslation();
  const href = `/course/${course.slug}`;
  const image = course.image
    ? responsiveImage(course.image, { sizes: "(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw", maxWidth: 1200 })
    : null;
  return (
    <Card component="article" withBorder padding="md" radius="md" data-testid="course-card">
      {image ? (
        <Card.Section>
          <Link to={href} tabIndex={-1} aria-hidden>
            <img
              {...image}
              alt=""
              loading="lazy"
              style={{ width: "100%", aspectRatio: "16 / 9", objectFit: "cover", display: "block" }}
            />
          </Link>
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={image ? "md" : 0}>
        <Title order={2} size="h3">
          <Link to={href} style={{ color: "inherit", textDecoration: "none" }}>
            {course.title}
          </Link>
        </Title>
        {course.instructor ? (
          <Text size="sm" c="dimmed">
            {t("catalog.by", { name: course.instructor.name })}
          </Text>
        ) : null}
        {course.excerpt ? (
          <Text size="sm" lineClamp={3}>
            {course.excerpt}
          </Text>
        ) : null}
        <CourseRating rating={course.rating} count={course.reviews} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t("catalog.students", { count: course.students })}
          </Text>
          <Group gap={6}>
            <RegularPrice offer={course.offer} currency={currency} size="sm" />
            <Badge variant="light" data-testid="course-card-price">
              {offerLabel(t, course.offer, currency, i18n.language)}
            </Badge>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
