import { useTranslation } from "../i18n/use-translation";
import { useNavigation } from "react-router";

/** The form's submit button, disabled and saying so while the request is under way. */
export function SubmitButton({ label, className }: { label: string; className?: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? t("auth.working") : label}
    </button>
  );
}
