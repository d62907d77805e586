import { Badge, Button, Card, Group, Image, Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { enrolmentStatusLabel } from "../../lib/enrolment-status";
import { safeImageSrc } from "../../lib/safe-url";

export type MyCourse = {
  courseId: string;
  title: string;
  image: string | null;
  progress: number;
  status: number;
  expiry: string;
  expired: boolean;
};

/** Enrolments without a course duration last ~27 years: no point showing that date. */
export const isOpenEnded = (expiry: string) => Date.parse(expiry) - Date.now() > 20 * 365 * 86400000;

/** One enrolment on /dashboard/courses: image, title, progress, status, expiry and Continue. */
export function CourseProgressCard({ course }: { course: MyCourse }) {
  const { t, i18n } = useTranslation();
  const image = safeImageSrc(course.image);
  const expiry = new Date(course.expiry);
  const farAway = isOpenEnded(course.expiry);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`course-${course.courseId}`}>
      {image ? (
        <Card.Section>
          <Image src={image} alt="" h={140} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="xs" mt={image ? "sm" : 0}>
        <Text fw={600} id={`course-${course.courseId}`}>
          {course.title}
        </Text>
        <Progress value={course.progress} aria-label={t("learning.progressLabel", { progress: course.progress })} />
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t("learning.percentComplete", { progress: course.progress })}</Text>
          <Badge variant="light">{enrolmentStatusLabel(course.status, t)}</Badge>
        </Group>
        {course.expired ? (
          <Badge color="red" variant="light">
            {t("learning.expired")}
          </Badge>
        ) : farAway ? null : (
          <Text size="xs" c="dimmed">
            {t("learning.expiresOn", { date: expiry.toLocaleDateString(i18n.language) })}
          </Text>
        )}
        <Button component={Link} to={`/dashboard/courses/${course.courseId}`} variant="light">
          {course.progress > 0 ? t("learning.continue") : t("learning.start")}
        </Button>
      </Stack>
    </Card>
  );
}
