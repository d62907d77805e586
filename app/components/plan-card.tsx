import type { Plan } from "../../core/plan-types";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { formatMoney } from "../lib/money";

/** The features a plan card lists, in this order, when the plan has them. */
const SHOWN_FEATURES = [
  "ai",
  "emails",
  "forms",
  "attendance",
  "commissions",
  "subscriptions",
  "gamification",
  "appointments",
  "single_session",
] as const;

/** One plan on the pricing section: price in USD (whole dollars), billing, trial, what it includes. */
export function PlanCard({ plan, highlighted }: { plan: Plan; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const options = plan.pricing.stripe ?? plan.pricing.paypal ?? {};
  const main = options.monthly ?? options.onetime;
  const annual = options.annual;
  const usd = (cents: number) => formatMoney(cents, "USD", i18n.language);
  const members = plan.limits.totalMembers;
  return (
    <article className={`plan-card${highlighted ? " highlighted" : ""}`} aria-labelledby={`plan-${plan.slug}`}>
      <h3 id={`plan-${plan.slug}`}>{t(`plans.${plan.slug}.label`)}</h3>
      <p className="muted plan-description">{t(`plans.${plan.slug}.description`)}</p>
      {main ? (
        <p className="plan-price">
          <strong>{usd(main.amount)}</strong>{" "}
          <span className="muted">{options.monthly ? t("pricing.perMonth") : t("pricing.once")}</span>
        </p>
      ) : null}
      {annual ? <p className="muted small-text">{t("pricing.orAnnual", { price: usd(annual.amount) })}</p> : null}
      {plan.trialDays > 0 ? <p className="plan-trial">{t("pricing.trial", { days: plan.trialDays })}</p> : null}
      <ul className="plan-features">
        {typeof members === "number" && members > 0 ? (
          <li>{t("pricing.members", { members: members.toLocaleString(i18n.language) })}</li>
        ) : null}
        {SHOWN_FEATURES.filter((f) => plan.features.includes(f)).map((f) => (
          <li key={f}>{t(`planFeatures.${f}`)}</li>
        ))}
        {plan.addons.length ? <li>{t("pricing.addons", { n: plan.addons.length })}</li> : null}
      </ul>
      <Link className={`button${highlighted ? "" : " secondary"}`} to="/signup">
        {plan.kind === "lifetime" ? t("pricing.buyLifetime") : t("pricing.start")}
      </Link>
    </article>
  );
}
