import { Button, Group, Modal, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFetcher } from "react-router";
import { useToast } from "../hooks/use-toast";

type Result = { ok: boolean; intent: string; id?: string; messageKey?: string };

/** Removing a member from the site, after a confirmation that names them. */
export function RemoveMemberButton({
  memberId,
  memberName,
  action,
  compact = false,
}: {
  memberId: string;
  memberName: string;
  /** Where the form posts (the detail screen redirects back to the list afterwards). */
  action?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const [open, setOpen] = useState(false);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || result.intent !== "remove") return;
    if (result.ok) {
      setOpen(false);
      toast.show({ message: t("users.removed", { name: memberName }), tone: "success" });
    }
  }, [fetcher.state, result, memberName, t, toast]);
  const error = result && !result.ok && result.intent === "remove" ? t(result.messageKey ?? "errors.generic") : null;
  return (
    <>
      <Button
        size={compact ? "xs" : "sm"}
        color="red"
        variant="subtle"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={t("users.removeNamed", { name: memberName })}
      >
        {t("users.remove")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("users.removeTitle")} centered>
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={memberId} />
          <Text mb="md">{t("users.removeConfirm", { name: memberName })}</Text>
          {error ? (
            <Text c="red" role="alert" mb="md">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" color="red" loading={fetcher.state !== "idle"} data-autofocus>
              {t("users.removeYes")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}
