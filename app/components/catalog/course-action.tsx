import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { type CourseOffer, offerMetadata } from "../../../core/course-offer";
import { AddToCartButton } from "../commerce/add-to-cart-button";

export type ViewerState = "visitor" | "member" | "enrolled";

/**
 * The course page's one call to action: continue, no seats left, buy, not open, sign in, or enrol.
 * Plain links and buttons styled as the interface library's (`.pub-button` in site.css).
 */
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
      <Link to={`/dashboard/courses/${props.courseId}`} className="pub-button" data-size="md">
        {t("catalog.continue")}
      </Link>
    );
  } else if (full) {
    action = (
      <button type="button" className="pub-button" data-size="md" disabled>
        {t("catalog.noSeats")}
      </button>
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
      <button type="button" className="pub-button" data-size="md" disabled>
        {t("catalog.privateCourse")}
      </button>
    );
  } else if (props.viewer === "visitor") {
    action = (
      <a href={`/login?redirect=${encodeURIComponent(`/course/${props.slug}`)}`} className="pub-button" data-size="md">
        {t("catalog.signInToEnrol")}
      </a>
    );
  } else {
    action = (
      <Form method="post">
        <input type="hidden" name="intent" value="enrol" />
        <button type="submit" className="pub-button" data-size="md" disabled={busy} data-loading={busy || undefined}>
          <span className="pub-button-label">{t("catalog.enrol")}</span>
        </button>
      </Form>
    );
  }
  return (
    <div className="course-action">
      {action}
      {props.error ? (
        <p className="alert error" role="alert">
          {props.error === "seats" ? t("catalog.seatsError") : t("catalog.enrolFailed")}
        </p>
      ) : null}
    </div>
  );
}
