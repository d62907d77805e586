import { useTranslation } from "../i18n/use-translation";

/** A translated message in an alert box; nothing when there is no message. */
export function Notice({
  messageKey,
  tone = "error",
  testId,
}: {
  messageKey?: string | null;
  tone?: "error" | "ok";
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <p className={`alert ${tone}`} role={tone === "error" ? "alert" : "status"} data-testid={testId}>
      {t(messageKey)}
    </p>
  );
}
