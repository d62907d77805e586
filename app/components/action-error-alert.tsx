import { Alert } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { errorOf } from "../lib/action-result";

/** The message a person reads for each error code an action answers; anything else is "failed". */
const MESSAGE_KEYS: Record<string, string> = {
  not_found: "errors.action.notFound",
  bad_request: "errors.action.badRequest",
  validation_failed: "errors.action.invalid",
  forbidden: "errors.action.forbidden",
  conflict: "errors.action.conflict",
  addon_inactive: "errors.action.addonInactive",
};

/** The error an action answered (its useActionData or a fetcher's data) as an alert; nothing otherwise. */
export function ActionErrorAlert({ result, mb = "md" }: { result: unknown; mb?: string }) {
  const { t } = useTranslation();
  const error = errorOf(result);
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb={mb} data-testid="action-error" data-code={error.code}>
      {t(MESSAGE_KEYS[error.code] ?? "errors.action.failed")}
    </Alert>
  );
}
