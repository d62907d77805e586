import { CoverImage } from "../../components/cover-image";
import { useTranslation } from "../../i18n/use-translation";
import { data, Link, redirect } from "react-router";
import { DAY, HOUR, MINUTE, WEEK } from "../../../core/course-duration";
import { currencyOf, toMajor } from "../../../core/currency";
import { CourseAction } from "../../components/catalog/course-action";
import { CourseOffers } from "../../components/catalog/course-offers";
import { CourseOutline } from "../../components/catalog/course-outline";
import { CourseRating } from "../../components/catalog/course-rating";
import { CourseReviews } from "../../components/catalog/course-reviews";
import { offerLabel } from "../../components/catalog/price-label";
import { RegularPrice } from "../../components/catalog/regular-price";
import { WishlistButton } from "../../components/catalog/wishlist-button";
import { absoluteUrl, canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/course";

export const meta = ({ data: d }: Route.MetaArgs) => [
  ...seoMeta(d?.seo),
  ...(d?.jsonLd ? [{ "script:ld+json": d.jsonLd }] : []),
];

/** A published course for everyone; a draft or another site's slug is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  let course: Awaited<ReturnType<typeof context.services.catalog.course>>;
  try {
    course = await context.services.catalog.course(params.slug);
  } catch (err) {
    if ((err as { code?: string })?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  }
  const siteName = context.site.settings.sitetitle;
  const url = canonicalUrl(request.url);
  const image = absoluteUrl(request.url, course.image);
  const currency = currencyOf(context.site.settings.currency).code;
  const offer = course.offer;
  return {
    seo: { title: `${course.title} · ${siteName}`, description: course.summary, url, image, siteName },
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Course",
      name: course.title,
      description: course.summary,
      url,
      ...(image ? { image } : {}),
      provider: { "@type": "Organization", name: siteName, sameAs: new URL(request.url).origin },
      ...(offer.kind === "sold"
        ? {
            offers: {
              "@type": "Offer",
              category: offer.cheapest.price.type === "subscription" ? "Subscription" : "Paid",
              price: String(toMajor(offer.cheapest.price.amount, currency)),
              priceCurrency: currency,
              url: new URL(`/product/${offer.cheapest.slug}`, request.url).href,
            },
          }
        : offer.kind === "free"
          ? { offers: { "@type": "Offer", category: "Free", price: "0", priceCurrency: currency } }
          : {}),
      ...(course.reviewCount
        ? {
            aggregateRating: {
              "@type": "AggregateRating",
              ratingValue: course.rating,
              reviewCount: course.reviewCount,
            },
          }
        : {}),
    },
    course,
    canModerate: context.services.catalog.canModerate,
    currency,
    saved: context.user && context.member ? await context.services.learning.wishlist.has(course.id) : false,
    viewer: (course.viewer?.enrolled ? "enrolled" : context.user && context.member ? "member" : "visitor") as
      | "visitor"
      | "member"
      | "enrolled",
  };
}

/** Enrol (then straight to the player) or write a review; errors come back to the page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (!context.user) return redirect(`/login?redirect=${encodeURIComponent(`/course/${params.slug}`)}`);
  const course = await context.services.catalog.course(params.slug).catch(() => null);
  if (!course) throw new Response("Not found", { status: 404 });
  try {
    if (intent === "wishlist") {
      const save = form.get("save") === "1";
      if (save) await context.services.learning.wishlist.add(course.id);
      else await context.services.learning.wishlist.remove(course.id);
      return { intent, saved: save, error: null };
    }
    if (intent === "enrol") {
      await context.services.catalog.enrol(course.id);
      return redirect(`/dashboard/courses/${course.id}`);
    }
    if (intent === "review") {
      await context.services.catalog.review(course.id, {
        rating: Number(form.get("rating")),
        title: String(form.get("title") ?? ""),
        review: String(form.get("review") ?? ""),
      });
      return { intent, saved: true, error: null };
    }
    if (intent === "deleteReview") {
      await context.services.catalog.deleteReview(course.id, String(form.get("reviewId") ?? ""));
      return { intent, saved: false, error: null };
    }
  } catch (err) {
    const e = err as { code?: string; status?: number; message?: string; details?: { field?: string }[] };
    if (!e?.code || !e.status) throw err;
    return data(
      { intent, saved: false, error: { code: e.code, field: e.details?.[0]?.field, message: e.message ?? "" } },
      { status: e.status },
    );
  }
  throw new Response("Unknown action", { status: 400 });
}

const UNITS = [
  [WEEK, "weeks"],
  [DAY, "days"],
  [HOUR, "hours"],
  [MINUTE, "minutes"],
] as const;

/**
 * Drawn with plain elements and the `.public-article`/`.course-*` rules (site.css), not the
 * interface library: a visitor's first page then loads neither its scripts nor its style sheet
 * (decision 0072).
 */
export default function CoursePage({
  loaderData: { course, viewer, canModerate, currency, saved },
  actionData,
}: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const unit = course.duration ? UNITS.find(([s]) => s === course.duration?.parameter)?.[1] : null;
  const enrolError = actionData?.intent === "enrol" ? (actionData.error?.code ?? null) : null;
  const reviewError = actionData?.intent === "review" ? actionData.error : null;
  return (
    <article className="public-article course-page">
      <Link to="/course" className="back-link">
        ← {t("catalog.backToCourses")}
      </Link>
      {course.image ? <CoverImage src={course.image} /> : null}
      <div className="course-intro">
        <div className="course-title-row">
          <h1>{course.title}</h1>
          <WishlistButton slug={course.slug} saved={saved} signedIn={viewer !== "visitor"} />
        </div>
        {course.excerpt ? <p className="course-excerpt">{course.excerpt}</p> : null}
      </div>
      <div className="course-instructors">
        {course.instructors.map((i) => (
          <span key={i.userId} className="course-instructor">
            <span className="course-avatar">
              <img src={`/avatars/${i.userId}/avatar.jpg`} alt="" width={26} height={26} />
            </span>
            <Link to={`/members/${i.slug}`} className="course-instructor-link">
              {i.name}
            </Link>
          </span>
        ))}
      </div>
      <div className="course-facts">
        <CourseRating rating={course.rating} count={course.reviewCount} />
        <span>{t("catalog.students", { count: course.students })}</span>
        {course.seatsLeft !== null ? (
          <span data-testid="seats-left">{t("catalog.seatsLeft", { count: course.seatsLeft })}</span>
        ) : null}
        {course.duration && unit ? (
          <span>{t(`catalog.duration.${unit}`, { count: course.duration.value })}</span>
        ) : null}
        <RegularPrice offer={course.offer} currency={currency} />
        <span className="course-badge" data-testid="course-price">
          {offerLabel(t, course.offer, currency, i18n.language)}
        </span>
      </div>
      <CourseAction
        courseId={course.id}
        slug={course.slug}
        viewer={viewer}
        seatsLeft={course.seatsLeft}
        offer={course.offer}
        currency={currency}
        error={enrolError}
      />
      {viewer === "enrolled" ? null : <CourseOffers offer={course.offer} currency={currency} />}
      {course.description ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: course HTML is sanitised when it is saved
        <div className="course-description prose" dangerouslySetInnerHTML={{ __html: course.description }} />
      ) : null}
      <hr className="course-divider" />
      <h2>{t("catalog.curriculum")}</h2>
      <CourseOutline outline={course.outline} itemCount={course.itemCount} />
      <hr className="course-divider" />
      <CourseReviews
        reviews={course.reviews}
        rating={course.rating}
        count={course.reviewCount}
        canReview={viewer === "enrolled"}
        canModerate={canModerate}
        myReview={course.viewer?.myReview ?? null}
        error={reviewError}
        saved={actionData?.intent === "review" && actionData.saved}
      />
    </article>
  );
}
