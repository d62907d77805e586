import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Form } from "react-router";

/** Search by name or e-mail and filter by role; a plain GET form, so the address can be shared. */
export function MembersFilter({ q, role, roles }: { q: string; role: string; roles: { name: string }[] }) {
  const { t } = useTranslation();
  return (
    <Form method="get" role="search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={t("users.searchLabel")}
          placeholder={t("users.searchPlaceholder")}
          defaultValue={q}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: "1 1 220px" }}
        />
        <NativeSelect
          name="role"
          label={t("users.role")}
          defaultValue={role}
          data={[
            { value: "", label: t("users.allRoles") },
            ...roles.map((r) => ({ value: r.name, label: t(`users.roles.${r.name}`, { defaultValue: r.name }) })),
          ]}
          style={{ flex: "0 1 180px" }}
        />
        <Button type="submit">{t("users.search")}</Button>
      </Group>
    </Form>
  );
}
