import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { useFetcher } from "react-router";
import { useToast } from "../hooks/use-toast";

type Result = { ok: boolean; intent: string; id?: string; messageKey?: string };

/**
 * A member's role with a save button. The owner's role is shown but fixed; a manager choosing a
 * role without manage_options for themself is told why it cannot be saved.
 */
export function MemberRoleForm({
  memberId,
  memberName,
  role,
  roles,
  isOwner,
}: {
  memberId: string;
  memberName: string;
  role: string;
  roles: { name: string }[];
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const fetcher = useFetcher<Result>();
  const [value, setValue] = useState(role);
  useEffect(() => setValue(role), [role]);
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok && result.intent === "role") {
      toast.show({ message: t("users.roleSaved", { name: memberName }), tone: "success" });
    }
  }, [fetcher.state, result, memberName, t, toast]);
  const roleLabel = (name: string) => t(`users.roles.${name}`, { defaultValue: name });
  if (isOwner) {
    return (
      <Text size="sm" data-testid="owner-role">
        {t("users.owner")}
      </Text>
    );
  }
  const error = result && !result.ok && result.intent === "role" ? t(result.messageKey ?? "errors.generic") : undefined;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="id" value={memberId} />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect
          name="role"
          size="xs"
          aria-label={t("users.roleFor", { name: memberName })}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          data={roles.map((r) => ({ value: r.name, label: roleLabel(r.name) }))}
          error={error}
        />
        <Button type="submit" size="xs" variant="light" loading={fetcher.state !== "idle"} disabled={value === role}>
          {t("users.changeRole")}
        </Button>
      </Group>
    </fetcher.Form>
  );
}
