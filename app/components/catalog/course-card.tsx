import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { responsiveImage } from "../../lib/images";
import { CourseRating } from "./course-rating";
import { priceLabelKey } from "./price-label";

export type CourseCardData = {
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  access: "free" | "private";
  instructor: { name: string; slug: string } | null;
  rating: number;
  reviews: number;
  students: number;
};

/** One course in the catalogue: image, title linking to the course, instructor, rating, students, price. */
export function CourseCard({ course }: { course: CourseCardData }) {
  const { t } = useTranslation();
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
          <Badge variant="light">{t(priceLabelKey(course))}</Badge>
        </Group>
      </Stack>
    </Card>
  );
}
