import { Alert } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import { planRefusal } from "../../lib/plan-limit";

/**
 * An appointment action's refusal as a sentence: a slot taken meanwhile, a member past the cut-off,
 * a plan without the feature; otherwise the server's own message (for example its validation).
 */
export function AppointmentError({ result }: { result: unknown }) {
  const { t } = useTranslation();
  const error = errorOf(result);
  if (!error) return null;
  const fields = Array.isArray(error.details) ? (error.details as { field?: string; message?: string }[]) : [];
  const plan = planRefusal(t, error);
  const text = fields.some((f) => f.message === "past_cutoff")
    ? t("appointments.errors.pastCutoff")
    : error.code === "conflict" && fields.some((f) => f.field === "start")
      ? t("appointments.errors.slotTaken")
      : plan
        ? plan.text
        : error.message;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="appointment-error">
      {text}
    </Alert>
  );
}
