import { Alert, Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { AddToCartButton, type CartProductView } from "../commerce/add-to-cart-button";

export type ViewerState = "visitor" | "member" | "enrolled";

/** The course page's one call to action: sign in, enrol, no seats left, or continue learning. */
export function CourseAction(props: {
  courseId: string;
  slug: string;
  viewer: ViewerState;
  access: "free" | "private";
  seatsLeft: number | null;
  /** A product that sells this course: bought through the cart instead of enrolling. */
  product?: CartProductView | null;
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
  } else if (props.product && props.access !== "free" && !full) {
    action = <AddToCartButton product={props.product} currency={props.currency ?? "USD"} />;
  } else if (props.viewer === "visitor") {
    action = (
      <Button component="a" href={`/login?redirect=${encodeURIComponent(`/course/${props.slug}`)}`} size="md">
        {t("catalog.signInToEnrol")}
      </Button>
    );
  } else if (full) {
    action = (
      <Button disabled size="md">
        {t("catalog.noSeats")}
      </Button>
    );
  } else if (props.access === "free") {
    action = (
      <Form method="post">
        <input type="hidden" name="intent" value="enrol" />
        <Button type="submit" size="md" loading={busy}>
          {t("catalog.enrol")}
        </Button>
      </Form>
    );
  } else {
    action = (
      <Button disabled size="md">
        {t("catalog.privateCourse")}
      </Button>
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
