import { Button, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Form, useNavigation } from "react-router";

/** The member's own name (1–80 characters), on this site and on their login. */
export function ProfileNameForm({ name, error }: { name: string; error?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "name";
  return (
    <Form method="post" noValidate aria-label={t("users.profile.nameTitle")}>
      <input type="hidden" name="intent" value="name" />
      <Stack gap="sm" maw={420}>
        <TextInput
          name="name"
          label={t("auth.name")}
          defaultValue={name}
          required
          maxLength={80}
          autoComplete="name"
          error={error ? t(error) : undefined}
          description={t("users.profile.nameHelp")}
        />
        <div>
          <Button type="submit" loading={busy}>
            {t("users.profile.saveName")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
