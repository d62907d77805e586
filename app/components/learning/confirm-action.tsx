import { Button, Group, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useFetcher } from "react-router";

type Props = {
  intent: string;
  fields: Record<string, string>;
  label: string;
  title: string;
  message: string;
  cancelLabel: string;
  color?: string;
};

/** A button whose action runs only after the dialog's confirm (reset a student, remove a student). */
export function ConfirmAction({ intent, fields, label, title, message, cancelLabel, color = "red" }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  return (
    <>
      <Button size="compact-sm" color={color} variant="subtle" onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text mb="md">{message}</Text>
        <fetcher.Form method="post" onSubmit={() => setTimeout(close, 0)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={color} loading={fetcher.state !== "idle"}>
              {label}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}
