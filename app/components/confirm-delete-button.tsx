import { Alert, Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { errorOf } from "../lib/action-result";
import { ActionErrorAlert } from "./action-error-alert";

type Props = {
  /** Posted as `id` (one field per id) with the intent to the current route's action. */
  id: string | readonly string[];
  /** `delete` unless told (`bulk-delete` for several rows). */
  intent?: string;
  /** The opening button's look: a quiet one in a row, a filled one in a bulk bar. */
  variant?: "subtle" | "filled";
  label: string;
  /** The button's accessible name when the label alone does not say what goes. */
  ariaLabel?: string;
  dialogTitle: string;
  message: string;
  cancelLabel: string;
};

/**
 * Delete with a confirmation dialog; the items go only after "Delete" is pressed there. When the
 * action refuses (another site's id, an item already gone, a rule of the screen's own), the dialog
 * stays open with the reason.
 */
export function ConfirmDeleteButton({
  id,
  intent = "delete",
  variant = "subtle",
  label,
  ariaLabel,
  dialogTitle,
  message,
  cancelLabel,
}: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data as { ok?: boolean; message?: string } | undefined;
  // A screen's own refusal ({ ok: false, message }) as opposed to the one error shape.
  const ownRefusal = result?.ok === false && result.message && errorOf(result) === null ? result.message : null;
  const refused = errorOf(fetcher.data) !== null || result?.ok === false;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data !== undefined && !refused) close();
  }, [fetcher.state, fetcher.data, refused, close]);
  return (
    <>
      <Button size="compact-sm" color="red" variant={variant} onClick={open} aria-label={ariaLabel}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={dialogTitle} centered>
        <Text mb="md">{message}</Text>
        {busy ? null : <ActionErrorAlert result={fetcher.data} />}
        {!busy && ownRefusal ? (
          <Alert color="red" variant="light" role="alert" mb="md">
            {ownRefusal}
          </Alert>
        ) : null}
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={intent} />
          {(typeof id === "string" ? [id] : id).map((one) => (
            <input key={one} type="hidden" name="id" value={one} />
          ))}
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
