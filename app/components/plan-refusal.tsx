import { Alert, Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { errorOf } from "../lib/action-result";
import { planRefusal } from "../lib/plan-limit";

/**
 * A refusal the site's plan caused (plan_limit, plan_required), as a sentence naming the limit or
 * feature and the plan that lifts it, with a link to billing; nothing for any other answer.
 */
export function PlanRefusal({ result, mb = "md" }: { result: unknown; mb?: string }) {
  const { t } = useTranslation();
  const refusal = planRefusal(t, errorOf(result));
  if (!refusal) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      mb={mb}
      title={t("plan.refusedTitle")}
      data-testid="plan-refusal"
    >
      {refusal.text}{" "}
      <Anchor component={Link} to={refusal.upgrade} fw={600}>
        {t("plan.upgrade")}
      </Anchor>
    </Alert>
  );
}
