import { Button, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { IconMailPlus } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFetcher } from "react-router";
import { useToast } from "../hooks/use-toast";

type Result = {
  ok: boolean;
  intent: string;
  messageKey?: string;
  field?: string;
  email?: string;
};

/** Invite by e-mail: optional name, address and role. The invitee joins by accepting the e-mailed link. */
export function InviteMemberForm({ roles, defaultRole }: { roles: { name: string }[]; defaultRole: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data?.intent === "invite" ? fetcher.data : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok) return;
    formRef.current?.reset();
    toast.show({
      message: t("users.invite.sent", { email: result.email }),
      tone: "success",
    });
  }, [fetcher.state, result, t, toast]);
  const errorFor = (field: string) =>
    result && !result.ok && (result.field ?? "email") === field ? t(result.messageKey ?? "errors.generic") : undefined;
  return (
    <fetcher.Form method="post" ref={formRef} noValidate aria-label={t("users.invite.title")}>
      <input type="hidden" name="intent" value="invite" />
      <Stack gap="sm" maw={480}>
        <Text size="sm" c="dimmed">
          {t("users.invite.help")}
        </Text>
        <TextInput
          name="name"
          label={t("users.invite.name")}
          autoComplete="off"
          maxLength={80}
          error={errorFor("name")}
        />
        <TextInput
          name="email"
          type="email"
          label={t("users.invite.email")}
          required
          autoComplete="off"
          error={errorFor("email")}
        />
        <NativeSelect
          name="role"
          label={t("users.role")}
          defaultValue={defaultRole}
          data={roles.map((r) => ({ value: r.name, label: t(`users.roles.${r.name}`, { defaultValue: r.name }) }))}
          error={errorFor("role")}
        />
        <div>
          <Button type="submit" leftSection={<IconMailPlus size={16} aria-hidden />} loading={fetcher.state !== "idle"}>
            {t("users.invite.submit")}
          </Button>
        </div>
      </Stack>
    </fetcher.Form>
  );
}
