import { Alert, Button, Card, Group, Rating, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { CourseRating } from "./course-rating";
import { Stars } from "./stars";

export type ReviewView = { id: string; rating: number; title: string; review: string; author: string; mine: boolean };

/** The reviews of a course with their average, and for an enrolled student the form to write or edit theirs. */
export function CourseReviews(props: {
  reviews: ReviewView[];
  rating: number;
  count: number;
  canReview: boolean;
  /** Site managers see a delete button on each review. */
  canModerate?: boolean;
  myReview: ReviewView | null;
  error?: { field?: string; message: string } | null;
  saved?: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [rating, setRating] = useState(props.myReview?.rating ?? 0);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review";
  return (
    <Stack gap="md" component="section" aria-labelledby="reviews-heading">
      <Title order={2} id="reviews-heading">
        {t("catalog.reviews")}
      </Title>
      <CourseRating rating={props.rating} count={props.count} />
      {props.canReview ? (
        <Card withBorder padding="md" radius="md">
          <Form method="post">
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="rating" value={rating} />
            <Stack gap="sm">
              <Title order={3} size="h5">
                {props.myReview ? t("catalog.editReview") : t("catalog.writeReview")}
              </Title>
              <div>
                <Text size="sm" fw={500} id="rating-label">
                  {t("catalog.ratingField")}
                </Text>
                <Rating value={rating} onChange={setRating} aria-labelledby="rating-label" />
                {props.error?.field === "rating" ? (
                  <Text size="xs" c="red">
                    {t("catalog.ratingRequired")}
                  </Text>
                ) : null}
              </div>
              <TextInput
                name="title"
                label={t("catalog.reviewTitle")}
                required
                maxLength={120}
                defaultValue={props.myReview?.title ?? ""}
                error={props.error?.field === "title" ? t("catalog.titleRequired") : undefined}
              />
              <Textarea
                name="review"
                label={t("catalog.reviewText")}
                maxLength={5000}
                autosize
                minRows={3}
                defaultValue={props.myReview?.review ?? ""}
              />
              {props.error && props.error.field !== "rating" && props.error.field !== "title" ? (
                <Alert color="red" role="alert">
                  {props.error.field === "review" ? t("catalog.reviewTooLong") : t("catalog.reviewFailed")}
                </Alert>
              ) : null}
              {props.saved ? (
                <Alert color="green" role="status">
                  {t("catalog.reviewSaved")}
                </Alert>
              ) : null}
              <Group>
                <Button type="submit" loading={busy}>
                  {t("catalog.saveReview")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      ) : null}
      {props.reviews.length === 0 ? (
        <Text c="dimmed">{t("catalog.noReviews")}</Text>
      ) : (
        <Stack gap="sm" data-testid="course-reviews">
          {props.reviews.map((r) => (
            <Card key={r.id} withBorder padding="sm" radius="md" component="article">
              <Group gap="xs">
                <Stars value={r.rating} size="xs" label={t("catalog.stars", { count: r.rating })} />
                <Text fw={600}>{r.title}</Text>
              </Group>
              {r.review ? (
                <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>
                  {r.review}
                </Text>
              ) : null}
              <Group justify="space-between" mt={4}>
                <Text size="xs" c="dimmed">
                  {r.author}
                </Text>
                {props.canModerate ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="deleteReview" />
                    <input type="hidden" name="reviewId" value={r.id} />
                    <Button type="submit" size="compact-xs" variant="subtle" color="red">
                      {t("catalog.deleteReview")}
                    </Button>
                  </Form>
                ) : null}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
