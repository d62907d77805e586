import { Alert } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

/** What a home panel says when its figures could not be read (the rest of the page still shows). */
export function PanelError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      {t("home.panelError")}
    </Alert>
  );
}
