import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useFetcher } from "react-router";

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

/** Delete with a confirmation dialog; the item goes only after "Delete" is pressed there. */
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
  // An action that refuses (a runAction failure) says why beside the button.
  const result = fetcher.data as { ok?: boolean; message?: string } | undefined;
  const failure = fetcher.state === "idle" && result?.ok === false && result.message ? result.message : null;
  return (
    <>
      <Button size="compact-sm" color="red" variant={variant} onClick={open} aria-label={ariaLabel}>
        {label}
      </Button>
      {failure ? (
        <Text size="xs" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <Modal opened={opened} onClose={close} title={dialogTitle} centered>
        <Text mb="md">{message}</Text>
        <fetcher.Form method="post" onSubmit={() => setTimeout(close, 0)}>
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
