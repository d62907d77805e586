import {
  IconBrandStripe,
  IconCertificate,
  IconDeviceLaptop,
  IconLanguage,
  IconMessages,
  IconPalette,
  IconSchool,
  IconShoppingBag,
  IconSpeakerphone,
  IconTrophy,
  IconUsersGroup,
  IconWorld,
} from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { PLANS } from "../../core/plans";
import { PlanCard } from "./plan-card";

const FEATURES = [
  { key: "courses", Icon: IconSchool },
  { key: "shop", Icon: IconShoppingBag },
  { key: "community", Icon: IconMessages },
  { key: "marketing", Icon: IconSpeakerphone },
  { key: "site", Icon: IconPalette },
  { key: "certificates", Icon: IconCertificate },
  { key: "gamification", Icon: IconTrophy },
  { key: "languages", Icon: IconLanguage },
  { key: "payments", Icon: IconBrandStripe },
] as const;

const USE_CASES = [
  { key: "academies", Icon: IconSchool },
  { key: "coaches", Icon: IconDeviceLaptop },
  { key: "communities", Icon: IconUsersGroup },
  { key: "companies", Icon: IconWorld },
] as const;

/** The product's own home page: what it is, who it is for, what it does, what it costs. */
export function PlatformLanding({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="landing">
      <section className="landing-hero" id="product">
        <p className="eyebrow">{t("landing.eyebrow")}</p>
        <h1>{t("landing.title")}</h1>
        <p className="lead">{t("landing.subtitle")}</p>
        <div className="actions">
          {signedIn ? (
            <Link className="button large" to="/dashboard">
              {t("nav.dashboard")}
            </Link>
          ) : (
            <>
              <Link className="button large" to="/signup">
                {t("landing.cta")}
              </Link>
              <a className="button large secondary" href="#pricing">
                {t("landing.seePricing")}
              </a>
            </>
          )}
        </div>
        <p className="muted small-text">{t("landing.ctaNote")}</p>
      </section>

      <section className="landing-section" id="use-cases" aria-labelledby="use-cases-title">
        <h2 id="use-cases-title">{t("landing.useCases.title")}</h2>
        <div className="card-grid four">
          {USE_CASES.map(({ key, Icon }) => (
            <article key={key} className="feature-card">
              <Icon size={28} aria-hidden className="feature-icon" />
              <h3>{t(`landing.useCases.${key}.title`)}</h3>
              <p className="muted">{t(`landing.useCases.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section alt" id="features" aria-labelledby="features-title">
        <h2 id="features-title">{t("landing.features.title")}</h2>
        <p className="section-lead muted">{t("landing.features.lead")}</p>
        <div className="card-grid three">
          {FEATURES.map(({ key, Icon }) => (
            <article key={key} className="feature-card">
              <Icon size={28} aria-hidden className="feature-icon" />
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p className="muted">{t(`landing.features.${key}.text`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section" id="pricing" aria-labelledby="pricing-title">
        <h2 id="pricing-title">{t("pricing.title")}</h2>
        <p className="section-lead muted">{t("pricing.lead")}</p>
        <div className="card-grid four plans">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} highlighted={plan.slug === "professional"} />
          ))}
        </div>
      </section>

      <section className="landing-cta">
        <h2>{t("landing.finalTitle")}</h2>
        <p>{t("landing.finalText")}</p>
        <Link className="button large" to={signedIn ? "/dashboard" : "/signup"}>
          {signedIn ? t("nav.dashboard") : t("landing.cta")}
        </Link>
      </section>
    </div>
  );
}
