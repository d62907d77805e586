import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";

/** Delete with a confirmation dialog; the page goes only after "Delete" is pressed there. */
export function DeletePageButton({ id, title, action }: { id: string; title: string; action?: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Button
        size="compact-sm"
        color="red"
        variant="subtle"
        onClick={open}
        aria-label={t("pages.deleteNamed", { title })}
      >
        {t("pages.delete")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("pages.confirmDeleteTitle")} centered>
        <Text mb="md">{t("pages.confirmDelete", { title })}</Text>
        <fetcher.Form method="post" action={action} onSubmit={() => setTimeout(close, 0)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("pages.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t("pages.delete")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}
