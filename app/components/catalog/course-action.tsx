import { Alert, Button, Stack } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { type CourseOffer, offerMetadata } from "../../../core/course-offer";
import { AddToCartButton } from "../commerce/add-to-cart-button";

export type ViewerState = "visitor" | "member" | "enrolled";

/** The course page's one call to action: continue, no seats left, buy, not open, sign in, or enrol. */
export function CourseAction(props: {
  courseId: string;
  slug: string;
  viewer: ViewerState;
  seatsLeft: number | null;
  /** How the course is offered: a sold one is bought through the cart (its cheapest way in). */
  offer: CourseOffer;
  currency?: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "enrol";
  const full = props.seatsLeft !== null && props.seatsLeft <= 0;
  let action: React.ReactNode;
  if (props.viewer === "enrolled") {
    action = (
      <Button component={Link} to={`/dashboard/courses/${props.courseId}`} size="md">
        {t("catalog.continue")}
      </Button>
    );
  } else if (full) {
    action = (
      <Button disabled size="md">
        {t("catalog.noSeats")}
      </Button>
    );
  } else if (props.offer.kind === "sold") {
    const { cheapest } = props.offer;
    action = (
      <AddToCartButton
        product={{ id: cheapest.id, title: cheapest.title, image: cheapest.image, metadata: offerMetadata(cheapest) }}
        currency={props.currency ?? "USD"}
      />
    );
  } else if (props.offer.kind === "private") {
    action = (
      <Button disabled size="md">
        {t("catalog.privateCourse")}
      </Button>
    );
  } else if (props.viewer === "visitor") {
    action = (
      <Button component="a" href={`/login?redirect=${encodeURIComponent(`/course/${props.slug}`)}`} size="md">
        {t("catalog.signInToEnrol")}
      </Button>
    );
  } else {
    action = (
      <Form method="post">
        <input type="hidden" name="intent" value="enrol" />
        <Button type="submit" size="md" loading={busy}>
          {t("catalog.enrol")}
        </Button>
      </Form>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      {action}
      {props.error ? (
        <Alert color="red" role="alert">
          {props.error === "seats" ? t("catalog.seatsError") : t("catalog.enrolFailed")}
        </Alert>
      ) : null}
    </Stack>
  );
}
