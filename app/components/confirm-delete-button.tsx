import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { errorOf } from "../lib/action-result";
import { ActionErrorAlert } from "./action-error-alert";

type Props = {
  /** Posted as `id` with `intent=delete` to the current route's action. */
  id: string;
  label: string;
  /** The button's accessible name when the label alone does not say what goes. */
  ariaLabel?: string;
  dialogTitle: string;
  message: string;
  cancelLabel: string;
};

/**
 * Delete with a confirmation dialog; the item goes only after "Delete" is pressed there. When the
 * action refuses (another site's id, an item already gone), the dialog stays open with the message.
 */
export function ConfirmDeleteButton({ id, label, ariaLabel, dialogTitle, message, cancelLabel }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const refused = errorOf(fetcher.data) !== null;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && !refused) close();
  }, [fetcher.state, fetcher.data, refused, close]);
  return (
    <>
      <Button size="compact-sm" color="red" variant="subtle" onClick={open} aria-label={ariaLabel}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={dialogTitle} centered>
        <Text mb="md">{message}</Text>
        {busy ? null : <ActionErrorAlert result={fetcher.data} />}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {cancelLabel}
            </Button>
            <Button type="submit" color="red" loading={busy}>
              {label}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}
