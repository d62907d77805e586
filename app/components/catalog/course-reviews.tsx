import { useId, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { CourseRating } from "./course-rating";
import { Stars } from "./stars";

export type ReviewView = { id: string; rating: number; title: string; review: string; author: string; mine: boolean };

const STAR = "M12 2.5l2.94 6.06 6.56.95-4.75 4.63 1.12 6.54-5.87-3.08-5.87 3.08 1.12-6.54-4.75-4.63 6.56-.95z";

/**
 * The rating a student gives: five radio buttons named "1" to "5" in a fieldset, each drawn as a
 * star by its label; the stars up to the chosen one are filled. Arrow keys move between them as
 * in any radio group.
 */
function StarInput({
  value,
  onChange,
  legend,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  legend: string;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="star-input" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="star-input-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="star-input-star" data-filled={n <= value || undefined}>
            <input
              type="radio"
              id={`${id}-${n}`}
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="visually-hidden"
            />
            <label htmlFor={`${id}-${n}`} className="star-input-label">
              <span className="visually-hidden">{n}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={STAR} />
              </svg>
            </label>
          </span>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

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
  const titleError = props.error?.field === "title";
  return (
    <section className="course-reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t("catalog.reviews")}</h2>
      <CourseRating rating={props.rating} count={props.count} />
      {props.canReview ? (
        <div className="course-card-box">
          <Form method="post" className="public-form review-form">
            <input type="hidden" name="intent" value="review" />
            <h3>{props.myReview ? t("catalog.editReview") : t("catalog.writeReview")}</h3>
            <StarInput
              value={rating}
              onChange={setRating}
              legend={t("catalog.ratingField")}
              error={props.error?.field === "rating" ? t("catalog.ratingRequired") : undefined}
            />
            <label>
              <span>
                {t("catalog.reviewTitle")}
                <span className="public-form-required" aria-hidden="true">
                  {" "}
                  *
                </span>
              </span>
              <input
                name="title"
                required
                maxLength={120}
                defaultValue={props.myReview?.title ?? ""}
                aria-invalid={titleError || undefined}
                aria-describedby={titleError ? "review-title-error" : undefined}
              />
              {titleError ? (
                <span className="field-error" id="review-title-error">
                  {t("catalog.titleRequired")}
                </span>
              ) : null}
            </label>
            <label>
              <span>{t("catalog.reviewText")}</span>
              <textarea name="review" maxLength={5000} rows={3} defaultValue={props.myReview?.review ?? ""} />
            </label>
            {props.error && props.error.field !== "rating" && props.error.field !== "title" ? (
              <p className="alert error" role="alert">
                {props.error.field === "review" ? t("catalog.reviewTooLong") : t("catalog.reviewFailed")}
              </p>
            ) : null}
            {props.saved ? (
              <p className="alert ok" role="status">
                {t("catalog.reviewSaved")}
              </p>
            ) : null}
            <button type="submit" className="pub-button" disabled={busy} data-loading={busy || undefined}>
              <span className="pub-button-label">{t("catalog.saveReview")}</span>
            </button>
          </Form>
        </div>
      ) : null}
      {props.reviews.length === 0 ? (
        <p className="course-muted">{t("catalog.noReviews")}</p>
      ) : (
        <div className="course-review-list" data-testid="course-reviews">
          {props.reviews.map((r) => (
            <article key={r.id} className="course-card-box course-review">
              <div className="course-review-head">
                <Stars value={r.rating} size="xs" label={t("catalog.stars", { count: r.rating })} />
                <strong>{r.title}</strong>
              </div>
              {r.review ? <p className="course-review-text">{r.review}</p> : null}
              <div className="course-review-foot">
                <span>{r.author}</span>
                {props.canModerate ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="deleteReview" />
                    <input type="hidden" name="reviewId" value={r.id} />
                    <button type="submit" className="pub-button" data-variant="subtle-red" data-size="compact-xs">
                      {t("catalog.deleteReview")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
