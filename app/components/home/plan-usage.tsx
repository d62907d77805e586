import { Anchor, Progress, Text } from "@mantine/core";
import { Link } from "react-router";
import { METER_LIMIT, UPGRADE_PATH } from "../../../core/plan-limits";
import type { UsageMeterKey } from "../../../core/plans";
import { useTranslation } from "../../i18n/use-translation";
import { routeExists } from "../../lib/implemented-routes";

type Line = { key: string; used: number; limit: number | null };
export type UsageData = { period: string; meters: Line[]; holdings: Line[] };

const MONTHLY_NAMES = new Set(["mau", "monthlyEmails"]);

/** From this share of a limit on, a meter is shown in the warning colour. */
export const NEAR_LIMIT = 0.8;

/**
 * The lines worth showing: what the site holds (members, courses, pages, media) and the monthly
 * meters a plan can limit; meters that only count (notifications, uploads) are left out.
 */
function linesOf(u: UsageData) {
  const meters = u.meters
    .filter((m) => METER_LIMIT[m.key as UsageMeterKey])
    .map((m) => ({ ...m, label: METER_LIMIT[m.key as UsageMeterKey] as string, monthly: true }));
  return [...u.holdings.map((h) => ({ ...h, label: h.key, monthly: false })), ...meters];
}

export function PlanUsage({ usage, plan }: { usage: UsageData; plan: string | null }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const amount = (key: string, v: number) =>
    key === "storage" ? t("home.usage.megabytes", { n: n.format(v) }) : n.format(v);
  return (
    <>
      <Text size="sm" data-testid="plan-name">
        {plan ? t("home.usage.plan", { plan: t(`plans.${plan}.label`) }) : t("home.usage.noPlan")}
      </Text>
      <ul className="usage-list" data-testid="usage-list">
        {linesOf(usage).map((line) => {
          const what = t(`plan.limits.${line.label}`);
          // mau and monthlyEmails say "monthly" in their own names.
          const name = line.monthly && !MONTHLY_NAMES.has(line.label) ? t("home.usage.monthly", { what }) : what;
          const used = amount(line.key, line.used);
          const capped = line.limit !== null;
          const share = capped ? (line.limit === 0 ? 1 : line.used / (line.limit as number)) : 0;
          const near = capped && share >= NEAR_LIMIT;
          const text = capped
            ? t("home.usage.usedOf", { used, limit: amount(line.key, line.limit as number) })
            : t("home.usage.unlimited", { used });
          return (
            <li key={`${line.monthly ? "m" : "h"}-${line.key}`} data-usage={line.key} data-near={near}>
              <div className="usage-line">
                <span>{name}</span>
                <span className={near ? "usage-near" : "muted"}>{text}</span>
              </div>
              {capped ? (
                <Progress
                  value={Math.min(100, share * 100)}
                  color={near ? "orange" : "teal"}
                  aria-label={`${name}: ${text}`}
                  size="sm"
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* Plans are changed on the billing screen; the link shows once that screen is built. */}
      {routeExists(UPGRADE_PATH, false) ? (
        <Anchor component={Link} to={UPGRADE_PATH} size="sm">
          {t("home.usage.billing")}
        </Anchor>
      ) : null}
    </>
  );
}
