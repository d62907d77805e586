import { Alert } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { errorOf, refusalMessageKey } from "../lib/action-result";

/** The error an action answered (its useActionData or a fetcher's data) as an alert; nothing otherwise. */
export function ActionErrorAlert({ result, mb = "md" }: { result: unknown; mb?: string }) {
  const { t } = useTranslation();
  const error = errorOf(result);
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" mb={mb} data-testid="action-error" data-code={error.code}>
      {t(refusalMessageKey(error.code) ?? "errors.action.failed")}
    </Alert>
  );
}
