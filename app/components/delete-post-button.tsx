import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";

/** Delete with a confirmation dialog; the post goes only after "Delete" is pressed there. */
export function DeletePostButton({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Button size="compact-sm" color="red" variant="subtle" onClick={open}>
        {t("blog.editor.delete")}
      </Button>
      <Modal opened={opened} onClose={close} title={t("blog.editor.confirmDeleteTitle")} centered>
        <Text mb="md">{t("blog.editor.confirmDelete", { title })}</Text>
        <fetcher.Form method="post" onSubmit={() => setTimeout(close, 0)}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {t("blog.editor.delete")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}
