// The confirmation before a subscription replaces the cart's items (errors.subscriptionWarning).
// Loaded by AddToCartButton only when it is needed, so a page with the button does not carry the
// interface library's dialog.
import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

export function ReplaceCartDialog({ onKeep, onReplace }: { onKeep: () => void; onReplace: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onKeep} title={t("checkout.replaceTitle")} centered>
      <Text mb="md">{t("errors.subscriptionWarning")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onKeep}>
          {t("checkout.keepCart")}
        </Button>
        <Button onClick={onReplace}>{t("checkout.replaceCart")}</Button>
      </Group>
    </Modal>
  );
}
