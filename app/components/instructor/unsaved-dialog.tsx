import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import type { Blocker } from "react-router";

/** The "leave with unsaved changes?" dialog for a blocked navigation. */
export function UnsavedDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={t("instructor.unsaved")}
      centered
    >
      <Text mb="md">{t("instructor.unsaved")}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t("instructor.stay")}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t("instructor.leave")}
        </Button>
      </Group>
    </Modal>
  );
}
