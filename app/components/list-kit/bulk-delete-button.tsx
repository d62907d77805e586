import { useTranslation } from "../../i18n/use-translation";
import { ConfirmDeleteButton } from "../confirm-delete-button";

/** The bulk bar's delete: asks first, then posts `intent=bulk-delete` with every selected `id`. */
export function BulkDeleteButton({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  return (
    <ConfirmDeleteButton
      id={ids}
      intent="bulk-delete"
      variant="filled"
      label={t("listKit.deleteSelected")}
      dialogTitle={t("listKit.confirmBulkDeleteTitle", { count: ids.length })}
      message={t("listKit.confirmBulkDelete", { count: ids.length })}
      cancelLabel={t("common.cancel")}
    />
  );
}
